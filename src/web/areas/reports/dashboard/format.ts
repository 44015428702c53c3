import type { DashboardFigures } from '../../../../domain/reports/dashboard';
import { DASHBOARD_METRICS, type DashboardMetric } from '../../../../domain/reports/dashboard';
import { axisText, figureText, plotValue } from '../shared/figure-kinds';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "Nov 2026" for a month that starts on a day YYYY-MM-01. */
export const monthLabel = (from: string): string => MONTH.format(Date.parse(`${from}T00:00:00Z`));

const kindOf = (metric: DashboardMetric) => DASHBOARD_METRICS.find((m) => m.id === metric)!.kind;

/** A metric's value as the chart plots it: dollars, percent or the count; null when not given. */
export function plotted(f: DashboardFigures | null, metric: DashboardMetric): number | null {
  const v = f?.[metric] ?? null;
  return v === null ? null : plotValue(kindOf(metric), v);
}

/** A metric's value as text: "$45.00", "5.0 %", "12", or a dash. */
export const shown = (f: DashboardFigures | null, metric: DashboardMetric): string => figureText(kindOf(metric), f?.[metric] ?? null);

/** The chart's value axis for a metric. */
export const axisFormat = (metric: DashboardMetric) => axisText(kindOf(metric));
