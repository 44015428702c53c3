import { Alert, Group, Skeleton, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from '../../../ui/LoadFailed';
import { AsOf } from './AsOf';
import { CsvButton } from './CsvButton';
import { ReportFilters } from './ReportFilters';
import type { useReportTable } from './report-table';
import { ReportPager, SortableTable } from './SortableTable';

/** A page of a report table as its operation answers it. */
interface TablePage<R> {
  asOf?: string;
  dateFrom: string;
  dateTo: string;
  firstDay: string;
  count: number;
  results: R[];
}

interface Props<R, C extends string> {
  /** The tab's name: the heading says "Reports: <title>". */
  title: string;
  /** The test ids' stem: `<stem>-csv`, `-loading`, `-empty`, `-table`. */
  stem: string;
  rowTestId: string;
  /** What the rows are, plural ("vendors"), for the pager. */
  noun: string;
  table: ReturnType<typeof useReportTable<C>>;
  query: UseQueryResult<TablePage<R>>;
  exportCsv(): Promise<{ blob: Blob; fileName: string }>;
  columns: readonly C[];
  labels: Record<C, string>;
  cells: Record<C, (row: R) => ReactNode>;
  rowKey(row: R): string | number;
  loadFailed: string;
  empty: { title: string; text(page: TablePage<R>): string };
  /** Beside the CSV button: the report's own choices (the rankings' figure). */
  controls?: ReactNode;
  /** Shown above the table when it has rows (a chart of them), and under it (a note). */
  above?: ReactNode;
  below?: ReactNode;
  /** The filter bar without the product (a report of one product). */
  noProduct?: boolean;
}

/**
 * A report that is one sortable table (Vendors, Packages, Rankings, Calls): the heading,
 * its own choices and its CSV, the filter bar, "As of", then the loading, failed, empty or
 * filled table (a chart above it, a note under it) and its pages.
 */
export function SortableReport<R, C extends string>(p: Props<R, C>) {
  const { table: t, query: q } = p;
  const data = q.data;
  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Reports: {p.title}
        </Title>
        <Group gap="sm" align="flex-end">
          {p.controls}
          <CsvButton testId={`${p.stem}-csv`} disabled={!data || q.isError} load={p.exportCsv} />
        </Group>
      </Group>
      <ReportFilters value={t.filter} onChange={t.changeFilter} shown={data ? { from: data.dateFrom, to: data.dateTo } : null} firstDay={data?.firstDay ?? null}
        noProduct={p.noProduct} />
      {data?.asOf && <AsOf asOf={data.asOf} />}
      {q.isError ? (
        <LoadFailed title={p.loadFailed} error={q.error} onRetry={() => void q.refetch()} />
      ) : !data ? (
        <Skeleton h={320} data-testid={`${p.stem}-loading`} />
      ) : data.count === 0 ? (
        <Alert color="gray" title={p.empty.title} data-testid={`${p.stem}-empty`}>
          {p.empty.text(data)}
        </Alert>
      ) : (
        <>
          {p.above}
          <SortableTable columns={p.columns} labels={p.labels} cells={p.cells} rows={data.results} rowKey={p.rowKey}
            sort={t.sort} onSort={t.sortBy} label={p.title} testId={`${p.stem}-table`} rowTestId={p.rowTestId} stale={q.isFetching} />
          {p.below}
        </>
      )}
      {data && <ReportPager count={data.count} page={t.page} onChange={t.setPage} noun={p.noun} />}
    </Stack>
  );
}
