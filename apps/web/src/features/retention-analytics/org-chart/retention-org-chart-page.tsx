import { Group, Text } from '@mantine/core';
import type { TRetentionExplanations, TRetentionOrgChartPerson } from '@ona/contracts';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../shared/ui/centered-loader.tsx';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { RetentionLayout, type TRetentionPageContext } from '../retention-layout.tsx';
import { useRetentionOrgChartTops } from '../retention-api.ts';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import { asRiskLevel, RISK_LEVEL_COLORS } from '../risk-summary.ts';
import { ExpandToggle, OrgChartFrame, orgChartClasses as classes, TreeBranch } from '../../../shared/ui/org-chart/org-chart-tree.tsx';
import { openBranches, useOrgChartBranches } from './use-org-chart-branches.ts';

function PersonCard({ person, open, toggle, explanations }: { person: TRetentionOrgChartPerson; open: boolean; toggle: () => void; explanations: TRetentionExplanations }) {
  const { t } = useTranslation('retention');
  const level = asRiskLevel(person.risk_level);
  // A level withheld from this reader (aggregate risk only) is drawn in grey, never as "no risk".
  const style = { '--edge-color': `var(--mantine-color-${person.risk_level === null ? 'gray' : RISK_LEVEL_COLORS[level]}-6)`, '--card-padding-block': '6px' } as CSSProperties;
  return (
    <div className={classes.card} style={style} data-testid="org-chart-person" data-employee={person.id} data-level={level}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ExpandToggle hasChildren={person.direct_reports > 0} open={open} onToggle={toggle} label={t(open ? 'orgChart.collapse' : 'orgChart.expand', { name: person.name })} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} fz="sm" className={classes.name}>
              {person.name}
            </Text>
            <Text fz="xs" c="dimmed" className={classes.name}>
              {[person.unit_name ?? '', person.below > 0 ? t('orgChart.reports', { count: person.below }) : ''].filter(Boolean).join(' · ')}
            </Text>
          </div>
        </Group>
        <Group gap={6} wrap="nowrap">
          {person.highest_below !== null && person.highest_below >= 3 && !open && (
            <Text fz="xs" c="red" fw={600} visibleFrom="xs" data-testid="org-chart-highest-below">
              {t('orgChart.highestBelow', { level: person.highest_below })}
            </Text>
          )}
          <RiskLevelBadge level={level} explanations={explanations} size="sm" />
        </Group>
      </Group>
    </div>
  );
}

/**
 * The leader tree, loaded a branch at a time (docs/analysis-result-parts.md): the tops first, each
 * with the size of their branch and the highest level in it; a person's direct reports when their
 * branch opens. "Expand all" opens every branch, loading a level of the tree per few requests.
 */
function OrgChart({ data, engagementId }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const topsQuery = useRetentionOrgChartTops(engagementId);
  const tops = useMemo(() => topsQuery.data?.people ?? [], [topsQuery.data]);
  const [allOpen, setAllOpen] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  // The tops open, so their direct reports show; one click opens any team further down.
  useEffect(() => setExpanded(new Set(tops.map((person) => person.id))), [tops]);
  const isOpen = (id: number) => allOpen || expanded.has(id);
  const [wanted, setWanted] = useState<readonly number[]>([]);
  const { branches, error, retry } = useOrgChartBranches(engagementId, wanted);
  const nextWanted = openBranches(tops, branches, isOpen);
  // A new array only when the branches to load change, so the loader runs once per change.
  if (nextWanted.join() !== wanted.join()) setWanted(nextWanted);

  const loadedIds = (): number[] => {
    const ids: number[] = [];
    const stack = [...tops];
    while (stack.length > 0) {
      const person = stack.pop();
      if (!person) continue;
      ids.push(person.id);
      stack.push(...(branches.get(person.id) ?? []));
    }
    return ids;
  };
  const toggle = (id: number) => {
    const current = allOpen ? new Set(loadedIds()) : new Set(expanded);
    if (current.has(id)) current.delete(id);
    else current.add(id);
    setAllOpen(false);
    setExpanded(current);
  };
  // Under "expand all" every loaded branch is open (only loaded people are drawn).
  const shownOpen: ReadonlySet<number> = allOpen ? new Set(loadedIds()) : expanded;

  if (topsQuery.isError) return <ErrorState error={topsQuery.error} onRetry={() => void topsQuery.refetch()} />;
  if (!topsQuery.data) return <CenteredLoader label={t('loading')} />;
  return (
    <>
      {error !== null && <ErrorState error={error} onRetry={retry} />}
      <OrgChartFrame
        header={
          <Text fz="sm" c="dimmed" maw={640}>
            {t('orgChart.intro')}
          </Text>
        }
        empty={tops.length === 0}
        texts={{ expandAll: t('orgChart.expandAll'), collapseAll: t('orgChart.collapseAll'), empty: t('orgChart.empty'), tree: t('menu.orgChart') }}
        onExpandAll={() => setAllOpen(true)}
        onCollapseAll={() => {
          setAllOpen(false);
          setExpanded(new Set());
        }}
        expandAllTestId="org-chart-expand-all"
        treeTestId="retention-org-chart"
      >
        <TreeBranch
          nodes={tops}
          idOf={(person: TRetentionOrgChartPerson) => person.id}
          labelOf={(person) => person.name}
          childrenOf={(person) => branches.get(person.id) ?? []}
          hasChildren={(person) => person.direct_reports > 0}
          expanded={shownOpen}
          card={(person, open) => <PersonCard person={person} open={open} toggle={() => toggle(person.id)} explanations={data.explanations} />}
        />
      </OrgChartFrame>
    </>
  );
}

export function RetentionOrgChartPage() {
  const { i18n } = useTranslation();
  // Another language sorts names otherwise: the tree starts again from its tops.
  return <RetentionLayout section="org-chart">{(context) => <OrgChart key={i18n.language} {...context} />}</RetentionLayout>;
}
