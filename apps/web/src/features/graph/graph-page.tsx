import { Button, Center, Flex, Group, Loader, Paper, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatCount, formatDay, type TGraphVisualization } from '@ona/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGraphCanvasHandle } from '../../graph/graph-canvas.tsx';
import { peopleByName } from '../../graph/keyboard-navigation.ts';
import type { TPrintTexts } from '../../graph/print-picture.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { saveFile } from '../../shared/api/save-file.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useEngagement } from '../engagements/use-engagement.ts';
import { useHierarchy } from '../engagements/use-hierarchy.ts';
import { FilterTab } from './filter-tab.tsx';
import { useGraphVisualization } from './graph-api.ts';
import { ExportDialog } from './export-dialog.tsx';
import { entryLabel, GraphLegend } from './graph-legend.tsx';
import { legendEntries } from './graph-legend-entries.ts';
import { graphQueryParams } from './graph-query.ts';
import { GraphStatistics } from './graph-statistics.tsx';
import { useGraphViewStore } from './graph-store.ts';
import { GraphTables } from './graph-tables.tsx';
import { InteractiveGraph } from './interactive-graph.tsx';
import { NamedByNote } from './named-by-note.tsx';
import { ScopeTab } from './scope-tab.tsx';
import { StyleTab } from './style-tab.tsx';
import { ConfidenceBar } from '../confidence/confidence-bar.tsx';

