import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import type { LeadVolumePeriod } from '../../../api/reports/get-lead-volume';
import type { VolumeInterval } from '../../../domain/reports/volume';

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const at = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** A period on the chart's axis: "Nov 25", or a week "Nov 23 – 29". */
const axisLabel = (p: LeadVolumePeriod) => (p.from === p.to ? SHORT.format(at(p.from)) : SHORT.formatRange(at(p.from), at(p.to)));
const PER: Record<VolumeInterval, string> = { day: 'Per day', week: 'Per week, Monday to Sunday (the first and last cut at the range)' };

export interface VolumeChartProps {
  periods: LeadVolumePeriod[];
  withCalls: boolean;
  interval: VolumeInterval;
  /** The chart's accessible name and test id (the Lead Volume report's by default). */
  label?: string;
  testId?: string;
  height?: number;
}

/**
 * The periods of GET /reports/lead-volume: leads and calls as stacked columns, spend as a
 * line on the right axis, with a legend (the Lead Volume report and the dashboard's
 * regional performance). @mantine/charts stays in the chunks of the screens that import it.
 */
export default function VolumeChart({ periods, withCalls, interval, label = 'Lead volume chart', testId = 'volume-chart', height = 300 }: VolumeChartProps) {
  const data = periods.map((p) => ({ period: axisLabel(p), Leads: p.leads, ...(withCalls ? { Calls: p.calls } : {}), 'Spend ($)': p.spend / 100 }));
  return (
    <Card withBorder padding="md" aria-label={label} data-testid={testId}>
      <Text size="sm" c="dimmed" mb="xs">{PER[interval]}</Text>
      <CompositeChart
        h={height}
        data={data}
        dataKey="period"
        withLegend
        withRightYAxis
        rightYAxisLabel="Spend ($)"
        yAxisLabel="Delivered"
        barProps={{ stackId: 'volume' }}
        valueFormatter={(v) => v.toLocaleString('en-US')}
        series={[
          { name: 'Leads', color: 'blue.6', type: 'bar' },
          ...(withCalls ? [{ name: 'Calls', color: 'teal.6', type: 'bar' as const }] : []),
          { name: 'Spend ($)', color: 'orange.6', type: 'line', yAxisId: 'right' },
        ]}
      />
    </Card>
  );
}
