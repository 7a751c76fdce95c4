import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TKeyPeopleSort, TKeyPersonRow, TRoleChoice } from './key-people-filter.ts';
import { RoleBadge } from './role-badge.tsx';
import type { TRoleDescription } from './role-labels.ts';

const SORT_OPTIONS = ['employee:asc', 'employee:desc', 'unit:asc', 'keyRoles:desc', 'groupRoles:desc'] as const;
type TSortOption = (typeof SORT_OPTIONS)[number];

const COLUMN_LABEL_KEYS = { employee: 'table.employee', unit: 'table.unit', keyRoles: 'table.keyRoles', groupRoles: 'table.groupRoles' } as const;

function toSort(option: TSortOption): TKeyPeopleSort {
  const [column, direction] = option.split(':') as [TKeyPeopleSort['column'], TKeyPeopleSort['direction']];
  return { column, direction };
}

type TKeyPersonCardsProps = {
  rows: readonly TKeyPersonRow[];
  sort: TKeyPeopleSort;
  onSort: (sort: TKeyPeopleSort) => void;
  describe: (choice: TRoleChoice) => TRoleDescription;
};

/**
 * The key people on a phone: a four-column table does not fit 390 px, so each person becomes a
 * card, and the column headers' sorting becomes a select.
 */
export function KeyPersonCards({ rows, sort, onSort, describe }: TKeyPersonCardsProps) {
  const { t } = useTranslation('keyPeople');
  const current = `${sort.column}:${sort.direction}`;
  return (
    <Stack gap="sm">
      <Select
        label={t('table.sortBy')}
        data={SORT_OPTIONS.map((option) => {
          const { column, direction } = toSort(option);
          return { value: option, label: `${t(COLUMN_LABEL_KEYS[column])} ${direction === 'asc' ? '↑' : '↓'}` };
        })}
        value={SORT_OPTIONS.find((option) => option === current) ?? null}
        onChange={(value) => {
          const option = SORT_OPTIONS.find((candidate) => candidate === value);
          if (option) onSort(toSort(option));
        }}
        allowDeselect={false}
        data-testid="key-people-sort-select"
      />
      {rows.map((row) => (
        <Paper key={row.employeeId} withBorder radius="md" p="sm" data-testid="key-person-card" data-employee-id={row.employeeId}>
          <Text fw={600}>{row.name}</Text>
          <Text fz="sm" c="dimmed" mb={6}>
            {row.unitName || t('table.noUnit')}
          </Text>
          <Group gap={4}>
            {row.keyRoles.map((role) => (
              <RoleBadge key={role} kind="key" description={describe(`key:${role}`)} />
            ))}
            {row.groupRoles.map((role) => (
              <RoleBadge key={role} kind="group" description={describe(`group:${role}`)} />
            ))}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
