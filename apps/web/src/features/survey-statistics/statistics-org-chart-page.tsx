import { ActionIcon, Box, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { ANSWER_COUNT_LEGEND, type TSurveyStatistics } from '@ona/contracts';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { Icon } from '../../shared/ui/icon.tsx';
import { BAND_COLORS, HIGH_COLOR, LOW_COLOR, ResponseLegend } from './response-legend.tsx';
import { formatRate, responseBand } from './response-rate.ts';
import { StatisticsLayout } from './statistics-layout.tsx';
import { buildUnitTree, treeIds, type TUnitTreeNode } from '../../shared/format/unit-tree.ts';
import classes from './org-chart.module.css';
import { WithheldReasonNote } from '../../shared/ui/withheld-reason-note.tsx';

type TUnitStatistics = TSurveyStatistics['fill_statistics']['units'][number];

function UnitCard({ unit, expanded, onToggle, hasChildren }: { unit: TUnitStatistics; expanded: boolean; onToggle: () => void; hasChildren: boolean }) {
  const { t, i18n } = useTranslation('surveyStatistics');
  const locale = activeLocale();
  const rate = unit.subtree_response_rate;
  const low = unit.low_answer_count ?? 0;
  const high = unit.high_answer_count ?? 0;
  const total = unit.participant_count;
  const style = { '--band-color': rate === null ? undefined : BAND_COLORS[responseBand(rate)] } as CSSProperties;
  return (
    <div className={classes.card} style={style} data-testid="org-chart-unit" data-band={rate === null ? 'withheld' : responseBand(rate)}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {hasChildren ? (
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={onToggle} aria-expanded={expanded} aria-label={t(expanded ? 'orgChart.collapse' : 'orgChart.expand', { unit: unit.name })}>
              <span style={{ display: 'inline-flex', transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
                <Icon name="chevronRight" size={16} />
              </span>
            </ActionIcon>
          ) : (
            <span style={{ width: 22 }} aria-hidden="true" />
          )}
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

function Branch({ nodes, expanded, toggle }: { nodes: TUnitTreeNode<TUnitStatistics>[]; expanded: ReadonlySet<number>; toggle: (id: number) => void }) {
  return (
    <ul className={classes.tree} role="group">
      {nodes.map((node) => {
        const open = expanded.has(node.unit.id);
        return (
          <li key={node.unit.id} className={classes.node} role="treeitem" aria-expanded={node.children.length > 0 ? open : undefined} aria-label={node.unit.name}>
            <UnitCard unit={node.unit} expanded={open} hasChildren={node.children.length > 0} onToggle={() => toggle(node.unit.id)} />
            {open && node.children.length > 0 && <Branch nodes={node.children} expanded={expanded} toggle={toggle} />}
          </li>
        );
      })}
    </ul>
  );
}

function OrgChart({ statistics }: { statistics: TSurveyStatistics }) {
  const { t } = useTranslation('surveyStatistics');
  const tree = useMemo(() => buildUnitTree(statistics.fill_statistics.units), [statistics]);
  // Roots open, so the first two levels show: big organisations stay readable, one click shows more.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(tree.flatMap((root) => [root.unit.id])));
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" gap="sm">
          <ResponseLegend withBands />
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setExpanded(new Set(treeIds(tree)))}>
              {t('orgChart.expandAll')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setExpanded(new Set())}>
              {t('orgChart.collapseAll')}
            </Button>
          </Group>
        </Group>
      </Paper>
      {tree.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('orgChart.empty')}
        </Text>
      ) : (
        <div role="tree" aria-label={t('tabs.orgChart')} data-testid="org-chart">
          <Branch nodes={tree} expanded={expanded} toggle={toggle} />
        </div>
      )}
    </Stack>
  );
}

export function StatisticsOrgChartPage() {
  return <StatisticsLayout tab="org-chart">{(statistics) => <OrgChart statistics={statistics} />}</StatisticsLayout>;
}
