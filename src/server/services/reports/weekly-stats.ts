import type { Scope } from '../../../domain/access/scope';
import type { ReportWeeks, WeeklyCounts } from '../../../domain/reports/weeks';
import { one, type Queryable } from '../../db/db';
import { scopeWhere } from '../scope-sql';
import { reportRollups, ROLLUP_COLUMNS } from './filter';

/**
 * The dashboard's weekly counts, from the rollups only (reportRollups, and migration 020's scrubbed): sales by product
 * and returns asked, this week and last, and the leads scrubbed this week, within a lead
 * scope. Each rollup is read over the two weeks' days through its (scope, day) index.
 */
export async function weeklyCounts(q: Queryable, scope: Scope, weeks: ReportWeeks): Promise<WeeklyCounts> {
  // The rollups carry a lead's scope columns under the same names; aliased l as ROLLUP_COLUMNS expects.
  const s = scopeWhere(scope, ROLLUP_COLUMNS, 5);
  const rollups = reportRollups(scope);
  const r = await one<Record<'leads_this' | 'leads_last' | 'calls_this' | 'calls_last' | 'returns_this' | 'returns_last' | 'scrubbed_n' | 'scrubbed_cost', number>>(q,
    `WITH sold AS (
       SELECT coalesce(sum(l.sold) FILTER (WHERE l.product = 'leads' AND l.day >= $3), 0) AS leads_this,
              coalesce(sum(l.sold) FILTER (WHERE l.product = 'leads' AND l.day < $3), 0) AS leads_last,
              coalesce(sum(l.sold) FILTER (WHERE l.product = 'calls' AND l.day >= $3), 0) AS calls_this,
              coalesce(sum(l.sold) FILTER (WHERE l.product = 'calls' AND l.day < $3), 0) AS calls_last
         FROM ${rollups.sales} l WHERE l.day BETWEEN $1 AND $2 AND ${s.sql}),
     asked AS (
       SELECT coalesce(sum(l.n) FILTER (WHERE l.day >= $3), 0) AS returns_this, coalesce(sum(l.n) FILTER (WHERE l.day < $3), 0) AS returns_last
         FROM ${rollups.requests} l WHERE l.day BETWEEN $1 AND $2 AND ${s.sql}),
     scrubbed AS (
       SELECT coalesce(sum(l.n), 0) AS scrubbed_n, coalesce(sum(l.cost_cents), 0) AS scrubbed_cost
         FROM order_scrubbed_daily l WHERE l.day BETWEEN $3 AND $4 AND ${s.sql})
     SELECT leads_this::int, leads_last::int, calls_this::int, calls_last::int, returns_this::int, returns_last::int,
            scrubbed_n::int, scrubbed_cost::float8 AS scrubbed_cost
       FROM sold, asked, scrubbed`,
    [weeks.lastWeek.from, weeks.thisWeek.to, weeks.thisWeek.from, weeks.thisWeek.to, ...s.params]);
  return {
    leads: { thisWeek: r!.leads_this, lastWeek: r!.leads_last },
    calls: { thisWeek: r!.calls_this, lastWeek: r!.calls_last },
    returns: { thisWeek: r!.returns_this, lastWeek: r!.returns_last },
    scrubbed: { count: r!.scrubbed_n, costCents: r!.scrubbed_cost },
  };
}
