import { Box, Button, Group, LoadingOverlay, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TKeyPeopleAnalytics } from '@ona/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { asValuesQuery, EVERYONE_TO_EVERYONE, sameQuery, type TAsValuesSelection } from './as-values-query.ts';
import { AsValuesResults } from './as-values-results.tsx';
import { GroupPicker } from './group-picker.tsx';
import { unitOptions, unitsInScope } from './key-people-filter.ts';
import { useKeyPeopleAsValues } from './key-people-api.ts';
import { useKeyPeopleErrorTexts } from './use-key-people-error-texts.ts';

/**
 * The "as values" analysis: pick a source and a target group, press Recalculate (spec §2, key people
 * sidebar), read how strongly the one names the other. The first view is everyone to everyone.
 */
export function AsValuesView({ engagementId, analytics }: { engagementId: number; analytics: TKeyPeopleAnalytics }) {
  const { t, i18n } = useTranslation('keyPeople');
  const [selection, setSelection] = useState<TAsValuesSelection>(EVERYONE_TO_EVERYONE);
  const [applied, setApplied] = useState(() => asValuesQuery(EVERYONE_TO_EVERYONE));
  const pending = asValuesQuery(selection);
  const values = useKeyPeopleAsValues(engagementId, applied);
  const errorTexts = useKeyPeopleErrorTexts();

  const collator = useMemo(() => new Intl.Collator(i18n.language, { sensitivity: 'base' }), [i18n.language]);
  const people = useMemo(
    () => analytics.results.map((result) => ({ value: String(result.employee.id), label: result.employee.name })).sort((a, b) => collator.compare(a.label, b.label)),
    [analytics.results, collator],
  );
  const units = useMemo(
    () => unitOptions(unitsInScope(analytics.units, analytics.results.map((result) => ({ unitId: result.unit })))).map((unit) => ({ value: String(unit.id), label: unit.name, depth: unit.depth })),
    [analytics.units, analytics.results],
  );

  return (
    <Stack gap="lg">
      <Text fz="sm" c="dimmed">
        {t('values.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <GroupPicker
          title={t('values.source')}
          side="source"
          people={people}
          units={units}
          users={selection.sourceUsers}
          unitIds={selection.sourceUnits}
          onChange={({ users, units: unitIds }) => setSelection({ ...selection, sourceUsers: users, sourceUnits: unitIds })}
        />
        <GroupPicker
          title={t('values.target')}
          side="target"
          people={people}
          units={units}
          users={selection.targetUsers}
          unitIds={selection.targetUnits}
          onChange={({ users, units: unitIds }) => setSelection({ ...selection, targetUsers: users, targetUnits: unitIds })}
        />
      </SimpleGrid>
      <Group>
        <Button onClick={() => (sameQuery(pending, applied) ? void values.refetch() : setApplied(pending))} disabled={sameQuery(pending, applied) && !values.isError} loading={values.isFetching} data-testid="as-values-recalculate">
          {t('values.recalculate')}
        </Button>
      </Group>
      {values.isError && <AnalyticsLoadProblem error={values.error} onRetry={() => void values.refetch()} texts={errorTexts} />}
      {!values.isError && !values.data && <CenteredLoader label={t('values.recalculating')} />}
      {!values.isError && values.data && (
        <Box pos="relative" data-testid="as-values-results" data-stale={values.isPlaceholderData ? 'true' : 'false'}>
          <LoadingOverlay visible={values.isPlaceholderData} overlayProps={{ blur: 1 }} loaderProps={{ size: 'md' }} />
          <AsValuesResults values={values.data} />
        </Box>
      )}
    </Stack>
  );
}
