import { Alert, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLeadVolume, type LeadVolumePeriod } from '../../../api/reports/get-lead-volume';
import { DASHBOARD_MSG } from '../../../domain/dashboard/screen';
import { dollars } from '../../../domain/money/format';
import { REGIONAL_CHART_CHOICES, regionalChartDefault } from '../../../domain/dashboard/regional';
import { REPORT_RANGE } from '../../../domain/reports/range';
import { VOLUME_COLUMN_LABELS } from '../../../domain/reports/tables';
import { formatDateTime, formatDayRange } from '../../../domain/time-format';
import type { DayRange } from '../../../domain/time/range';
import { isoDayIn } from '../../../domain/time/zone';
import { useClock, useTimeZone } from '../../app/clock';
import { DateRangeSelect } from '../../ui/DateRangeSelect';
import { LoadFailed } from '../../ui/LoadFailed';
import { staleProps } from '../../ui/stale';

// @mantine/charts loads with the chart, not with the dashboard.
const VolumeChart = lazy(() => import('../../ui/charts/VolumeChart'));

const CHART_HEIGHT = 260;
/** A month of days scrolls inside the card rather than pushing the orders down. */
const TABLE_MAX_HEIGHT = 360;
const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));

/** The chart's figures as a table (the house rule: every chart has its table). */
function Figures({ periods, totals, withCalls }: { periods: LeadVolumePeriod[]; totals: LeadVolumePeriod; withCalls: boolean }) {
  const row = (p: LeadVolumePeriod, label: string, key: string) => (
    <Table.Tr key={key} data-testid={key === 'total' ? 'regional-total' : 'regional-row'}>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right">{count(p.leads)}</Table.Td>
      {withCalls && <Table.Td ta="right">{count(p.calls)}</Table.Td>}
      <Table.Td ta="right">{count(p.total)}</Table.Td>
      <Table.Td ta="right">{dollars(p.spend)}</Table.Td>
    </Table.Tr>
  );
  // A scrolling region holding no control takes the focus itself, so a keyboard can scroll it.
  return (
    <Table.ScrollContainer minWidth={300} maxHeight={TABLE_MAX_HEIGHT} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table striped highlightOnHover stickyHeader fz="sm" horizontalSpacing="xs" aria-label={`${DASHBOARD_MSG.regionalTitle} by period`} data-testid="regional-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{VOLUME_COLUMN_LABELS.from}</Table.Th>
            <Table.Th ta="right">{VOLUME_COLUMN_LABELS.leads}</Table.Th>
            {withCalls && <Table.Th ta="right">{VOLUME_COLUMN_LABELS.calls}</Table.Th>}
            <Table.Th ta="right">{VOLUME_COLUMN_LABELS.total}</Table.Th>
            <Table.Th ta="right">{VOLUME_COLUMN_LABELS.spend}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{periods.map((p) => row(p, formatDayRange(p), p.from))}</Table.Tbody>
        <Table.Tfoot>{row(totals, 'All days', 'total')}</Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The regional performance chart (document 002 section 2): what was delivered in the
 * regional manager's region per day or week (GET /reports/lead-volume in their scope, read
 * from the report rollups), with the reports' date range (default "last 90 days and
 * beyond", `regionalChartDefault`), a legend, the "as of" time and the same figures
 * as a table.
 */
export function RegionalPerformance() {
  const clock = useClock();
  const zone = useTimeZone();
  const [chosen, setChosen] = useState<DayRange | null>(null);
  // The default days start at the account's first day, which any answer of the report carries:
  // until a choice, the first ask is the server's default range (one row), for its firstDay.
  const probe = useLeadVolume({ limit: 1 }, chosen === null);
  const firstDay = probe.data?.firstDay ?? null;
  const range = chosen ?? (firstDay ? regionalChartDefault(isoDayIn(clock.now(), zone), firstDay) : null);
  // One row of the paged results: the chart and the table read `periods`, every period of the range.
  const q = useLeadVolume(range ? { dateFrom: range.from, dateTo: range.to, limit: 1 } : { limit: 1 }, range !== null);
  const data = range ? q.data : undefined;
  const failed = probe.isError ? probe : q.isError ? q : null;
  const withCalls = data?.products.includes('calls') ?? false;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={DASHBOARD_MSG.regionalTitle} data-testid="regional-performance">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={0}>
            <Title order={3}>{DASHBOARD_MSG.regionalTitle}</Title>
            <Text size="sm" c="dimmed">{DASHBOARD_MSG.regionalBody}</Text>
            {data && (
              <Text size="xs" c="dimmed" data-testid="regional-as-of">
                As of {formatDateTime(data.asOf, zone)}
              </Text>
            )}
          </Stack>
          {range && (
            <DateRangeSelect value={range} onChange={setChosen} rule={REPORT_RANGE} now={clock.now()} timeZone={zone} choices={REGIONAL_CHART_CHOICES} notBefore={firstDay ?? data?.firstDay ?? null} />
          )}
        </Group>
        {failed ? (
          <LoadFailed title="The regional figures did not load" error={failed.error} onRetry={() => void failed.refetch()} />
        ) : !data ? (
          <Skeleton h={CHART_HEIGHT + 60} radius="md" data-testid="regional-loading" />
        ) : data.totals.total === 0 ? (
          <Alert color="gray" data-testid="regional-empty">
            {DASHBOARD_MSG.regionalEmpty} ({formatDayRange({ from: data.dateFrom, to: data.dateTo })})
          </Alert>
        ) : (
          <Stack gap="sm" {...staleProps(q.isPlaceholderData)}>
            <Suspense fallback={<Skeleton h={CHART_HEIGHT + 60} radius="md" />}>
              <VolumeChart periods={data.periods} withCalls={withCalls} interval={data.interval} height={CHART_HEIGHT} label={`${DASHBOARD_MSG.regionalTitle} chart`} testId="regional-chart" />
            </Suspense>
            <Figures periods={data.periods} totals={data.totals} withCalls={withCalls} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
