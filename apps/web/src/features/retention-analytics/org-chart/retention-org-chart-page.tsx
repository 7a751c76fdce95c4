import { Group, Text } from '@mantine/core';
import type { TRetentionExplanations } from '@ona/contracts';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { buildLeaderTree, leaderTreeIds, type TLeaderTreeNode } from '../leader-tree.ts';
import { RetentionLayout, type TRetentionPageContext } from '../retention-layout.tsx';
import type { TRetentionLookups } from '../retention-lookups.ts';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import { asRiskLevel, RISK_LEVEL_COLORS } from '../risk-summary.ts';
import { ExpandToggle, OrgChartFrame, orgChartClasses as classes, TreeBranch, useExpandedSet } from '../../../shared/ui/org-chart/org-chart-tree.tsx';

function PersonCard({ node, open, toggle, explanations, lookups }: { node: TLeaderTreeNode; open: boolean; toggle: () => void; explanations: TRetentionExplanations; lookups: TRetentionLookups }) {
  const { t } = useTranslation('retention');
  const { employee } = node;
  const level = asRiskLevel(employee.risk_level);
  // A level withheld from this reader (aggregate risk only) is drawn in grey, never as "no risk".
  const style = { '--edge-color': `var(--mantine-color-${employee.risk_level === null ? 'gray' : RISK_LEVEL_COLORS[level]}-6)`, '--card-padding-block': '6px' } as CSSProperties;
  return (
    <div className={classes.card} style={style} data-testid="org-chart-person" data-employee={employee.id} data-level={level}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ExpandToggle hasChildren={node.children.length > 0} open={open} onToggle={toggle} label={t(open ? 'orgChart.collapse' : 'orgChart.expand', { name: employee.name })} />
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

function OrgChart({ data, lookups }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const tree = useMemo(() => buildLeaderTree(data.employees, data.root_employees, activeLocale()), [data]);
  // The tops open, so their direct reports show; one click opens any team further down.
  const { expanded, toggle, setExpanded } = useExpandedSet(() => tree.map((root) => root.employee.id));
  return (
    <OrgChartFrame
      header={
        <Text fz="sm" c="dimmed" maw={640}>
          {t('orgChart.intro')}
        </Text>
      }
      empty={tree.length === 0}
      texts={{ expandAll: t('orgChart.expandAll'), collapseAll: t('orgChart.collapseAll'), empty: t('orgChart.empty'), tree: t('menu.orgChart') }}
      onExpandAll={() => setExpanded(new Set(leaderTreeIds(tree)))}
      onCollapseAll={() => setExpanded(new Set())}
      expandAllTestId="org-chart-expand-all"
      treeTestId="retention-org-chart"
    >
      <TreeBranch
        nodes={tree}
        idOf={(node: TLeaderTreeNode) => node.employee.id}
        labelOf={(node) => node.employee.name}
        childrenOf={(node) => node.children}
        expanded={expanded}
        card={(node, open) => <PersonCard node={node} open={open} toggle={() => toggle(node.employee.id)} explanations={data.explanations} lookups={lookups} />}
      />
    </OrgChartFrame>
  );
}

export function RetentionOrgChartPage() {
  return <RetentionLayout section="org-chart">{(context) => <OrgChart {...context} />}</RetentionLayout>;
}
