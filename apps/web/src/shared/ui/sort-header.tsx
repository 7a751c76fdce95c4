import { Group, Table, UnstyledButton } from '@mantine/core';

export type TSortDirection = 'asc' | 'desc';

type TSortHeaderProps = {
  label: string;
  /** The direction when this column is the sorted one, else null. */
  direction: TSortDirection | null;
  onSort: () => void;
  testId: string;
  /** Counts are right-aligned, as in their cells. */
  numeric?: boolean;
};

/** A column header that sorts on click and tells assistive technology how the table is sorted. */
export function SortHeader({ label, direction, onSort, testId, numeric = false }: TSortHeaderProps) {
  return (
    <Table.Th aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'} data-sorted={direction ?? undefined} data-testid={testId} ta={numeric ? 'right' : undefined}>
      <UnstyledButton onClick={onSort} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <span aria-hidden="true" style={{ opacity: direction === null ? 0.3 : 1 }}>
            {direction === 'desc' ? '▼' : '▲'}
          </span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
