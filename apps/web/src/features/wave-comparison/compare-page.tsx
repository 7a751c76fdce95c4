import { Alert, Anchor, Button, Group, Pagination, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { PERSON_WAVE_STATUSES, ZComparisonSort, ZPersonWaveStatus, type TComparableJourneys, type TComparisonSort } from '@ona/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDownload } from '../../shared/api/use-download.ts';
import { formatDate } from '../../shared/format/format-date.ts';
import { searchState } from '../../shared/format/name-search.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { RetentionFrame } from '../retention-analytics/retention-layout.tsx';
import { mayOpenRiskCalibration, riskCalibrationPath } from './calibration/calibration-access.ts';
import { comparisonExportPath, comparisonQuery, useComparableJourneys, useWaveComparison, type TComparisonParams } from './comparison-api.ts';
import { ComparisonSummary } from './comparison-summary.tsx';
import { NetworkChangesTable } from './network-changes-table.tsx';
import { PeopleChangesTable } from './people-changes-table.tsx';
import { UnitChangesTable } from './unit-changes-table.tsx';

const PAGE_SIZE = 50;

/** The journey to compare with: the one in the address when it is offered, else the suggested one. */
function chosenEarlier(journeys: TComparableJourneys | undefined, asked: number): number | null {
  if (!journeys) return null;
  if (journeys.earlier.some((journey) => journey.id === asked)) return asked;
  return journeys.suggested ?? journeys.earlier[0]?.id ?? null;
}

/**
 * engagements/{id}/retention-analytics/compare.html (issue 21): this journey compared with an
 * earlier analysed journey of the same organisation, per network, per unit and per person
 * (docs/wave-comparison.md). The earlier journey, network, sort, filter and page live in the
 * address, so a link reopens the same view. It follows the retention analytics module's access,
 * as the API does.
 */
export function ComparePage() {
  const { t, i18n } = useTranslation(['waveComparison', 'retention', 'common']);
  const { engagementId, data: engagement } = useEngagement();
  const path = useRoutePath();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const journeys = useComparableJourneys(engagementId);
  const earlierId = chosenEarlier(journeys.data, Number(params.get('with')));
  const sortParam = ZComparisonSort.safeParse(params.get('sort'));
  const statusParam = ZPersonWaveStatus.safeParse(params.get('status'));
  const query: TComparisonParams | null =
    earlierId === null
      ? null
      : {
          earlierId,
          network: params.get('network') ?? 'work',
          sort: sortParam.success ? sortParam.data : 'name',
          page: Math.max(1, Number(params.get('page')) || 1),
          pageSize: PAGE_SIZE,
          statuses: statusParam.success ? [statusParam.data] : [],
          q: searchState(debounced) === 'active' ? debounced.trim() : '',
        };
  const comparison = useWaveComparison(engagementId, query, i18n.language);
  const download = useDownload();
  useDocumentTitle(t('common:documentTitle', { page: `${t('title')} · ${t('retention:title')}` }));

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    // Any change but paging starts again at the first page.
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const locale = activeLocale();
  const data = comparison.data;
  const problem = journeys.isError ? journeys.error : comparison.isError ? comparison.error : null;
  const problemTexts = { notReadyTitle: t('retention:notReady.title'), notReady: t('retention:notReady.message'), forbidden: t('errors.forbidden') };

  const exportButton = (
    <Button
      variant="default"
      leftSection={<Icon name="download" size={18} />}
      loading={download.isPending}
      disabled={!data || !query}
      onClick={() => query && download.mutate({ path: comparisonExportPath(engagementId), query: comparisonQuery(query, false), fallbackName: 'wave-comparison.xlsx' })}
      data-testid="compare-export"
    >
      {t('export')}
    </Button>
  );

  return (
    <RetentionFrame section="compare" engagementId={engagementId} subtitle={t('subtitle')} actions={exportButton}>
      {problem !== null && <AnalyticsLoadProblem error={problem} onRetry={() => void (journeys.isError ? journeys.refetch() : comparison.refetch())} texts={problemTexts} />}
      {problem === null && !journeys.data && <CenteredLoader label={t('loading')} />}
      {journeys.data && journeys.data.earlier.length === 0 && (
        <Paper withBorder radius="lg" p="xl" data-testid="compare-empty">
          <Stack gap="xs" align="center" ta="center">
            <Icon name="statistics" size={32} />
            <Title order={2} fz="lg">
              {t('empty.title')}
            </Title>
            <Text c="dimmed" maw={560}>
              {t('empty.message')}
            </Text>
          </Stack>
        </Paper>
      )}
      {journeys.data && earlierId !== null && (
        <Stack gap="xl">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              label={t('filters.earlier')}
              data={journeys.data.earlier.map((journey) => ({ value: String(journey.id), label: `${journey.name} (${formatDate(journey.access_from, locale)})` }))}
              value={String(earlierId)}
              onChange={(value) => value && update({ with: value })}
              allowDeselect={false}
              // Wide enough for a journey's name and date on a laptop (a narrower box cut them off).
              w={{ base: '100%', sm: 460 }}
              data-testid="compare-earlier"
            />
            {data && (
              <Select
                label={t('filters.network')}
                description={t('filters.networkHint')}
                data={data.networks.map((network) => ({ value: network.key, label: network.label }))}
                value={data.network.key}
                onChange={(value) => value && update({ network: value === 'work' ? null : value })}
                allowDeselect={false}
                searchable
                w={{ base: '100%', sm: 420 }}
                data-testid="compare-network"
              />
            )}
          </Group>
          {!data && problem === null && <CenteredLoader label={t('loading')} />}
          {data && (
            <>
              <Text fz="sm" c="dimmed" data-testid="compare-between">
                {t('between', { earlier: data.earlier.name, journey: data.journey.name })}
              </Text>
              {mayOpenRiskCalibration(engagement?.is_admin === true, data.access) && (
                <Anchor component={Link} to={path(riskCalibrationPath(engagementId, data.earlier.id))} fz="sm" w="fit-content" data-testid="compare-calibration-link">
                  {t('calibrationLink')}
                </Anchor>
              )}
              <ComparisonSummary data={data} />
              <NetworkChangesTable networks={data.change.networks} />
              <UnitChangesTable units={data.units} />
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  {t('people.title')}
                </Title>
                <Group align="flex-end" gap="md" wrap="wrap">
                  <Select
                    label={t('filters.status')}
                    data={[{ value: 'all', label: t('filters.allStatuses') }, ...PERSON_WAVE_STATUSES.map((status) => ({ value: status, label: t(`people.statuses.${status}`) }))]}
                    value={statusParam.success ? statusParam.data : 'all'}
                    onChange={(value) => update({ status: value && value !== 'all' ? value : null })}
                    allowDeselect={false}
                    w={{ base: '100%', sm: 220 }}
                    data-testid="compare-status"
                  />
                  <TextInput
                    label={t('filters.search')}
                    leftSection={<Icon name="search" size={16} />}
                    value={search}
                    onChange={(event) => {
                      setSearch(event.currentTarget.value);
                      if (params.has('page')) update({});
                    }}
                    description={searchState(search) === 'tooShort' ? t('filters.searchTooShort') : undefined}
                    w={{ base: '100%', sm: 240 }}
                    data-testid="compare-search"
                  />
                </Group>
                {data.metrics.some((metric) => metric.withheld_for_others) && (
                  <Alert color="gray" variant="light">
                    {t('people.withheldNote')}
                  </Alert>
                )}
                <Text fz="sm" c="dimmed" data-testid="compare-people-total" data-total={data.total}>
                  {t('people.total', { count: data.total })}
                </Text>
                <div style={{ opacity: comparison.isPlaceholderData ? 0.6 : 1 }}>
                  <PeopleChangesTable
                    people={data.people}
                    metrics={data.metrics}
                    explanations={data.explanations}
                    sort={query?.sort ?? 'name'}
                    onSort={(next: TComparisonSort) => update({ sort: next === 'name' ? null : next })}
                  />
                </div>
                {data.total > data.page_size && (
                  <Group justify="center">
                    <Pagination total={Math.ceil(data.total / data.page_size)} value={data.page} onChange={(page) => update({ page: page === 1 ? null : String(page) })} aria-label={t('pages', { table: t('people.title') })} data-testid="compare-people-pages" />
                  </Group>
                )}
              </Stack>
            </>
          )}
        </Stack>
      )}
    </RetentionFrame>
  );
}
