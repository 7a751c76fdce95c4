import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TRetentionExplanations } from '@ona/contracts';
import { useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { buildLeaderTree, leaderTreeIds, type TLeaderTreeNode } from '../leader-tree.ts';
import { RetentionLayout, type TRetentionPageContext } from '../retention-layout.tsx';
import type { TRetentionLookups } from '../retention-lookups.ts';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import { asRiskLevel, RISK_LEVEL_COLORS } from '../risk-summary.ts';
import classes from './org-chart.module.css';

type TBranchProps = {
  nodes: readonly TLeaderTreeNode[];
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  explanations: TRetentionExplanations;
  lookups: TRetentionLookups;
};

function PersonCard({ node, open, toggle, explanations, lookups }: { node: TLeaderTreeNode; open: boolean; toggle: () => void; explanations: TRetentionExplanations; lookups: TRetentionLookups }) {
  const { t } = useTranslation('retention');
  const { employee } = node;
  const level = asRiskLevel(employee.risk_level);
  // A level withheld from this reader (aggregate risk only) is drawn in grey, never as "no risk".
  const style = { '--risk-color': `var(--mantine-color-${employee.risk_level === null ? 'gray' : RISK_LEVEL_COLORS[level]}-6)` } as CSSProperties;
  return (
    <div className={classes.card} style={style} data-testid="org-chart-person" data-employee={employee.id} data-level={level}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {node.children.length > 0 ? (
            <ActionIcon variant="subtle" color="gray" size="sm" onClick={toggle} aria-expanded={open} aria-label={t(open ? 'orgChart.collapse' : 'orgChart.expand', { name: employee.name })}>
              <span style={{ display: 'inline-flex', transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
                <Icon name="chevronRight" size={16} />
              </span>
            </ActionIcon>
          ) : (
            <span style={{ width: 22, flexShrink: 0 }} aria-hidden="true" />
          )}
          <div style={{ minWidth: 0 }}>
            <Text fw={600} fz="sm" className={classes.name}>
              {employee.name}
            </Text>
            <Text fz="xs" c="dimmed" className={classes.name}>
              {[lookups.unitName(employee.unit), node.subtreeSize > 0 ? t('orgChart.reports', { count: node.subtreeSize }) : ''].filter(Boolean).join(' · ')}
            </Text>
          </div>
        </Group>
        <Group gap={6} wrap="nowrap">
          {node.highestBelow >= 3 && !open && (
            <Text fz="xs" c="red" fw={600} visibleFrom="xs" data-testid="org-chart-highest-below">
              {t('orgChart.highestBelow', { level: node.highestBelow })}
            </Text>
          )}
          <RiskLevelBadge level={level} explanations={explanations} size="sm" />
        </Group>
      </Group>
    </div>
  );
}

function Branch({ nodes, expanded, toggle, explanations, lookups }: TBranchProps) {
  return (
    <ul className={classes.tree} role="group">
      {nodes.map((node) => {
        const open = expanded.has(node.employee.id);
        return (
          <li key={node.employee.id} className={classes.node} role="treeitem" aria-expanded={node.children.length > 0 ? open : undefined} aria-label={node.employee.name}>
            <PersonCard node={node} open={open} toggle={() => toggle(node.employee.id)} explanations={explanations} lookups={lookups} />
            {open && node.children.length > 0 && <Branch nodes={node.children} expanded={expanded} toggle={toggle} explanations={explanations} lookups={lookups} />}
          </li>
        );
      })}
    </ul>
  );
}

function OrgChart({ data, lookups }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const tree = useMemo(() => buildLeaderTree(data.employees, data.root_employees, activeLocale()), [data]);
  // The tops open, so their direct reports show; one click opens any team further down.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(tree.map((root) => root.employee.id)));
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
          <Text fz="sm" c="dimmed" maw={640}>
            {t('orgChart.intro')}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setExpanded(new Set(leaderTreeIds(tree)))} data-testid="org-chart-expand-all">
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
        <div role="tree" aria-label={t('menu.orgChart')} data-testid="retention-org-chart">
          <Branch nodes={tree} expanded={expanded} toggle={toggle} explanations={data.explanations} lookups={lookups} />
        </div>
      )}
    </Stack>
  );
}

export function RetentionOrgChartPage() {
  return <RetentionLayout section="org-chart">{(context) => <OrgChart {...context} />}</RetentionLayout>;
}
