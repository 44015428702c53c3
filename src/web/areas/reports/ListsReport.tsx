import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Card, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { useListsReport, type ListsReportYear } from '../../../api/lists/get-lists-report';
import { mayOrderLists } from '../../../domain/lists/access';
import { isAdmin } from '../../../domain/roles';
import { useCurrentUser } from '../../app/session';
import { CompanyPicker } from '../../ui/CompanyPicker';
import { LoadFailed } from '../../ui/LoadFailed';
import { staleProps } from '../../ui/stale';
import { count } from './shared/cells';
import { Stat } from './shared/Stat';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const NUM = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums' } } as const;

/** Every month of a year, those without lists as zeros. */
const monthsOf = (y: ListsReportYear) =>
  MONTHS.map((label, i) => {
    const m = y.months.find((x) => x.month === i + 1);
    return { month: i + 1, label, lists: m?.lists ?? 0, records: m?.records ?? 0 };
  });

/**
 * The Lists report (document 002 sections 2 and 3): the lead lists made and their records
 * per year and month, from the lists themselves (failed and removed ones not counted), in
 * the reader's scope; an admin may read one company's.
 */
export default function ListsReport() {
  const user = useCurrentUser();
  const admin = user !== null && isAdmin(user);
  const [company, setCompany] = useState<number | null>(null);
  const report = useListsReport(admin ? company : null);
  const years = report.data?.years;
  const [picked, setPicked] = useState<number | null>(null);
  const year = years?.find((y) => y.year === picked) ?? years?.[0];

  return (
    <Stack gap="md" w="100%">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h2">Reports: Lists</Title>
        {user && mayOrderLists(user) && (
          <Button component={Link} href="/lists-orders/dashboard" variant="light">Open lead lists</Button>
        )}
      </Group>
      {admin && (
        <Group>
          <CompanyPicker companyId={company} onChange={setCompany} placeholder="All companies" testId="report-company" />
        </Group>
      )}
      {report.isError ? (
        <LoadFailed title="The lists report did not load" error={report.error} onRetry={() => void report.refetch()} />
      ) : !years ? (
        <Skeleton h={360} data-testid="lists-report-loading" />
      ) : years.length === 0 || !year ? (
        <Alert color="gray" title="No lists yet" data-testid="lists-report-empty">
          No lead list has been made {admin && company === null ? 'by any company' : 'for this account'} yet. Lists appear here, by the month they were made, as soon as they are ready.
        </Alert>
      ) : (
        <Stack gap="md" {...staleProps(report.isPlaceholderData)}>
          <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
            <Table striped aria-label="Lists per year" data-testid="lists-report-years">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Year</Table.Th>
                  <Table.Th ta="right">Lists</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                  <Table.Th ta="right">Records per list</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {years.map((y) => (
                  <Table.Tr key={y.year} data-testid="lists-report-year" data-year={y.year}>
                    <Table.Td>{y.year}</Table.Td>
                    <Table.Td {...NUM}>{count(y.lists)}</Table.Td>
                    <Table.Td {...NUM}>{count(y.records)}</Table.Td>
                    <Table.Td {...NUM}>{y.lists ? count(Math.round(y.records / y.lists)) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>

          <Group justify="space-between" align="flex-end">
            <Title order={2} fz="h4">{year.year} by month</Title>
            {years.length > 1 && (
              <SegmentedControl aria-label="Year" value={String(year.year)} onChange={(v) => setPicked(Number(v))} data={years.map((y) => String(y.year))} />
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Stat label="Lists" value={count(year.lists)} testId="lists-report-lists" />
            <Stat label="Records" value={count(year.records)} testId="lists-report-records" />
            <Stat label="Busiest month" value={busiest(year)} testId="lists-report-busiest" />
          </SimpleGrid>
          <Card withBorder padding="md" data-testid="lists-report-chart">
            <Text size="sm" c="dimmed" mb="xs">Lists (left axis) and their records (right axis) per month of {year.year}</Text>
            <BarChart
              h={280}
              data={monthsOf(year).map((m) => ({ month: m.label, Lists: m.lists, Records: m.records }))}
              dataKey="month"
              withLegend
              withRightYAxis
              yAxisProps={{ allowDecimals: false }}
              rightYAxisProps={{ allowDecimals: false }}
              series={[{ name: 'Lists', color: 'indigo.6' }, { name: 'Records', color: 'teal.5', yAxisId: 'right' }]}
              valueFormatter={(v) => v.toLocaleString('en-US')}
            />
          </Card>
          <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
            <Table striped aria-label={`Lists per month of ${year.year}`} data-testid="lists-report-months">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Lists</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {monthsOf(year).filter((m) => m.lists > 0 || m.records > 0).map((m) => (
                  <Table.Tr key={m.month} data-testid="lists-report-month">
                    <Table.Td>{MONTH_NAMES[m.month - 1]}</Table.Td>
                    <Table.Td {...NUM}>{count(m.lists)}</Table.Td>
                    <Table.Td {...NUM}>{count(m.records)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  <Table.Th {...NUM}>{count(year.lists)}</Table.Th>
                  <Table.Th {...NUM}>{count(year.records)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}

/** The month with the most records, or a dash for a year without any. */
function busiest(y: ListsReportYear): string {
  const top = monthsOf(y).reduce((a, b) => (b.records > a.records ? b : a));
  return top.records > 0 ? MONTH_NAMES[top.month - 1] : '—';
}

