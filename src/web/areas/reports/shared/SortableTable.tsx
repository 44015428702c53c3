import { Group, Pagination, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { REPORT_PAGE_SIZE, REPORT_PAGE_WINDOW, TEXT_SORTS, type SortOrder } from '../../../../domain/reports/tables';
import { staleProps } from '../../../ui/stale';

export interface TableSort<C extends string> {
  by: C;
  order: SortOrder;
}

interface Props<R, C extends string> {
  columns: readonly C[];
  labels: Record<C, string>;
  /** Each column's cell, readable (counts grouped, rates in percent, money in dollars), or a control (a count that opens its rows). */
  cells: Record<C, (row: R) => ReactNode>;
  rows: readonly R[];
  rowKey(row: R): string | number;
  sort: TableSort<C>;
  onSort(by: C): void;
  /** The table's name for a screen reader. */
  label: string;
  testId: string;
  rowTestId: string;
  /** A newer answer is on its way (a new sort, page or filter): the rows are dimmed and the table says it is busy. */
  stale?: boolean;
}

/**
 * A report table whose every column sorts on the server (the whole filter is sorted before
 * it is paged): the sorted column's header says its order (aria-sort) with an arrow; text
 * left, figures right in tabular digits.
 */
export function SortableTable<R, C extends string>({ columns, labels, cells, rows, rowKey, sort, onSort, label, testId, rowTestId, stale }: Props<R, C>) {
  const align = (c: C) => (TEXT_SORTS.includes(c) ? 'left' : 'right');
  return (
    <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
      <Table striped highlightOnHover data-testid={testId} aria-label={label} {...staleProps(stale)}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c} ta={align(c)} aria-sort={sort.by === c ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                <UnstyledButton onClick={() => onSort(c)} fw={600} fz="sm" data-testid={`sort-${c}`}>
                  <Group gap={4} wrap="nowrap" justify={align(c) === 'left' ? 'flex-start' : 'flex-end'}>
                    {labels[c]}
                    {sort.by === c && (sort.order === 'asc' ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />)}
                  </Group>
                </UnstyledButton>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={rowKey(r)} data-testid={rowTestId}>
              {columns.map((c) => (
                <Table.Td key={c} ta={align(c)} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {cells[c](r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The pages of a report table (25 rows a page, two pages either side), shown when there is more than one. */
export function ReportPager({ count, page, onChange, noun }: { count: number; page: number; onChange(page: number): void; noun: string }) {
  if (count <= REPORT_PAGE_SIZE) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {count.toLocaleString('en-US')} {noun}
      </Text>
      <Pagination total={Math.ceil(count / REPORT_PAGE_SIZE)} value={page} onChange={onChange} siblings={REPORT_PAGE_WINDOW} boundaries={0} />
    </Group>
  );
}
