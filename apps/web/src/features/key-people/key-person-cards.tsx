import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sortOf, type TServerSort } from '../../shared/ui/report-list/list-state.ts';
import type { TKeyPeopleSortKey } from './key-people-api.ts';
import type { TKeyPersonRow, TRoleChoice } from './key-people-filter.ts';
import { RoleBadge } from './role-badge.tsx';
import type { TRoleDescription } from './role-labels.ts';

const SORT_OPTIONS = ['name', '-name', 'unit', '-key_roles', '-group_roles'] as const satisfies readonly TServerSort<TKeyPeopleSortKey>[];

const COLUMN_LABEL_KEYS = { name: 'table.employee', unit: 'table.unit', key_roles: 'table.keyRoles', group_roles: 'table.groupRoles' } as const;

type TKeyPersonCardsProps = {
  rows: readonly TKeyPersonRow[];
  sort: TServerSort<TKeyPeopleSortKey>;
  onSort: (sort: TServerSort<TKeyPeopleSortKey>) => void;
  describe: (choice: TRoleChoice) => TRoleDescription;
};

/**
 * The key people on a phone: a four-column table does not fit 390 px, so each person becomes a
 * card, and the column headers' sorting becomes a select.
 */
export function KeyPersonCards({ rows, sort, onSort, describe }: TKeyPersonCardsProps) {
  const { t } = useTranslation('keyPeople');
  return (
    <Stack gap="sm">
      <Select
        label={t('table.sortBy')}
        data={SORT_OPTIONS.map((option) => {
          const { key, direction } = sortOf<TKeyPeopleSortKey>(option);
          return { value: option, label: `${t(COLUMN_LABEL_KEYS[key])} ${direction === 'asc' ? '↑' : '↓'}` };
        })}
        value={SORT_OPTIONS.find((option) => option === sort) ?? null}
        onChange={(value) => {
          const option = SORT_OPTIONS.find((candidate) => candidate === value);
          if (option) onSort(option);
        }}
        allowDeselect={false}
        data-testid="key-people-sort-select"
      />
      {rows.map((row) => (
        <Paper key={row.employee.id} withBorder radius="md" p="sm" data-testid="key-person-card" data-employee-id={row.employee.id}>
          <Text fw={600}>{row.employee.name}</Text>
          <Text fz="sm" c="dimmed" mb={6}>
            {row.unit_name || t('table.noUnit')}
          </Text>
          <Group gap={4}>
            {row.key_roles.map((role) => (
              <RoleBadge key={role} kind="key" description={describe(`key:${role}`)} />
            ))}
            {row.group_roles.map((role) => (
              <RoleBadge key={role} kind="group" description={describe(`group:${role}`)} />
            ))}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
