import { Alert, Checkbox, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { TIE_STATUSES, type TTieDiff } from '@ona/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { useComparableJourneys } from '../wave-comparison/comparison-api.ts';
import { diffUnitOptions } from './diff-focus.ts';
import { DiffLineSample } from './diff-legend.tsx';
import { useGraphViewStore } from './graph-store.ts';

const THIS_WAVE = 'none';

/**
 * Waves: draw the graph as it is, or compared with an earlier analysed journey of the same
 * organisation (the graph diff), with which ties to show. The category of the Scope tab chooses
 * the questions of both; the units, people and attribute filters apply to this wave alone. The
 * diff has its own: a unit (matched by name in both waves) and people, each with their ties.
 */
export function WavesTab({ engagementId, diff }: { engagementId: number; diff: TTieDiff | undefined }) {
  const { t } = useTranslation('graph');
  const journeys = useComparableJourneys(engagementId);
  const compareWith = useGraphViewStore((state) => state.compareWith);
  const setCompareWith = useGraphViewStore((state) => state.setCompareWith);
  const show = useGraphViewStore((state) => state.diffShow);
  const setShow = useGraphViewStore((state) => state.setDiffShow);
  const focus = useGraphViewStore((state) => state.diffFocus);
  const setFocus = useGraphViewStore((state) => state.setDiffFocus);
  const unitOptions = useMemo(() => (diff ? diffUnitOptions(diff) : []), [diff]);
  const peopleOptions = useMemo(() => (diff ? [...diff.nodes].sort((a, b) => a.name.localeCompare(b.name)).map((node) => ({ value: node.id, label: node.name })) : []), [diff]);
  const earlier = journeys.data?.earlier ?? [];
  const locale = activeLocale();
  const labelId = useId();
  return (
    <Stack gap="md">
      <Select
        label={t('diff.compareWith')}
        data={[{ value: THIS_WAVE, label: t('diff.thisWaveOnly') }, ...earlier.map((journey) => ({ value: String(journey.id), label: `${journey.name} (${formatDate(journey.access_from, locale)})` }))]}
        value={compareWith === null ? THIS_WAVE : String(compareWith)}
        onChange={(value) => setCompareWith(value === null || value === THIS_WAVE ? null : Number(value))}
        allowDeselect={false}
        disabled={earlier.length === 0}
        data-testid="graph-diff-journey"
      />
      {journeys.data && earlier.length === 0 && (
        <Text fz="sm" c="dimmed" data-testid="graph-diff-none">
          {t('diff.noEarlier')}
        </Text>
      )}
      {journeys.isError && (
        <Text fz="sm" c="dimmed">
          {t('diff.unavailable')}
        </Text>
      )}
      {compareWith !== null && (
        <>
          {/* A named group of independent checkboxes (not a Checkbox.Group: its value would override each box). */}
          <Stack gap={6} role="group" aria-labelledby={labelId}>
            <Text id={labelId} fz="sm" fw={500}>
              {t('diff.show')}
            </Text>
            {TIE_STATUSES.map((status) => (
              <Checkbox
                key={status}
                checked={show[status]}
                onChange={(event) => setShow(status, event.currentTarget.checked)}
                data-testid={`graph-diff-show-${status}`}
                label={
                  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                    <DiffLineSample status={status} />
                    {t(`diff.ties.${status}`)}
                  </span>
                }
              />
            ))}
          </Stack>
          <Select
            label={t('diff.focusUnit')}
            placeholder={t('diff.focusUnitPlaceholder')}
            data={unitOptions}
            value={focus.unitPath}
            onChange={(value) => setFocus({ unitPath: value })}
            searchable
            clearable
            disabled={!diff}
            data-testid="graph-diff-unit"
          />
          <MultiSelect
            label={t('diff.focusPeople')}
            placeholder={focus.people.length === 0 ? t('diff.focusPeoplePlaceholder') : undefined}
            description={t('diff.focusHint')}
            data={peopleOptions}
            value={[...focus.people]}
            onChange={(people) => setFocus({ people })}
            searchable
            clearable
            limit={50}
            disabled={!diff}
            data-testid="graph-diff-people"
          />
          <Alert color="gray" variant="light" p="xs">
            <Text fz="xs">{t('diff.scopeNote')}</Text>
          </Alert>
        </>
      )}
    </Stack>
  );
}
