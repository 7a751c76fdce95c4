import { Button, Flex, Group, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
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
import { useServerListState } from '../../shared/ui/report-list/list-state.ts';
import { useKeyPeopleList, type TKeyPeopleSortKey } from './key-people-api.ts';
import { DEFAULT_KEY_PEOPLE_FILTER, DEFAULT_KEY_PEOPLE_SORT, unitOptions, type TKeyPeopleFilter } from './key-people-filter.ts';
import { paramsOf, selectionFromParams, showsValues } from './key-people-groups.ts';
import { KeyPeopleSidebar } from './key-people-sidebar.tsx';
import { KeyPeopleTableView, type TKeyPeopleTableViewProps } from './key-people-table-view.tsx';
import { useKeyPeopleErrorTexts } from './use-key-people-error-texts.ts';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';
import { StabilityNote } from '../confidence/stability-note.tsx';

/**
 * The sidebar and what it shows: the target group's key people, or the values between the two
 * groups. The list is asked a page at a time, with the target group the sidebar applied.
 */
function KeyPeopleAnalysis({ engagementId, list, stale, state, filter, onFilter, onReset, onApplied }: TKeyPeopleTableViewProps & {
  engagementId: number;
  /** A new target group starts the list at its first page. */
  onApplied: () => void;
}) {
  const { t } = useTranslation('keyPeople');
  const [params, setParams] = useSearchParams();
  const showValues = showsValues(params);
  const applied = useMemo(() => asValuesQuery(selectionFromParams(params)), [params]);
  const [selection, setSelection] = useState<TAsValuesSelection>(() => selectionFromParams(params));
  const changed = !sameQuery(asValuesQuery(selection), applied);
  // The department pickers offer the units the reader has someone in (the server's `units`).
  const units = useMemo(() => unitOptions(list.units).map((unit) => ({ value: String(unit.id), label: unit.name, depth: unit.depth })), [list.units]);

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="flex-start">
      <KeyPeopleSidebar
        engagementId={engagementId}
        showValues={showValues}
        onShowValues={(next) => setParams(paramsOf(next, applied), { replace: true })}
        selection={selection}
        onSelection={setSelection}
        units={units}
        changed={changed}
        onRecalculate={() => {
          onApplied();
          setParams(paramsOf(showValues, asValuesQuery(selection)), { replace: true });
        }}
      />
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }} w="100%">
        <Title order={2} fz="lg" data-testid="key-people-view" data-view={showValues ? 'values' : 'people'}>
          {t(showValues ? 'views.values' : 'views.people')}
        </Title>
        {showValues ? <AsValuesPanel engagementId={engagementId} query={applied} /> : <KeyPeopleTableView list={list} stale={stale} state={state} filter={filter} onFilter={onFilter} onReset={onReset} />}
      </Stack>
    </Flex>
  );
}

/** engagements/{id}/key-people-analytics/list.html: the key people list and its values, with the spec's sidebar. */
export function KeyPeoplePage() {
  const { t, i18n } = useTranslation(['keyPeople', 'common', 'metrics']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const [params] = useSearchParams();
  const target = useMemo(() => asValuesQuery(selectionFromParams(params)), [params]);
  const state = useServerListState<TKeyPeopleSortKey>(DEFAULT_KEY_PEOPLE_SORT);
  const [filter, setFilter] = useState<TKeyPeopleFilter>(DEFAULT_KEY_PEOPLE_FILTER);
  const list = useKeyPeopleList(engagementId, i18n.language, { ...state.params, tu: target.tu, tun: target.tun, roles: filter.roles, onlyWithRoles: filter.onlyWithRoles });
  const errorTexts = useKeyPeopleErrorTexts();
  const changeFilter = (next: TKeyPeopleFilter) => {
    setFilter(next);
    state.setPage(1);
  };
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
      {list.isError && <AnalyticsLoadProblem error={list.error} onRetry={() => void list.refetch()} texts={errorTexts} />}
      {!list.isError && !list.data && <CenteredLoader label={t('loading')} />}
      {!list.isError && list.data && (
        <KeyPeopleAnalysis
          engagementId={engagementId}
          list={list.data}
          stale={list.isPlaceholderData}
          state={state}
          filter={filter}
          onFilter={changeFilter}
          onReset={() => {
            changeFilter(DEFAULT_KEY_PEOPLE_FILTER);
            state.setSearch('');
          }}
          onApplied={() => state.setPage(1)}
        />
      )}
    </>
  );
}
