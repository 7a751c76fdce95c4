import { Box, Group, Progress, Text } from '@mantine/core';
import { ANSWER_COUNT_LEGEND, type TSurveyStatistics } from '@ona/contracts';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { BAND_COLORS, HIGH_COLOR, LOW_COLOR, ResponseLegend } from './response-legend.tsx';
import { formatRate, responseBand } from './response-rate.ts';
import { StatisticsLayout } from './statistics-layout.tsx';
import { buildUnitTree, treeIds, type TUnitTreeNode } from '../../shared/format/unit-tree.ts';
import { ExpandToggle, OrgChartFrame, orgChartClasses as classes, TreeBranch, useExpandedSet } from '../../shared/ui/org-chart/org-chart-tree.tsx';
import { WithheldReasonNote } from '../../shared/ui/withheld-reason-note.tsx';

type TUnitStatistics = TSurveyStatistics['fill_statistics']['units'][number];

function UnitCard({ unit, expanded, onToggle, hasChildren }: { unit: TUnitStatistics; expanded: boolean; onToggle: () => void; hasChildren: boolean }) {
  const { t, i18n } = useTranslation('surveyStatistics');
  const locale = activeLocale();
  const rate = unit.subtree_response_rate;
  const low = unit.low_answer_count ?? 0;
  const high = unit.high_answer_count ?? 0;
  const total = unit.participant_count;
  const style = { '--edge-color': rate === null ? undefined : BAND_COLORS[responseBand(rate)] } as CSSProperties;
  return (
    <div className={classes.card} style={style} data-testid="org-chart-unit" data-band={rate === null ? 'withheld' : responseBand(rate)}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ExpandToggle hasChildren={hasChildren} open={expanded} onToggle={onToggle} label={t(expanded ? 'orgChart.collapse' : 'orgChart.expand', { unit: unit.name })} />
          <Text fw={600} fz="sm" className={classes.name}>
            {unit.name}
          </Text>
        </Group>
        <Text fz="sm" fw={700} data-testid="org-chart-rate">
          {rate === null ? '–' : formatRate(rate, i18n.language)}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed" ml={28}>
        {t('orgChart.counts', {
          answered: unit.subtree_answered_count === null ? '–' : formatNumber(unit.subtree_answered_count, locale),
          participants: formatNumber(unit.subtree_participant_count, locale),
        })}
      </Text>
      {unit.subtree_withheld_reason && (
        <Box ml={28} mt={4}>
          <WithheldReasonNote reason={unit.subtree_withheld_reason} inline testId="org-chart-withheld-reason" />
        </Box>
      )}
      {!unit.withheld && total > 0 && (
        <Progress.Root size={8} mt={6} ml={28} role="group" aria-label={t('orgChart.answerCounts', { low, high })}>
          <Progress.Section value={(low / total) * 100} color={LOW_COLOR} aria-label={t('legend.low', { from: 0, to: ANSWER_COUNT_LEGEND.lowMax })} />
          <Progress.Section value={(high / total) * 100} color={HIGH_COLOR} aria-label={t('legend.high', { from: ANSWER_COUNT_LEGEND.highMin })} />
        </Progress.Root>
      )}
    </div>
  );
}

function OrgChart({ statistics }: { statistics: TSurveyStatistics }) {
  const { t } = useTranslation('surveyStatistics');
  const tree = useMemo(() => buildUnitTree(statistics.fill_statistics.units), [statistics]);
  // Roots open, so the first two levels show: big organisations stay readable, one click shows more.
  const { expanded, toggle, setExpanded } = useExpandedSet(() => tree.map((root) => root.unit.id));
  return (
    <OrgChartFrame
      header={<ResponseLegend withBands />}
      empty={tree.length === 0}
      texts={{ expandAll: t('orgChart.expandAll'), collapseAll: t('orgChart.collapseAll'), empty: t('orgChart.empty'), tree: t('tabs.orgChart') }}
      onExpandAll={() => setExpanded(new Set(treeIds(tree)))}
      onCollapseAll={() => setExpanded(new Set())}
      treeTestId="org-chart"
    >
      <TreeBranch
        nodes={tree}
        idOf={(node: TUnitTreeNode<TUnitStatistics>) => node.unit.id}
        labelOf={(node) => node.unit.name}
        childrenOf={(node) => node.children}
        expanded={expanded}
        card={(node, open) => <UnitCard unit={node.unit} expanded={open} hasChildren={node.children.length > 0} onToggle={() => toggle(node.unit.id)} />}
      />
    </OrgChartFrame>
  );
}

export function StatisticsOrgChartPage() {
  return <StatisticsLayout tab="org-chart">{(statistics) => <OrgChart statistics={statistics} />}</StatisticsLayout>;
}
