import { Alert, Group, Pagination, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApi } from '../../../api/context';
import { exportReturnRates } from '../../../api/reports/export-return-rates';
import { exportReturnReasons } from '../../../api/reports/export-return-reasons';
import { useReturnRates } from '../../../api/reports/get-return-rates';
import { useReturnReasons } from '../../../api/reports/get-return-reasons';
import { REPORT_PAGE_SIZE, REPORT_PAGE_WINDOW, RETURN_RATE_GROUPS, percent, type ReturnRateGroup } from '../../../domain/reports/tables';
import { RETURN_REASON_LABELS, type ReturnReason } from '../../../domain/returns/reasons';
import { LoadFailed } from '../../ui/LoadFailed';
import { CsvButton } from './shared/CsvButton';
import { NO_REPORT_FILTER, ReportFilters, reportQueryOf, type ReportFilterValue } from './shared/ReportFilters';
import { staleProps } from '../../ui/stale';
import { Stat } from './shared/Stat';

const count = (n: number) => n.toLocaleString('en-US');
const GROUP_LABELS: Record<ReturnRateGroup, string> = { vendor: 'Vendors', package: 'Packages' };
const NUM = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums' } } as const;


/**
 * The Returns report (document 002 sections 2 and 3): the returns asked in the range by
 * reason, with the lead-return stats (total, returned, return average), and the highest
 * return rates of vendors or packages that sold enough to rank; each table with its CSV.
 */
export default function ReturnsReport() {
  const api = useApi();
  const [filter, setFilter] = useState<ReportFilterValue>(NO_REPORT_FILTER);
  const [by, setBy] = useState<ReturnRateGroup>('vendor');
  const [page, setPage] = useState(1);
  const base = reportQueryOf(filter);
  const reasons = useReturnReasons(base);
  const rates = useReturnRates({ ...base, by, limit: REPORT_PAGE_SIZE, skip: (page - 1) * REPORT_PAGE_SIZE });
  const r = reasons.data;
  const change = (f: ReportFilterValue) => {
    setFilter(f);
    setPage(1);
  };

  return (
    <Stack gap="md" w="100%">
      <Title order={1} fz="h2">
        Reports: Returns
      </Title>
      <ReportFilters value={filter} onChange={change} shown={r ? { from: r.dateFrom, to: r.dateTo } : null} firstDay={r?.firstDay ?? null} />

      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h4">
          Return reasons
        </Title>
        <CsvButton testId="reasons-csv" disabled={!r || reasons.isError} load={() => exportReturnReasons(api, base)} />
      </Group>
      {reasons.isError ? (
        <LoadFailed title="The return reasons did not load" error={reasons.error} onRetry={() => void reasons.refetch()} />
      ) : !r ? (
        <Skeleton h={240} data-testid="reasons-loading" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stat label="Leads sold" value={count(r.stats.total)} testId="stat-total" />
            <Stat label="Returns asked" value={count(r.stats.returned)} testId="stat-returned" />
            <Stat label="Return average" value={percent(r.stats.returnAvg)} testId="stat-return-avg" />
          </SimpleGrid>
          {r.reasons.length === 0 ? (
            <Alert color="gray" title="No returns in this range" data-testid="reasons-empty">
              Nobody asked to return a lead matching these filters between {r.dateFrom} and {r.dateTo}.
            </Alert>
          ) : (
            <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
              <Table striped data-testid="reasons-table" {...staleProps(reasons.isFetching)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Reason</Table.Th>
                    <Table.Th ta="right">Returned</Table.Th>
                    <Table.Th ta="right">Share</Table.Th>
                    <Table.Th ta="right">Vendors</Table.Th>
                    <Table.Th>Most returned vendor</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.reasons.map((x) => (
                    <Table.Tr key={x.reason}>
                      <Table.Td>{RETURN_REASON_LABELS[x.reason as ReturnReason] ?? x.reason}</Table.Td>
                      <Table.Td {...NUM}>{count(x.returned)}</Table.Td>
                      <Table.Td {...NUM}>{percent(x.share)}</Table.Td>
                      <Table.Td {...NUM}>{count(x.vendors)}</Table.Td>
                      <Table.Td>
                        {x.topVendor} ({count(x.topVendorReturned)})
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </>
      )}

      <Group justify="space-between" align="flex-end" mt="md">
        <Title order={2} fz="h4">
          Highest return rates
        </Title>
        <Group>
          <SegmentedControl
            value={by}
            onChange={(v) => {
              setBy(v as ReturnRateGroup);
              setPage(1);
            }}
            data={RETURN_RATE_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
          />
          <CsvButton testId="rates-csv" disabled={!rates.data || rates.isError} load={() => exportReturnRates(api, { ...base, by })} />
        </Group>
      </Group>
      {rates.isError ? (
        <LoadFailed title="The return rates did not load" error={rates.error} onRetry={() => void rates.refetch()} />
      ) : !rates.data ? (
        <Skeleton h={240} data-testid="rates-loading" />
      ) : rates.data.count === 0 ? (
        <Alert color="gray" title="Nothing to rank" data-testid="rates-empty">
          No {by} sold at least {rates.data.minTotal} leads matching these filters in this range.
        </Alert>
      ) : (
        <>
          <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
            <Table striped data-testid="rates-table" {...staleProps(rates.isFetching)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{by === 'vendor' ? 'Vendor' : 'Package'}</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Returned</Table.Th>
                  <Table.Th ta="right">Return rate</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.data.results.map((x) => (
                  <Table.Tr key={x.id}>
                    <Table.Td>{x.name}</Table.Td>
                    <Table.Td {...NUM}>{count(x.total)}</Table.Td>
                    <Table.Td {...NUM}>{count(x.returned)}</Table.Td>
                    <Table.Td {...NUM}>{percent(x.returnAvg)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Ranked: those that sold at least {rates.data.minTotal} leads in the range.
            </Text>
            {rates.data.count > REPORT_PAGE_SIZE && (
              <Pagination total={Math.ceil(rates.data.count / REPORT_PAGE_SIZE)} value={page} onChange={setPage} siblings={REPORT_PAGE_WINDOW} boundaries={0} />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
