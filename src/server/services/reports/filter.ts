import type { Scope } from '../../../domain/access/scope';
import type { DayRange } from '../../../domain/time/range';
import { LEAD_COLUMNS, scopeSql, type ScopeColumns } from '../scope-sql';

/** What a report reads: days of the rollups (each the agent's own), a lead scope, and optional product and vertical. */
export interface ReportFilter {
  range: DayRange;
  /** The caller's first day (their account's), which no range may precede. */
  firstDay: string;
  scope: Scope;
  product: string | null;
  vertical: string | null;
}

/** A region by the consumers' state (a regional manager's leads): the one scope that needs the consumer's state of a rollup row. */
export const byConsumerState = (scope: Scope): boolean => scope.kind === 'region' && scope.by === 'state';

/**
 * The rollups a report reads for a scope: the per-order ones (migration 035: a row per day,
 * order and vendor, and reason for the returns asked) unless the scope is a region by the
 * consumers' state, which needs the rows with the state: the sales of migration 020, and
 * the returns asked by state, vendor and reason (migration 036; its readers group by no
 * order, package or buyer). Each carries its counts under the same names as the others;
 * the per-order ones are many times fewer rows.
 */
export function reportRollups(scope: Scope): { sales: string; requests: string } {
  return byConsumerState(scope)
    ? { sales: 'lead_rollup_daily', requests: 'state_return_requests_daily' }
    : { sales: 'order_rollup_daily', requests: 'order_return_requests_daily' };
}

/** The lead's scope columns as the rollups carry them (aliased `l`), a region's states listed (ScopeColumns.statesListed). */
export const ROLLUP_COLUMNS: ScopeColumns = { ...LEAD_COLUMNS, statesListed: true };

/**
 * A rollup's rows by their buying agent, for a scope of agents (the `order` holding of
 * domain/access/scope.ts: a regional manager the agents of their region, a user's region
 * being theirs, else their state's): the region's agents listed by id, so the rollup's
 * (user, day) index serves it.
 */
export const AGENT_ROLLUP_COLUMNS: ScopeColumns = { userId: 'l.user_id', companyId: 'l.company_id', agentId: 'l.user_id' };

/**
 * The WHERE of a rollup aliased `l` (the sales and return-request rollups of reportRollups
 * carry the lead's scope columns under the same names): the day range first, so each scope's
 * (scope column, day) index serves it, then the filters. The scope reads the lead's
 * columns (ROLLUP_COLUMNS), or those `cols` names (AGENT_ROLLUP_COLUMNS).
 */
export function rollupWhere(f: ReportFilter, cols: ScopeColumns = ROLLUP_COLUMNS): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts = [`l.day BETWEEN ${p(f.range.from)}::date AND ${p(f.range.to)}::date`, scopeSql(f.scope, cols, p)];
  if (f.product) parts.push(`l.product = ${p(f.product)}`);
  if (f.vertical) parts.push(`l.vertical = ${p(f.vertical)}`);
  return { sql: parts.join(' AND '), params };
}
