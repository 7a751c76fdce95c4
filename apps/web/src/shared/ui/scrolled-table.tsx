import { ScrollArea, Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column head: its text, and a fixed width where the column holds something short (#). */
export interface ScrolledTableColumn {
  label: ReactNode;
  w?: number;
}

/**
 * A striped table with one header row that scrolls sideways in its card on a narrow screen (long
 * German words, e-mail addresses) rather than widening the page. The rows are the children.
 */
export function ScrolledTable({ columns, children, ...table }: Omit<TableProps, 'children'> & { columns: readonly ScrolledTableColumn[]; children: ReactNode }) {
  return (
    <ScrollArea type="auto">
      <Table striped {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} w={column.w}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
