import { Alert, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useApi } from '../../../api/context';
import { exportVendorReport } from '../../../api/reports/export-vendor-report';
import { useVendorReport, type VendorReportRow } from '../../../api/reports/get-vendor-report';
import { dollars } from '../../../domain/money/format';
import { REPORT_PAGE_SIZE, REPORT_PAGE_WINDOW, VENDOR_COLUMN_LABELS, VENDOR_SORTS, percent, type SortOrder, type VendorSort } from '../../../domain/reports/tables';
import { LoadFailed } from '../../ui/LoadFailed';
import { CsvButton } from './shared/CsvButton';
import { NO_REPORT_FILTER, ReportFilters, reportQueryOf, type ReportFilterValue } from './shared/ReportFilters';

const count = (n: number) => n.toLocaleString('en-US');
/** Each column's cell, readable: counts grouped, rates in percent, money in dollars. */
const CELL: Record<VendorSort, (r: VendorReportRow) => string> = {
  vendorDisplayName: (r) => r.vendorDisplayName,
  total: (r) => count(r.total),
  quoted: (r) => count(r.quoted),
  quoteRate: (r) => percent(r.quoteRate),
  policies: (r) => count(r.policies),
  costPerQuote: (r) => dollars(r.costPerQuote),
  costPerPolicy: (r) => dollars(r.costPerPolicy),
  returnRate: (r) => percent(r.returnRate),
};

/**
 * The Vendors report (document 002 sections 2, 3 and 9): one row per vendor of the leads
 * sold in the range, every column sortable (total descending first), 25 rows a page with
 * two pages either side, and the whole filter as a CSV.
 */
export default function VendorsReport() {
  const api = useApi();
  const [filter, setFilter] = useState<ReportFilterValue>(NO_REPORT_FILTER);
  const [sort, setSort] = useState<{ by: VendorSort; order: SortOrder }>({ by: 'total', order: 'desc' });
  const [page, setPage] = useState(1);
  const base = { ...reportQueryOf(filter), sort: sort.by, order: sort.order };
  const q = useVendorReport({ ...base, limit: REPORT_PAGE_SIZE, skip: (page - 1) * REPORT_PAGE_SIZE });
  const data = q.data;
  const change = (f: ReportFilterValue) => {
    setFilter(f);
    setPage(1);
  };
  const sortBy = (by: VendorSort) => {
    setSort((s) => ({ by, order: s.by === by && s.order === 'desc' ? 'asc' : by === 'vendorDisplayName' && s.by !== by ? 'asc' : 'desc' }));
    setPage(1);
  };

  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">
          Reports: Vendors
        </Title>
        <CsvButton testId="vendors-csv" disabled={!data || q.isError} load={() => exportVendorReport(api, base)} />
      </Group>
      <ReportFilters value={filter} onChange={change} shown={data ? { from: data.dateFrom, to: data.dateTo } : null} firstDay={data?.firstDay ?? null} />
      {q.isError ? (
        <LoadFailed title="The vendor report did not load" error={q.error} onRetry={() => void q.refetch()} />
      ) : !data ? (
        <Skeleton h={320} data-testid="vendors-loading" />
      ) : data.count === 0 ? (
        <Alert color="gray" title="No leads in this range" data-testid="vendors-empty">
          No vendor sold leads matching these filters between {data.dateFrom} and {data.dateTo}.
        </Alert>
      ) : (
        <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
          <Table striped highlightOnHover data-testid="vendors-table" opacity={q.isFetching ? 0.6 : 1}>
            <Table.Thead>
              <Table.Tr>
                {VENDOR_SORTS.map((c) => (
                  <Table.Th key={c} ta={c === 'vendorDisplayName' ? 'left' : 'right'} aria-sort={sort.by === c ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <UnstyledButton onClick={() => sortBy(c)} fw={600} fz="sm" data-testid={`sort-${c}`}>
                      <Group gap={4} wrap="nowrap" justify={c === 'vendorDisplayName' ? 'flex-start' : 'flex-end'}>
                        {VENDOR_COLUMN_LABELS[c]}
                        {sort.by === c && (sort.order === 'asc' ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />)}
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((r) => (
                <Table.Tr key={r.vendorId} data-testid="vendor-row">
                  {VENDOR_SORTS.map((c) => (
                    <Table.Td key={c} ta={c === 'vendorDisplayName' ? 'left' : 'right'} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {CELL[c](r)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {data && data.count > REPORT_PAGE_SIZE && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {count(data.count)} vendors
          </Text>
          <Pagination total={Math.ceil(data.count / REPORT_PAGE_SIZE)} value={page} onChange={setPage} siblings={REPORT_PAGE_WINDOW} boundaries={0} />
        </Group>
      )}
    </Stack>
  );
}
