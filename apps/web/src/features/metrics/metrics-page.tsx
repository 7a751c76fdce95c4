import { Accordion, Alert, Button, Group, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { BROKERAGE_GROUPS_UNIT, ZMetricSort, type TMetricsPage, type TMetricSort } from '@ona/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDownload } from '../../shared/api/use-download.ts';
import { searchState } from '../../shared/format/name-search.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { formatMetric } from './metric-format.ts';
import { exportPath, useMetrics, type TMetricsParams } from './metrics-api.ts';
import { MetricsTable } from './metrics-table.tsx';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';
import { StabilityNote } from '../confidence/stability-note.tsx';

const PAGE_SIZE = 50;

/** Units depth first under their parents, for an indented picker. */
function unitOptions(units: TMetricsPage['units']): { id: number; name: string; depth: number }[] {
  const children = new Map<number | null, TMetricsPage['units']>();
  for (const unit of units) children.set(unit.parent, [...(children.get(unit.parent) ?? []), unit]);
  const known = new Set(units.map((u) => u.id));
  const out: { id: number; name: string; depth: number }[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const unit of children.get(parent) ?? []) {
      out.push({ id: unit.id, name: unit.name, depth });
      walk(unit.id, depth + 1);
    }
  };
  walk(null, 0);
  // Units whose parent the caller cannot see start their own branch.
  for (const unit of units) if (unit.parent !== null && !known.has(unit.parent) && !out.some((o) => o.id === unit.id)) out.push({ id: unit.id, name: unit.name, depth: 0 });
  return out;
}