/** engagements/{id}/graph.html: the network of the engagement (spec section 2, graph screen). */
export function GraphPage() {
  const { t } = useTranslation(['graph', 'common']);
  const path = useRoutePath();
  const { engagementId, data: engagement } = useEngagement();
  const filters = useGraphViewStore((state) => state.filters);
  const layout = useGraphViewStore((state) => state.layout);
  const appearance = useGraphViewStore((state) => state.appearance);
  const graph = useGraphVisualization(engagementId, filters);
  const hierarchy = useHierarchy(engagementId);
  const [tableView, setTableView] = useState(false);
  const [exporting, setExporting] = useState(false);
  const canvas = useRef<TGraphCanvasHandle | null>(null);
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));

  useEffect(() => {
    useGraphViewStore.getState().reset();
  }, [engagementId]);

  const data: TGraphVisualization | undefined = graph.data;
  // Below all_access the ties naming the reader are not drawn; their own card and tooltip count them (named_by).
  const nodeById = useMemo(
    () => new Map((data?.employees ?? []).map((node) => [node.id, data?.named_by && node.id === data.own_employee_id ? { ...node, received: data.named_by.people } : node] as const)),
    [data],
  );
  const unitsInScope = useMemo(() => (data ? new Set(data.units.filter((unit) => unit.in_scope).map((unit) => unit.id)) : null), [data]);
  const people = useMemo(() => peopleByName(data?.employees ?? []), [data]);

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  if (graph.isError && isApiError(graph.error) && graph.error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;

  // "Recalculating..." only while a different question than the one on screen is being answered.
  const recalculating = graph.isFetching && graph.isPlaceholderData;

  const locale = activeLocale();
  const printTexts = (shown: TGraphVisualization): TPrintTexts => ({
    title: engagement?.name ?? t('title'),
    subtitle: [t('title'), filters.category ? t(`categories.${filters.category}`) : t('scope.allWork'), t(`layouts.${layout}`)].join(' · '),
    date: t('export.exportedOn', { date: formatDay(new Date().toISOString(), locale) }),
    legendTitle: appearance.colorBy === 'keyPerson' ? t('export.legendKeyRoles') : t('export.legendUnits'),
    entries: legendEntries(shown, appearance.colorBy).map((entry) => ({ color: entry.color, label: entryLabel(entry, t), count: formatCount(entry.count, locale) })),
    more: (count) => t('export.more', { count }),
    notes: [`▲ ${t('legend.noAnswers')}`, t('export.mutualNote')],
  });
  const exportPicture = async (): Promise<boolean> => {
    const blob = data ? await canvas.current?.exportPrintPng(printTexts(data)) : null;
    if (!blob) {
      notify('error', t('common:errors.export'));
      return false;
    }
    saveFile({ blob, filename: `${fileSlug([t('export.fileName'), engagement?.name ?? ''])}.png` });
    return true;
  };

  const actions = (
    <Group gap="xs">
      <Button variant="default" size="xs" leftSection={<Icon name="download" size={16} />} disabled={!data} onClick={() => setExporting(true)} data-testid="graph-export-open">
        {t('export.open')}
      </Button>
      <Button variant="subtle" size="xs" disabled={!data} onClick={() => canvas.current?.resetCamera()}>
        {t('actions.resetView')}
      </Button>
    </Group>
  );

  return (
    <>
      <ExportDialog
        opened={exporting}
        onClose={() => setExporting(false)}
        path={`/engagements/${engagementId}/graph-visualization/export/`}
        query={{ ...graphQueryParams(filters), layout, color_by: appearance.colorBy === 'keyPerson' ? 'key_person' : 'unit' }}
        exportPicture={exportPicture}
      />
      <PageHeader title={t('title')} subtitle={engagement?.name} back={{ to: path(`engagements/${engagementId}.html`), label: t('common:nav.backToJourney') }} actions={actions} />
      <ConfidenceBar engagementId={engagementId} module="graph_visualization" />
      {graph.isError && !data && <ErrorState error={graph.error} onRetry={() => void graph.refetch()} />}
      <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="stretch">
        <Paper withBorder radius="md" p="sm" w={{ base: '100%', md: 300 }} style={{ flexShrink: 0 }} data-testid="graph-sidebar">
          {/* One row of tabs in every language: German's "Darstellung" wrapped the default padding. */}
          <Tabs defaultValue="scope" keepMounted={false} styles={{ list: { flexWrap: 'nowrap' }, tab: { paddingInline: 8 } }}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="scope" data-testid="graph-tab-scope">{t('tabs.scope')}</Tabs.Tab>
              <Tabs.Tab value="style" data-testid="graph-tab-style">{t('tabs.style')}</Tabs.Tab>
              <Tabs.Tab value="filter" data-testid="graph-tab-filter">{t('tabs.filter')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="scope">
              <ScopeTab hierarchy={hierarchy.data ?? []} availableCategories={data?.graph_types ?? []} people={people} unitsInScope={unitsInScope} />
            </Tabs.Panel>
            <Tabs.Panel value="style">
              <StyleTab />
            </Tabs.Panel>
            <Tabs.Panel value="filter">
              <FilterTab filters={data?.filters ?? []} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        {data && <GraphStatistics statistics={data.statistics} />}
        {data?.named_by && <NamedByNote namedBy={data.named_by} questions={data.questions} />}
        <InteractiveGraph
          data={data}
          nodeById={nodeById}
          layout={layout}
          appearance={appearance}
          onReady={(handle) => {
            canvas.current = handle;
          }}
          frameStyle={{ minWidth: 0, height: 'max(520px, calc(100vh - 300px))', borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
        >
          {!data && !graph.isError && <CenteredLoader label={t('loading')} />}
          {data && data.employees.length === 0 && (
            <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
              <Text c="dimmed">{t('empty')}</Text>
            </Center>
          )}
          {recalculating && (
            <Center pos="absolute" inset={0} style={{ zIndex: 4, background: 'rgba(255,255,255,0.45)' }} data-testid="graph-recalculating" role="status">
              <Group gap="xs">
                <Loader size="sm" />
                <Text fw={600}>{t('recalculating')}</Text>
              </Group>
            </Center>
          )}
          {data && <GraphLegend data={data} colorBy={appearance.colorBy} />}
        </InteractiveGraph>
        <Switch
          label={t('table.toggle')}
          checked={tableView}
          onChange={(event) => setTableView(event.currentTarget.checked)}
          disabled={!data}
          data-testid="graph-table-toggle"
        />
        {tableView && data && <GraphTables data={data} />}
        </Stack>
      </Flex>
    </>
  );
}

/** A file name in the reader's language: letters and digits of any script, the rest one dash. */
function fileSlug(parts: readonly string[]): string {
  return parts.map((part) => part.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').toLocaleLowerCase()).filter(Boolean).join('-').slice(0, 80);
}
