import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Card, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useDigitalAdsReport, type DigitalAdsReport as Report } from '../../../api/reports/get-digital-ads-report';
import { dollars } from '../../../domain/money/format';
import { isAdmin } from '../../../domain/roles';
import { percent } from '../../../domain/reports/tables';
import { useCurrentUser } from '../../app/session';
import { LoadFailed } from '../../ui/LoadFailed';
import { AsOf } from './shared/AsOf';
import { NO_REPORT_FILTER, ReportFilters, reportQueryOf, type ReportFilterValue } from './shared/ReportFilters';
import { count } from './shared/cells';

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (day: string) => SHORT.format(Date.parse(`${day}T00:00:00Z`));

/** The figures of a group of digital-ads leads, as cards and as the vendor table's columns. */
const FIGURES: Array<{ key: keyof Report['totals']; label: string; show(r: Report['totals']): string }> = [
  { key: 'leads', label: 'Leads', show: (r) => count(r.leads) },
  { key: 'spend', label: 'Spend', show: (r) => dollars(r.spend) },
  { key: 'quoted', label: 'Quoted', show: (r) => count(r.quoted) },
  { key: 'quoteRate', label: 'Quote Rate', show: (r) => percent(r.quoteRate) },
  { key: 'policies', label: 'Policies', show: (r) => count(r.policies) },
  { key: 'costPerQuote', label: 'Cost Per Quote', show: (r) => dollars(r.costPerQuote) },
  { key: 'costPerPolicy', label: 'Cost Per Policy', show: (r) => dollars(r.costPerPolicy) },
];

/**
 * The Digital Ads report (document 002 section 2, for those with the digital-ads feature):
 * the leads a company bought from digital-ads vendors in the range, as figures, a column
 * per day with its figures as a table too, and per vendor. An agent or a manager reads
 * their own company; an admin picks one.
 */
export default function DigitalAdsReport() {
  const user = useCurrentUser();
  const [filter, setFilter] = useState<ReportFilterValue>(NO_REPORT_FILTER);
  const company = user && isAdmin(user) ? filter.company : (user?.company?.id ?? null);
  const { product: _product, company: _company, ...query } = reportQueryOf(filter);
  const q = useDigitalAdsReport(company, query);
  const data = q.data;

  return (
    <Stack gap="md" w="100%">
      <Title order={1} fz="h2">Reports: Digital Ads</Title>
      <ReportFilters value={filter} onChange={setFilter} shown={data ? { from: data.dateFrom, to: data.dateTo } : null} firstDay={data?.firstDay ?? null} noProduct />
      {company === null ? (
        <Alert color="gray" title="Pick a company" data-testid="digital-ads-pick">
          {user && isAdmin(user) ? 'Digital ads are read one company at a time: choose one above.' : 'Your account belongs to no company, so it bought no digital ads.'}
        </Alert>
      ) : q.isError ? (
        <LoadFailed title="The digital ads report did not load" error={q.error} onRetry={() => void q.refetch()} />
      ) : !data ? (
        <Skeleton h={360} data-testid="digital-ads-loading" />
      ) : (
        <>
          <AsOf asOf={data.asOf} />
          <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" data-testid="digital-ads-totals">
            {FIGURES.map((f) => (
              <Paper key={f.key} withBorder radius="md" p="sm">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{f.label}</Text>
                <Text fz="lg" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`digital-ads-${f.key}`}>{f.show(data.totals)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
          {data.totals.leads === 0 ? (
            <Alert color="gray" title="No digital ads in this range" data-testid="digital-ads-empty">
              No lead from a digital-ads vendor matching these filters was bought between {data.dateFrom} and {data.dateTo}.
            </Alert>
          ) : (
            <>
              <DaysChart days={data.days} />
              <VendorTable vendors={data.vendors} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}

/** Leads per day as columns with a legend, and the same days as a table for those who read figures. */
function DaysChart({ days }: { days: Report['days'] }) {
  return (
    <Card withBorder padding="md" data-testid="digital-ads-chart">
      <Text size="sm" c="dimmed" mb="xs">Leads from digital ads per day</Text>
      <BarChart h={260} data={days.map((d) => ({ day: dayLabel(d.day), Leads: d.leads }))} dataKey="day" withLegend
        series={[{ name: 'Leads', color: 'grape.6' }]} valueFormatter={(v) => v.toLocaleString('en-US')} />
      <Table.ScrollContainer minWidth={400} mah={240} mt="sm">
        <Table striped aria-label="Digital ads per day" stickyHeader>
          <Table.Thead>
            <Table.Tr><Table.Th>Day</Table.Th><Table.Th ta="right">Leads</Table.Th><Table.Th ta="right">Spend</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.filter((d) => d.leads > 0).map((d) => (
              <Table.Tr key={d.day} data-testid="digital-ads-day">
                <Table.Td>{d.day}</Table.Td>
                <Table.Td ta="right">{count(d.leads)}</Table.Td>
                <Table.Td ta="right">{dollars(d.spend)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function VendorTable({ vendors }: { vendors: Report['vendors'] }) {
  return (
    <Paper withBorder radius="md" p={0} style={{ overflowX: 'auto' }}>
      <Table striped aria-label="Digital ads by vendor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vendor</Table.Th>
            {FIGURES.map((f) => <Table.Th key={f.key} ta="right">{f.label}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vendors.map((v) => (
            <Table.Tr key={v.vendorId} data-testid="digital-ads-vendor">
              <Table.Td>{v.vendorDisplayName}</Table.Td>
              {FIGURES.map((f) => <Table.Td key={f.key} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{f.show(v)}</Table.Td>)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
