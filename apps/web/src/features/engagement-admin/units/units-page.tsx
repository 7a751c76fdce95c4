import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TAdminUnit } from '@ona/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUnitTree, type TUnitTreeNode } from '../../../shared/format/unit-tree.ts';
import { AdminFrame, QueryState } from '../admin-frame.tsx';
import { unitsQuery } from '../admin-api.ts';
import classes from './units-page.module.css';

type TTreeUnit = TAdminUnit & { parent: number | null };

function subtreeCount(node: TUnitTreeNode<TTreeUnit>): number {
  return node.unit.employee_count + node.children.reduce((sum, child) => sum + subtreeCount(child), 0);
}

function Branch({ nodes, level }: { nodes: TUnitTreeNode<TTreeUnit>[]; level: number }) {
  const { t } = useTranslation('admin');
  return (
    <ul className={classes.tree} role={level === 1 ? 'tree' : 'group'} aria-label={level === 1 ? t('units.tree') : undefined}>
      {nodes.map((node) => (
        <li key={node.unit.id} role="treeitem" aria-level={level} aria-expanded={node.children.length > 0 ? true : undefined} data-testid="unit-node" data-unit-id={node.unit.id}>
          <Group gap="xs" wrap="nowrap" className={classes.row}>
            <Text fw={level === 1 ? 700 : 500} fz="sm" className={classes.name}>
              {node.unit.name}
            </Text>
            <Badge variant="light" color="gray" tt="none" fw={500} title={t('units.directCount', { count: node.unit.employee_count })}>
              {t('units.employees', { direct: node.unit.employee_count, total: subtreeCount(node) })}
            </Badge>
          </Group>
          {node.children.length > 0 && <Branch nodes={node.children} level={level + 1} />}
        </li>
      ))}
    </ul>
  );
}

function Units({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const units = useQuery(unitsQuery(engagementId));
  const tree = useMemo(() => buildUnitTree((units.data ?? []).map((unit) => ({ ...unit, parent: unit.parent_id }))), [units.data]);
  if (!units.data) return <QueryState error={units.error} isError={units.isError} onRetry={() => void units.refetch()} loadingLabel={t('units.loading')} />;
  return (
    <Stack gap="sm">
      <Text c="dimmed" fz="sm" data-testid="units-count">
        {t('units.count', { count: units.data.length })}
      </Text>
      <Paper withBorder radius="lg" p="md">
        {tree.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('units.empty')}
          </Text>
        ) : (
          <Branch nodes={tree} level={1} />
        )}
      </Paper>
    </Stack>
  );
}

/** units/list.html: the unit tree with head counts. */
export function UnitsPage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.units.title')}>{(engagement) => <Units engagementId={engagement.id} />}</AdminFrame>;
}
