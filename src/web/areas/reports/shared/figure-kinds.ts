import { dollars } from '../../../../domain/money/format';
import { percent } from '../../../../domain/reports/tables';

/** What a report figure is: a count, money in cents, or a fraction (0.05 is 5 %). */
export type FigureKind = 'count' | 'cents' | 'fraction';

/** A figure as a chart plots it: dollars, percent (one decimal) or the count. */
export const plotValue = (kind: FigureKind, v: number): number => (kind === 'cents' ? v / 100 : kind === 'fraction' ? Math.round(v * 1000) / 10 : v);

/** A figure as text: "$45.00", "5.0 %", "12" (an average to two decimals), a dash when there is none. */
export const figureText = (kind: FigureKind, v: number | null): string =>
  v === null ? '—' : kind === 'cents' ? dollars(v) : kind === 'fraction' ? percent(v) : v.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A chart's value axis for a kind of figure (the values as `plotValue` gives them). */
export const axisText = (kind: FigureKind) => (v: number): string =>
  kind === 'cents' ? `$${v.toLocaleString('en-US')}` : kind === 'fraction' ? `${v} %` : v.toLocaleString('en-US');
