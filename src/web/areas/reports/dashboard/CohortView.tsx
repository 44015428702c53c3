import { LineChart } from '@mantine/charts';
import { Badge, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useReportCohorts, type CohortWeek } from '../../../../api/reports/get-report-cohorts';
import { COHORT_SETTLES_AFTER_DAYS } from '../../../../domain/reports/cohorts';
import { DASHBOARD_SERIES, type DashboardProduct, type DashboardVertical } from '../../../../domain/reports/dashboard';
import { formatDayRange } from '../../../../domain/time-format';
import { LoadFailed } from '../../../ui/LoadFailed';
import { axisFormat, plotted, shown } from './format';

const COLORS = { you: 'blue.6', regional: 'teal.6', national: 'gray.5' } as const;
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekLabel = (w: CohortWeek) => SHORT.format(Date.parse(`${w.from}T00:00:00Z`));

/**
 * Cost per policy net of returns by the week the leads were delivered (the cohort view,
 * docs/areas/reports.md): a young week's figure still moves as its leads quote, bind and
 * are returned, so each week says its age and whether it has settled (90 days).
 */
export function CohortView({ product, vertical, company }: { product: DashboardProduct; vertical: DashboardVertical; company: number | null }) {
  const q = useReportCohorts({ product, vertical, company });
  return (
    <Stack gap="sm" component="section" aria-label="Cost per policy by delivery week">
      <Title order={2} fz="h4">Cost per policy by delivery week</Title>
      <Text size="sm" c="dimmed">
        What each week&apos;s leads have cost per policy so far, net of returns. A week&apos;s figure moves as its leads are quoted, bound and
        returned, and settles {COHORT_SETTLES_AFTER_DAYS} days after the week ends.
      </Text>
      {q.isPending ? (
        <Skeleton h={260} />
      ) : q.isError ? (
        <LoadFailed title="Cost per policy by delivery week did not load" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <Card withBorder padding="md">
            <LineChart h={260} dataKey="week" withLegend connectNulls={false} curveType="linear" valueFormatter={axisFormat('costPerPolicyCents')}
              data={q.data.weeks.map((w) => ({
                week: weekLabel(w),
                You: plotted(w.you, 'costPerPolicyCents'),
                Regional: plotted(w.regional.figures, 'costPerPolicyCents'),
                National: plotted(w.national.figures, 'costPerPolicyCents'),
              }))}
              series={DASHBOARD_SERIES.map((s) => ({ name: s.label, color: COLORS[s.id] }))} />
          </Card>
          <Table.ScrollContainer minWidth={620}>
            <Table striped aria-label="Cost per policy by delivery week">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Delivered</Table.Th>
                  <Table.Th ta="right">Age</Table.Th>
                  <Table.Th ta="right">Your leads</Table.Th>
                  <Table.Th ta="right">Your policies</Table.Th>
                  {DASHBOARD_SERIES.map((s) => <Table.Th key={s.id} ta="right">{s.label}</Table.Th>)}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...q.data.weeks].reverse().map((w) => (
                  <Table.Tr key={w.from} data-testid="cohort-row">
                    <Table.Td>{formatDayRange(w)}</Table.Td>
                    <Table.Td ta="right">
                      {w.settled ? <Badge size="xs" variant="light" color="green">settled</Badge> : `${w.ageDays} days`}
                    </Table.Td>
                    <Table.Td ta="right">{shown(w.you, 'sold')}</Table.Td>
                    <Table.Td ta="right">{shown(w.you, 'policies')}</Table.Td>
                    <Table.Td ta="right">{shown(w.you, 'costPerPolicyCents')}</Table.Td>
                    <Table.Td ta="right">{shown(w.regional.figures, 'costPerPolicyCents')}</Table.Td>
                    <Table.Td ta="right">{shown(w.national.figures, 'costPerPolicyCents')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
