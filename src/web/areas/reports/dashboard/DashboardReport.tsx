import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Badge, Card, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useReportDashboard, type DashboardPeriod } from '../../../../api/reports/get-report-dashboard';
import { VERTICAL_LABELS } from '../../../../domain/leads/filters';
import {
  DASHBOARD_METRICS, DASHBOARD_SERIES, GROUP_WITHHELD_TEXT, type DashboardMetric, type DashboardProduct, type DashboardVertical,
  type GroupWithheld,
} from '../../../../domain/reports/dashboard';
import { offersCallReports } from '../../../../domain/reports/tables';
import { isAdmin } from '../../../../domain/roles';
import { formatDateTime, formatDayRange } from '../../../../domain/time-format';
import { useTimeZone } from '../../../app/clock';
import { useCurrentUser } from '../../../app/session';
import { CompanyPicker } from '../../../ui/CompanyPicker';
import { LoadFailed } from '../../../ui/LoadFailed';
import { CohortView } from './CohortView';
import { axisFormat, monthLabel, plotted, shown } from './format';

const COLORS = { you: 'blue.6', regional: 'teal.6', national: 'gray.5' } as const;
const PRODUCTS: Array<{ value: DashboardProduct; label: string }> = [{ value: 'leads', label: 'Leads' }, { value: 'calls', label: 'Calls' }];

/**
 * The Dashboard report (document 002 section 2): a 12-month column chart of one metric
 * for You, Regional and National, the same figures as a table, and 12 weekly performance
 * cards; product and vertical selectors (calls only for those who may report them).
 */
export default function DashboardReport() {
  const user = useCurrentUser();
  const zone = useTimeZone();
  const [metric, setMetric] = useState<DashboardMetric>('sold');
  const [product, setProduct] = useState<DashboardProduct>('leads');
  const [vertical, setVertical] = useState<DashboardVertical>('autoins');
  const [company, setCompany] = useState<number | null>(null);
  const q = useReportDashboard({ product, vertical, company });
  const admin = user ? isAdmin(user) : false;
  const calls = user ? offersCallReports(user.role, user.features) : false;
  const metricLabel = DASHBOARD_METRICS.find((m) => m.id === metric)!.label;

  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} fz="h2">Reports: Dashboard</Title>
        <Group gap="sm" wrap="wrap">
          {admin && <CompanyPicker companyId={company} onChange={setCompany} placeholder="All companies" testId="report-company" />}
          <Select label="Metric" data={DASHBOARD_METRICS.map((m) => ({ value: m.id, label: m.label }))} value={metric}
            onChange={(v) => v && setMetric(v as DashboardMetric)} allowDeselect={false} w={180} />
          <Select label="Product" data={PRODUCTS.filter((p) => p.value === 'leads' || calls)} value={product}
            onChange={(v) => v && setProduct(v as DashboardProduct)} allowDeselect={false} w={120} />
          <Select label="Vertical" data={Object.entries(VERTICAL_LABELS).map(([value, label]) => ({ value, label }))} value={vertical}
            onChange={(v) => v && setVertical(v as DashboardVertical)} allowDeselect={false} w={120} />
        </Group>
      </Group>
      {q.isPending ? (
        <Skeleton h={320} data-testid="report-loading" />
      ) : q.isError ? (
        <LoadFailed title="The dashboard report did not load" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            As of {formatDateTime(q.data.asOf, zone)} · mature data from {formatDayRange({ from: q.data.matureFrom, to: q.data.matureFrom })}
          </Text>
          {q.data.months.every((m) => m.you.sold === 0) && (
            <Alert color="gray" title="Nothing delivered yet">No {product} of this vertical were delivered to you in the last 12 months.</Alert>
          )}
          <MonthChart months={q.data.months} metric={metric} label={metricLabel} />
          <Withheld periods={[...q.data.months, ...q.data.weeks]} />
          <MonthTable months={q.data.months} metric={metric} label={metricLabel} />
          <Title order={2} fz="h4">Last 12 weeks</Title>
          <WeekCards weeks={q.data.weeks} />
          <CohortView product={product} vertical={vertical} company={company} />
        </>
      )}
    </Stack>
  );
}

function MonthChart({ months, metric, label }: { months: DashboardPeriod[]; metric: DashboardMetric; label: string }) {
  const data = months.map((m) => ({
    month: monthLabel(m.from),
    You: plotted(m.you, metric),
    Regional: plotted(m.regional.figures, metric),
    National: plotted(m.national.figures, metric),
  }));
  return (
    <Card withBorder padding="md" aria-label={`${label} by month`}>
      <BarChart h={300} data={data} dataKey="month" withLegend valueFormatter={axisFormat(metric)}
        series={DASHBOARD_SERIES.map((s) => ({ name: s.label, color: COLORS[s.id] }))} />
    </Card>
  );
}

/** Why a group's value is missing (the rule of 5 agents, or no region), said once. */
function Withheld({ periods }: { periods: DashboardPeriod[] }) {
  const reasons = new Set<GroupWithheld>();
  for (const p of periods) for (const g of [p.regional, p.national]) if (g.withheld) reasons.add(g.withheld);
  if (reasons.size === 0) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="group-withheld">
      {[...reasons].map((r) => <Text key={r} size="sm">{GROUP_WITHHELD_TEXT[r]}</Text>)}
    </Alert>
  );
}

function MonthTable({ months, metric, label }: { months: DashboardPeriod[]; metric: DashboardMetric; label: string }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label={`${label} by month`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            {DASHBOARD_SERIES.map((s) => <Table.Th key={s.id} ta="right">{s.label}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.from}>
              <Table.Td>
                {monthLabel(m.from)} {!m.mature && <Badge size="xs" variant="light" color="gray">not mature</Badge>}
              </Table.Td>
              <Table.Td ta="right">{shown(m.you, metric)}</Table.Td>
              <Table.Td ta="right">{shown(m.regional.figures, metric)}</Table.Td>
              <Table.Td ta="right">{shown(m.national.figures, metric)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The 12 weeks' performance cards: the viewer's own figures of each week. */
function WeekCards({ weeks }: { weeks: DashboardPeriod[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" data-testid="week-cards">
      {[...weeks].reverse().map((w) => (
        <Card key={w.from} withBorder padding="sm">
          <Group justify="space-between">
            <Text fw={600} size="sm">{formatDayRange(w)}</Text>
            {!w.mature && <Badge size="xs" variant="light" color="gray">not mature</Badge>}
          </Group>
          <SimpleGrid cols={2} spacing={4} mt="xs">
            {DASHBOARD_METRICS.map((m) => (
              <Text key={m.id} size="xs"><Text span c="dimmed" size="xs">{m.label}: </Text>{shown(w.you, m.id)}</Text>
            ))}
          </SimpleGrid>
        </Card>
      ))}
    </SimpleGrid>
  );
}
