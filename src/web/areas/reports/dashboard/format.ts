import type { DashboardFigures } from '../../../../domain/reports/dashboard';
import { DASHBOARD_METRICS, type DashboardMetric } from '../../../../domain/reports/dashboard';
import { dollars } from '../../../../domain/money/format';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "Nov 2026" for a month that starts on a day YYYY-MM-01. */
export const monthLabel = (from: string): string => MONTH.format(Date.parse(`${from}T00:00:00Z`));

const kindOf = (metric: DashboardMetric) => DASHBOARD_METRICS.find((m) => m.id === metric)!.kind;

/** A metric's value as the chart plots it: dollars, percent or the count; null when not given. */
export function plotted(f: DashboardFigures | null, metric: DashboardMetric): number | null {
  const v = f?.[metric] ?? null;
  if (v === null) return null;
  const kind = kindOf(metric);
  return kind === 'cents' ? v / 100 : kind === 'fraction' ? Math.round(v * 1000) / 10 : v;
}

/** A metric's value as text: "$45.00", "5.0 %", "12", or a dash. */
export function shown(f: DashboardFigures | null, metric: DashboardMetric): string {
  const v = f?.[metric] ?? null;
  if (v === null) return '—';
  const kind = kindOf(metric);
  if (kind === 'cents') return dollars(v);
  if (kind === 'fraction') return `${(v * 100).toFixed(1)} %`;
  return v.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** The chart's value axis for a metric. */
export const axisFormat = (metric: DashboardMetric) => (v: number): string => {
  const kind = kindOf(metric);
  return kind === 'cents' ? `$${v.toLocaleString('en-US')}` : kind === 'fraction' ? `${v} %` : v.toLocaleString('en-US');
};
