import { Button, Center, Flex, Group, Paper, SegmentedControl, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { COLLABORATION_GRAPH_TYPE, formatCount, formatDay, type TGraphVisualization } from '@ona/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TDiffMarks } from '../../graph/diff-appearance.ts';
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
import { useTieDiff } from '../wave-comparison/comparison-api.ts';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { focusDiff } from './diff-focus.ts';
import { diffGraph } from './diff-graph.ts';
import { DiffLegend } from './diff-legend.tsx';
import { DiffStatistics } from './diff-statistics.tsx';
import { DiffTables } from './diff-tables.tsx';
import { WavesTab } from './waves-tab.tsx';
import { FilterTab } from './filter-tab.tsx';
import { useGraphVisualization } from './graph-api.ts';
import { overviewMinPeople, useGraphOverview } from './graph-overview-api.ts';
import { OverviewGraph } from './overview-graph.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { entryLabel, GraphLegend } from './graph-legend.tsx';
import { legendEntries } from './graph-legend-entries.ts';
import { graphQueryParams } from './graph-query.ts';
import { GRAPH_FRAME_STYLE, GraphSummary, RecalculatingOverlay } from './graph-frame.tsx';
import { useGraphViewStore } from './graph-store.ts';
import { GraphTables } from './graph-tables.tsx';
import { InteractiveGraph } from './interactive-graph.tsx';
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
  // The collaboration network has no earlier wave to compare with: it is drawn as it is.
  const collaboration = useGraphViewStore((state) => state.filters.category === COLLABORATION_GRAPH_TYPE);
  const chosenWave = useGraphViewStore((state) => state.compareWith);
  const compareWith = collaboration ? null : chosenWave;
  const diffShow = useGraphViewStore((state) => state.diffShow);
  const diffFocus = useGraphViewStore((state) => state.diffFocus);
  // Units or people: a journey above GRAPH_OVERVIEW_MIN_PEOPLE opens on the overview of units
  // (docs/graph.md); nothing is asked before the journey's size is known. Waves compared are people.
  const view = useGraphViewStore((state) => state.view);
  const openUnits = useGraphViewStore((state) => state.openUnits);
  const overviewRest = useGraphViewStore((state) => state.overviewRest);
  const overviewByDefault = engagement ? engagement.participant_count > overviewMinPeople() : null;
  const mode = view !== 'auto' ? view : overviewByDefault === null ? null : overviewByDefault ? 'units' : 'people';
  const unitsMode = mode === 'units' && compareWith === null;
  const graph = useGraphVisualization(engagementId, filters, mode === 'people' || compareWith !== null);
  const overview = useGraphOverview(engagementId, filters, { open: openUnits, rest: overviewRest }, unitsMode);
  const tieDiff = useTieDiff(engagementId, compareWith, filters.category === COLLABORATION_GRAPH_TYPE ? null : filters.category);
  const hierarchy = useHierarchy(engagementId);
  const [tableView, setTableView] = useState(false);
  const [exporting, setExporting] = useState(false);
  const canvas = useRef<TGraphCanvasHandle | null>(null);
  const overviewCanvas = useRef<{ resetCamera: () => void } | null>(null);
  useDocumentTitle(t('common:documentTitle', { page: t('title') }));

  useEffect(() => {
    useGraphViewStore.getState().reset();
  }, [engagementId]);

  const data: TGraphVisualization | undefined = graph.data;
  // With an earlier wave chosen the canvas draws the diff (the same renderer, keyboard path and card).
  const diff = compareWith === null ? undefined : tieDiff.data;
  // Narrowed to a unit or people with their ties (Waves tab); the statistics and legend stay the whole diff's.
  const focusedDiff = useMemo(() => (diff ? focusDiff(diff, diffFocus) : undefined), [diff, diffFocus]);
  const diffView = useMemo(() => (focusedDiff ? diffGraph(focusedDiff) : null), [focusedDiff]);
  const diffMarks = useMemo<TDiffMarks | null>(() => (diffView ? { ...diffView.marks, show: diffShow } : null), [diffView, diffShow]);
  const diffMode = compareWith !== null;
  const drawnData: TGraphVisualization | undefined = diffMode ? diffView?.data : data;
  // Below all_access the ties naming the reader are not drawn; their own card and tooltip count them (named_by).
  const nodeById = useMemo(
    () => new Map((drawnData?.employees ?? []).map((node) => [node.id, drawnData?.named_by && node.id === drawnData.own_employee_id ? { ...node, received: drawnData.named_by.people } : node] as const)),
    [drawnData],
  );
  const shownUnits = unitsMode ? overview.data?.answer.units : data?.units;
  const unitsInScope = useMemo(() => (shownUnits ? new Set(shownUnits.filter((unit) => unit.in_scope).map((unit) => unit.id)) : null), [shownUnits]);
  const people = useMemo(() => peopleByName(data?.employees ?? []), [data]);
  const diffProps = useMemo(
    () => (diffMarks ? { marks: diffMarks, statusOf: (nodeId: number) => { const status = diffMarks.people.get(nodeId); return status ? t(`diff.people.${status}`) : null; } } : undefined),
    [diffMarks, t],
  );

  if (engagementId === null) return <NotFoundContent homePath="engagements/list.html" />;
  if (graph.isError && isApiError(graph.error) && graph.error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;
  if (overview.isError && isApiError(overview.error) && overview.error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;

  // "Recalculating..." only while a different question than the one on screen is being answered.
  const recalculating = diffMode ? tieDiff.isFetching && tieDiff.isPlaceholderData : graph.isFetching && graph.isPlaceholderData;

  const locale = activeLocale();
  const printTexts = (shown: TGraphVisualization): TPrintTexts => ({
    title: engagement?.name ?? t('title'),
    subtitle: [t('title'), filters.category ? t(`categories.${filters.category}`) : t('scope.allWork'), t(`layouts.${layout}`)].join(' · '),
    date: t('export.exportedOn', { date: formatDay(new Date().toISOString(), locale) }),
    legendTitle: appearance.colorBy === 'keyPerson' ? t('export.legendKeyRoles') : t('export.legendUnits'),
    entries: legendEntries(shown, appearance.colorBy).map((entry) => ({ color: entry.color, label: entryLabel(entry, t), count: formatCount(entry.count, locale) })),
    more: (count) => t('export.more', { count }),
    notes: shown.graph_type === COLLABORATION_GRAPH_TYPE ? [t('legend.collaborationTies')] : [`▲ ${t('legend.noAnswers')}`, t('export.mutualNote')],
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
      <Button variant="default" size="xs" leftSection={<Icon name="download" size={16} />} disabled={!data || diffMode || unitsMode} title={diffMode ? t('diff.exportNote') : undefined} onClick={() => setExporting(true)} data-testid="graph-export-open">
        {t('export.open')}
      </Button>
      <Button variant="subtle" size="xs" disabled={unitsMode ? !overview.data : !data} onClick={() => (unitsMode ? overviewCanvas.current?.resetCamera() : canvas.current?.resetCamera())}>
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
      <ConfidenceBar engagementId={engagementId} module="graph_visualization" network={collaboration ? COLLABORATION_GRAPH_TYPE : undefined} />
      {graph.isError && !data && <ErrorState error={graph.error} onRetry={() => void graph.refetch()} />}
      {unitsMode && overview.isError && !overview.data && <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />}
      <Flex direction={{ base: 'column', md: 'row' }} gap="md" align="stretch">
        <Paper withBorder radius="md" p="sm" w={{ base: '100%', md: 300 }} style={{ flexShrink: 0 }} data-testid="graph-sidebar">
          {/*
            Tabs as wide as their labels, sharing the spare width; when a language's labels do not fit
            the 300 px sidebar in one row (German "Darstellung" and "Wellen" overflowed it by a few
            pixels), the last tabs move to a second row instead of being cut off.
          */}
          <Tabs defaultValue="scope" keepMounted={false} styles={{ list: { flexWrap: 'wrap' }, tab: { paddingInline: 8, flex: '1 0 auto' } }}>
            <Tabs.List grow mb="md">
              <Tabs.Tab value="scope" data-testid="graph-tab-scope">{t('tabs.scope')}</Tabs.Tab>
              <Tabs.Tab value="style" data-testid="graph-tab-style">{t('tabs.style')}</Tabs.Tab>
              <Tabs.Tab value="filter" data-testid="graph-tab-filter">{t('tabs.filter')}</Tabs.Tab>
              <Tabs.Tab value="waves" data-testid="graph-tab-waves">{t('tabs.waves')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="scope">
              <ScopeTab hierarchy={hierarchy.data ?? []} availableCategories={(unitsMode ? overview.data?.answer.graph_types : data?.graph_types) ?? []} people={people} unitsInScope={unitsInScope} />
            </Tabs.Panel>
            <Tabs.Panel value="style">
              <StyleTab />
            </Tabs.Panel>
            <Tabs.Panel value="filter">
              <FilterTab filters={(unitsMode ? overview.data?.answer.filters : data?.filters) ?? []} />
            </Tabs.Panel>
            <Tabs.Panel value="waves">
              <WavesTab engagementId={engagementId} diff={diff} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        {mode !== null && !diffMode && (
          <Group gap="xs">
            <Text size="sm" fw={500} id="graph-view-mode-label">
              {t('view.label')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="graph-view-mode-label"
              value={mode}
              onChange={(value) => useGraphViewStore.getState().setView(value === 'units' ? 'units' : 'people')}
              data={[{ value: 'units', label: t('view.units') }, { value: 'people', label: t('view.people') }]}
              data-testid="graph-view-mode"
            />
          </Group>
        )}
        {unitsMode && overview.data && <GraphSummary statistics={overview.data.answer.statistics} namedBy={overview.data.answer.named_by} questions={overview.data.answer.questions} />}
        {unitsMode && (
          <OverviewGraph
            overview={overview.data}
            recalculating={overview.isFetching && overview.isPlaceholderData}
            onReady={(handle) => {
              overviewCanvas.current = handle;
            }}
            frameStyle={GRAPH_FRAME_STYLE}
          />
        )}
        {!unitsMode && (<>
        {!diffMode && data && <GraphSummary statistics={data.statistics} namedBy={data.named_by} questions={data.questions} />}
        {diff && <DiffStatistics diff={diff} />}
        {diffMode && tieDiff.isError && (
          <AnalyticsLoadProblem error={tieDiff.error} onRetry={() => void tieDiff.refetch()} texts={{ notReadyTitle: t('diff.notReadyTitle'), notReady: t('diff.notReady'), forbidden: t('diff.forbidden') }} />
        )}
        <InteractiveGraph
          data={drawnData}
          diff={diffProps}
          nodeById={nodeById}
          layout={layout}
          appearance={appearance}
          onReady={(handle) => {
            canvas.current = handle;
          }}
          frameStyle={GRAPH_FRAME_STYLE}
        >
          {!drawnData && !graph.isError && !(diffMode && tieDiff.isError) && <CenteredLoader label={t('loading')} />}
          {drawnData && drawnData.employees.length === 0 && (
            <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
              <Text c="dimmed">{t('empty')}</Text>
            </Center>
          )}
          {recalculating && <RecalculatingOverlay />}
          {!diffMode && data && <GraphLegend data={data} colorBy={appearance.colorBy} />}
          {diff && <DiffLegend diff={diff} />}
        </InteractiveGraph>
        <Switch
          label={t('table.toggle')}
          checked={tableView}
          onChange={(event) => setTableView(event.currentTarget.checked)}
          disabled={!drawnData}
          data-testid="graph-table-toggle"
        />
        {tableView && !diffMode && data && <GraphTables data={data} />}
        {tableView && focusedDiff && <DiffTables diff={focusedDiff} show={diffShow} />}
        </>)}
        </Stack>
      </Flex>
    </>
  );
}

/** A file name in the reader's language: letters and digits of any script, the rest one dash. */
function fileSlug(parts: readonly string[]): string {
  return parts.map((part) => part.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').toLocaleLowerCase()).filter(Boolean).join('-').slice(0, 80);
}
