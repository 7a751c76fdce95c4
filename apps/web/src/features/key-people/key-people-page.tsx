import { Button, Flex, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { TKeyPeopleAnalytics } from '@ona/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { asValuesQuery, sameQuery, type TAsValuesSelection } from './as-values-query.ts';
import { AsValuesPanel } from './as-values-panel.tsx';
import { useKeyPeopleAnalytics } from './key-people-api.ts';
import { unitOptions, unitsInScope } from './key-people-filter.ts';
import { groupMembers, paramsOf, selectionFromParams, showsValues } from './key-people-groups.ts';
import { KeyPeopleSidebar } from './key-people-sidebar.tsx';
import { KeyPeopleTableView } from './key-people-table-view.tsx';
import { useKeyPeopleErrorTexts } from './use-key-people-error-texts.ts';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';
import { StabilityNote } from '../confidence/stability-note.tsx';

/** The sidebar and what it shows: the target group's key people, or the values between the two groups. */
function KeyPeopleAnalysis({ engagementId, analytics }: { engagementId: number; analytics: TKeyPeopleAnalytics }) {
  const { t, i18n } = useTranslation('keyPeople');
  const [params, setParams] = useSearchParams();
  const showValues = showsValues(params);
  const applied = useMemo(() => asValuesQuery(selectionFromParams(params)), [params]);
  const [selection, setSelection] = useState<TAsValuesSelection>(() => selectionFromParams(params));
  const changed = !sameQuery(asValuesQuery(selection), applied);

  // Pickers offer the people and units the reader sees (the API cuts both groups to them anyway).
  const collator = useMemo(() => new Intl.Collator(i18n.language, { sensitivity: 'base' }), [i18n.language]);
  const people = useMemo(
    () => analytics.results.map((result) => ({ value: String(result.employee.id), label: result.employee.name })).sort((a, b) => collator.compare(a.label, b.label)),
    [analytics.results, collator],
  );
  const units = useMemo(
    () => unitOptions(unitsInScope(analytics.units, analytics.results.map((result) => ({ unitId: result.unit })))).map((unit) => ({ value: String(unit.id), label: unit.name, depth: unit.depth })),
    [analytics.units, analytics.results],
  );
  const members = useMemo(
    () => groupMembers(analytics.results.map((result) => ({ employeeId: result.employee.id, unitId: result.unit })), analytics.units, applied.tu, applied.tun),
    [analytics, applied],
  );

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="flex-start">
      <KeyPeopleSidebar
        showValues={showValues}
        onShowValues={(next) => setParams(paramsOf(next, applied), { replace: true })}
        selection={selection}
        onSelection={setSelection}
        people={people}
        units={units}
        changed={changed}
        onRecalculate={() => setParams(paramsOf(showValues, asValuesQuery(selection)), { replace: true })}
      />
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }} w="100%">
        <Title order={2} fz="lg" data-testid="key-people-view" data-view={showValues ? 'values' : 'people'}>
          {t(showValues ? 'views.values' : 'views.people')}
        </Title>
        {showValues ? <AsValuesPanel engagementId={engagementId} query={applied} /> : <KeyPeopleTableView analytics={analytics} members={members} />}
      </Stack>
    </Flex>
  );
}

/** engagements/{id}/key-people-analytics/list.html: the key people list and its values, with the spec's sidebar. */
export function KeyPeoplePage() {
  const { t, i18n } = useTranslation(['keyPeople', 'common', 'metrics']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const analytics = useKeyPeopleAnalytics(engagementId, i18n.language);
  const errorTexts = useKeyPeopleErrorTexts();
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;

  return (
    <>
      <PageHeader title={t('title')} subtitle={engagement?.name} back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }}
        actions={
          <Group gap="xs">
            <Button component={Link} to={path(`engagements/${engagementId}/key-people-analytics/metrics.html`)} variant="light" data-testid="key-people-open-metrics">
              {t('metrics:openMetrics')}
            </Button>
            <Button component={Link} to={path(`engagements/${engagementId}/key-people-analytics/declared-vs-working.html`)} variant="light" data-testid="key-people-open-declared-working">
              {t('metrics:openDeclaredWorking')}
            </Button>
          </Group>
        }
      />
      <ConfidenceBar engagementId={engagementId} module="key_people_analytics">
        <StabilityNote engagementId={engagementId} module="key_people_analytics" />
      </ConfidenceBar>
      {analytics.isError && <AnalyticsLoadProblem error={analytics.error} onRetry={() => void analytics.refetch()} texts={errorTexts} />}
      {!analytics.isError && !analytics.data && <CenteredLoader label={t('loading')} />}
      {analytics.data && <KeyPeopleAnalysis engagementId={engagementId} analytics={analytics.data} />}
    </>
  );
}