function NetworkFigures({ network }: { network: TMetricsPage['network'] }) {
  const { t, i18n } = useTranslation('metrics');
  return (
    <Stack gap="sm" mb="lg" data-testid="metrics-network">
      <Title order={2} fz="lg">
        {t('network.title')}: {network.label}
      </Title>
      {network.withheld && (
        <Alert color="gray" variant="light" data-testid="metrics-network-withheld">
          {t('network.withheld')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {network.figures
          .filter((figure) => !network.withheld || figure.value !== null)
          .map((figure) => (
            <Tooltip key={figure.id} label={figure.description} multiline w={260} withArrow>
              <Paper withBorder p="sm" radius="md" data-testid={`metrics-figure-${figure.id}`} tabIndex={0} aria-label={`${figure.label}: ${formatMetric(figure.value, figure.format, i18n.language)}. ${figure.description}`}>
                <Text fz="xs" c="dimmed">
                  {figure.label}
                </Text>
                <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMetric(figure.value, figure.format, i18n.language)}
                </Text>
              </Paper>
            </Tooltip>
          ))}
      </SimpleGrid>
      {(network.betweenness_method === 'pivots' || network.closeness_method === 'pivots') && (
        <Text fz="xs" c="dimmed">
          {t('network.pivots')}
        </Text>
      )}
      {!network.withheld && network.ei_by_unit.length > 0 && (
        <Accordion variant="contained" radius="md">
          <Accordion.Item value="ei">
            <Accordion.Control>{t('network.eiByUnit')}</Accordion.Control>
            <Accordion.Panel>
              <Table data-testid="metrics-ei-table" withTableBorder>
                <Table.Tbody>
                  {network.ei_by_unit.map((entry) => (
                    <Table.Tr key={entry.unit.id}>
                      <Table.Th scope="row">{entry.unit.name}</Table.Th>
                      <Table.Td ta="right" title={entry.withheld ? t('network.eiWithheld') : undefined}>
                        {formatMetric(entry.ei, 'decimal', i18n.language)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
    </Stack>
  );
}

/**
 * engagements/{id}/key-people-analytics/metrics.html: every per-person metric of one network,
 * sortable, each explained; network, sort and page live in the address so a link reopens the view.
 */
export function MetricsPage() {
  const { t, i18n } = useTranslation(['metrics', 'common', 'keyPeople']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const sortParam = ZMetricSort.safeParse(params.get('sort'));
  const unitParam = Number(params.get('unit'));
  const query: TMetricsParams = {
    network: params.get('network') ?? 'work',
    groups: params.get('groups') ?? BROKERAGE_GROUPS_UNIT,
    sort: sortParam.success ? sortParam.data : 'name',
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZE,
    unit: Number.isInteger(unitParam) && unitParam > 0 ? unitParam : null,
    q: searchState(debounced) === 'active' ? debounced.trim() : '',
  };
  const metrics = useMetrics(engagementId, query, i18n.language);
  const download = useDownload();
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));
  const units = useMemo(() => unitOptions(metrics.data?.units ?? []), [metrics.data?.units]);

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

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  const data = metrics.data;
  const withheldNote = data?.metrics.some((m) => m.withheld_for_others);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={engagement?.name ? `${engagement.name} · ${t('subtitle')}` : t('subtitle')}
        back={{ to: path(`engagements/${engagementId}/key-people-analytics/list.html`), label: t('keyPeople:title') }}
        actions={
          <Button
            leftSection={<Icon name="download" size={16} />}
            variant="light"
            loading={download.isPending}
            disabled={!data}
            onClick={() => download.mutate({ path: exportPath(engagementId, query), fallbackName: 'metrics.xlsx' })}
            data-testid="metrics-export"
          >
            {t('export')}
          </Button>
        }
      />
      <ConfidenceBar engagementId={engagementId} module="key_people_analytics" network={data?.network.key}>
        {data && <StabilityNote engagementId={engagementId} module="key_people_analytics" network={data.network.key} />}
      </ConfidenceBar>
      {metrics.isError && (
        <AnalyticsLoadProblem
          error={metrics.error}
          onRetry={() => void metrics.refetch()}
          texts={{ notReadyTitle: t('errors.notReadyTitle'), notReady: t('errors.notReadyMessage'), forbidden: t('errors.noAccessMessage') }}
        />
      )}
      {!metrics.isError && !data && <CenteredLoader label={t('loading')} />}
      {data && (
        <>
          <Group align="flex-end" gap="md" mb="md" wrap="wrap">
            <Select
              label={t('filters.network')}
              data={data.networks.map((n) => ({ value: n.key, label: n.label }))}
              value={data.network.key}
              onChange={(value) => value && update({ network: value === 'work' ? null : value })}
              allowDeselect={false}
              searchable
              w={{ base: '100%', sm: 320 }}
              data-testid="metrics-network-select"
            />
            <Select
              label={t('filters.groups')}
              data={data.brokerage_group_options.map((option) => ({ value: option.key, label: option.label }))}
              value={data.brokerage_groups.key}
              onChange={(value) => value && update({ groups: value === BROKERAGE_GROUPS_UNIT ? null : value })}
              allowDeselect={false}
              searchable
              w={{ base: '100%', sm: 240 }}
              data-testid="metrics-groups-select"
            />
            <Select
              label={t('filters.unit')}
              placeholder={t('filters.unitPlaceholder')}
              data={units.map((unit) => ({ value: String(unit.id), label: unit.name }))}
              value={query.unit === null ? null : String(query.unit)}
              onChange={(value) => update({ unit: value })}
              searchable
              clearable
              w={{ base: '100%', sm: 260 }}
              data-testid="metrics-unit"
              renderOption={({ option }) => (
                <Text fz="sm" pl={(units.find((unit) => String(unit.id) === option.value)?.depth ?? 0) * 12}>
                  {option.label}
                </Text>
              )}
            />
            <TextInput
              label={t('filters.search')}
              placeholder={t('filters.searchPlaceholder')}
              leftSection={<Icon name="search" size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                if (params.has('page')) update({});
              }}
              description={searchState(search) === 'tooShort' ? t('filters.searchTooShort') : undefined}
              w={{ base: '100%', sm: 240 }}
              data-testid="metrics-search"
            />
          </Group>
          {data.brokerage_groups.withheld && (
            <Alert color="gray" variant="light" mb="md" data-testid="metrics-groups-withheld">
              {t('groups.withheld')}
            </Alert>
          )}
          <NetworkFigures network={data.network} />
          <Accordion variant="contained" radius="md" mb="md" data-testid="metrics-help">
            <Accordion.Item value="help">
              <Accordion.Control icon={<Icon name="help" size={18} />}>{t('help.title')}</Accordion.Control>
              <Accordion.Panel>
                <Stack gap={6}>
                  {withheldNote && (
                    <Text fz="sm" c="dimmed">
                      {t('help.withheldNote')}
                    </Text>
                  )}
                  <Text fz="sm" data-testid="metrics-explain-groups">
                    <b>{t('filters.groups')}</b>: {t('filters.groupsHint')}
                  </Text>
                  {data.metrics.map((metric) => (
                    <Text key={metric.id} fz="sm" data-testid={`metrics-explain-${metric.id}`}>
                      <b>{metric.label}</b>: {metric.description}
                    </Text>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <Text fz="sm" c="dimmed" mb={4} data-testid="metrics-total">
            {t('table.total', { count: data.total })}
          </Text>
          <div style={{ opacity: metrics.isPlaceholderData ? 0.6 : 1 }}>
            <MetricsTable metrics={data.metrics} rows={data.data} groupsLabel={data.brokerage_groups.label} sort={query.sort} onSort={(next: TMetricSort) => update({ sort: next === 'name' ? null : next })} ownEmployeeId={null} />
          </div>
          {data.total > data.page_size && (
            <Group justify="center" mt="md">
              <Pagination total={Math.ceil(data.total / data.page_size)} value={data.page} onChange={(page) => update({ page: page === 1 ? null : String(page) })} data-testid="metrics-pagination" />
            </Group>
          )}
        </>
      )}
    </>
  );
}
