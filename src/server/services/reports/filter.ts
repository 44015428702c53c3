import type { Scope } from '../../../domain/access/scope';
import type { DayRange } from '../../../domain/time/range';
import { LEAD_COLUMNS, scopeSql } from '../scope-sql';

/** What a report reads: days of the rollups (each the agent's own), a lead scope, and optional product and vertical. */
export interface ReportFilter {
  range: DayRange;
  /** The caller's first day (their account's), which no range may precede. */
  firstDay: string;
  scope: Scope;
  product: string | null;
  vertical: string | null;
}

/**
 * The WHERE of a rollup aliased `l` (lead_rollup_daily and return_requests_daily carry the
 * lead's scope columns under the same names): the day range first, so each scope's
 * (scope column, day) index serves it, then the filters.
 */
export function rollupWhere(f: ReportFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts = [`l.day BETWEEN ${p(f.range.from)}::date AND ${p(f.range.to)}::date`, scopeSql(f.scope, LEAD_COLUMNS, p)];
  if (f.product) parts.push(`l.product = ${p(f.product)}`);
  if (f.vertical) parts.push(`l.vertical = ${p(f.vertical)}`);
  return { sql: parts.join(' AND '), params };
}
