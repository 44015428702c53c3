import type { Scope } from '../../../domain/access/scope';
import type { DashboardProduct, DashboardVertical, Period, PeriodCounts } from '../../../domain/reports/dashboard';
import { addDays } from '../../../domain/time/days';
import { one, type Queryable } from '../../db/db';
import { regionOfUserSql, scopeWhere } from '../scope-sql';
import { AGENT_ROLLUP_COLUMNS, byConsumerState, ROLLUP_COLUMNS } from './filter';

/** A period's sums for a series, and for a group the agents they are over. */
export interface SeriesCounts {
  you: PeriodCounts;
  regional: { agents: number; sums: PeriodCounts };
  national: { agents: number; sums: PeriodCounts };
}

export interface DashboardQuery {
  scope: Scope;
  /** The region the `regional` series averages over (null: none). */
  regionId: number | null;
  product: DashboardProduct;
  vertical: DashboardVertical;
  periods: readonly Period[];
}

type Sums = { sold: number; quoted: number; policies: number; spend: number; refund: number; returns: number };
const counts = (s: Partial<Sums> | undefined): PeriodCounts => ({
  sold: Number(s?.sold ?? 0), quoted: Number(s?.quoted ?? 0), policies: Number(s?.policies ?? 0),
  spendCents: Number(s?.spend ?? 0), refundCents: Number(s?.refund ?? 0), returns: Number(s?.returns ?? 0),
});

// The periods as a relation of their days (i, day), so a rollup's rows join them by equal
// days (a hash join) rather than each row tested against every period's bounds; months and
// weeks overlap, so a day may fall in two of them.
const PERIODS = 'SELECT * FROM unnest($1::int[], $2::date[]) AS p(i, day)';
// A rollup's rows of the product and vertical over all the periods' days.
const rowsOf = (table: string) => `${table} l JOIN p ON p.day = l.day
  WHERE l.day BETWEEN $3 AND $4 AND l.product = $5 AND l.vertical = $6`;
const SUMS = `sum(l.sold)::float8 AS sold, sum(l.quoted)::float8 AS quoted, sum(l.policy)::float8 AS policies,
  sum(l.spend_cents)::float8 AS spend, sum(l.refund_cents)::float8 AS refund`;

const base = (q: DashboardQuery) => {
  const from = q.periods.reduce((m, p) => (p.from < m ? p.from : m), q.periods[0].from);
  const to = q.periods.reduce((m, p) => (p.to > m ? p.to : m), q.periods[0].to);
  const index: number[] = [];
  const days: string[] = [];
  q.periods.forEach((p, i) => {
    for (let d = p.from; d <= p.to; d = addDays(d, 1)) {
      index.push(i);
      days.push(d);
    }
  });
  return [index, days, from, to, q.product, q.vertical];
};

/** The `you` series from the per-agent rollup where the scope names agents or companies; a region by the consumers' state reads the per-state one. */
const perAgent = (scope: Scope) => scope.kind !== 'vendor' && !byConsumerState(scope);

/**
 * The Dashboard report's sums per period, from the rollups only (migrations 020, 026, 028):
 * sales, outcomes, spend and refunds by the sale's day, returns by the request's day (each
 * in the buying agent's zone). `you` within the lead scope; the groups per agent (users of
 * role user sold at least one lead of the product and vertical in the period), over the
 * region and over all. The groups, and `you` but for a region by state, read the per-agent
 * rollup (migration 026), a region by state the per-state one (028): their sizes follow
 * the agents, the states and the days rather than the leads.
 */
export async function dashboardCounts(q: Queryable, d: DashboardQuery): Promise<SeriesCounts[]> {
  const params = base(d);
  const you = perAgent(d.scope) ? await youPerAgent(q, d, params) : await youByState(q, d, params);
  const groups = await q.query<{ i: number; scope: 'national' | 'regional'; agents: number } & Sums>(
    `WITH p AS (${PERIODS}),
     agents AS (
       SELECT a.*, ${regionOfUserSql('u')} = $7 AS in_region
         FROM (SELECT p.i, l.user_id, ${SUMS}, sum(l.returns)::float8 AS returns FROM ${rowsOf('agent_rollup_daily')}
                GROUP BY p.i, l.user_id HAVING sum(l.sold) > 0) a
         JOIN users u ON u.id = a.user_id AND u.role = 'user')
     SELECT i, 'national' AS scope, count(*)::int AS agents, sum(sold) AS sold, sum(quoted) AS quoted, sum(policies) AS policies,
            sum(spend) AS spend, sum(refund) AS refund, sum(returns) AS returns FROM agents GROUP BY i
     UNION ALL
     SELECT i, 'regional', count(*)::int, sum(sold), sum(quoted), sum(policies), sum(spend), sum(refund), sum(returns)
       FROM agents WHERE in_region GROUP BY i`,
    [...params, d.regionId]);
  return d.periods.map((_, i) => {
    const g = (scope: 'national' | 'regional') => {
      const r = groups.rows.find((x) => x.i === i && x.scope === scope);
      return { agents: r?.agents ?? 0, sums: counts(r) };
    };
    return { you: counts(you.find((x) => x.i === i)), regional: g('regional'), national: g('national') };
  });
}

async function youPerAgent(q: Queryable, d: DashboardQuery, params: unknown[]) {
  const s = scopeWhere(d.scope, AGENT_ROLLUP_COLUMNS, params.length + 1);
  return (await q.query<Sums & { i: number }>(
    `WITH p AS (${PERIODS})
     SELECT p.i, ${SUMS}, sum(l.returns)::float8 AS returns FROM ${rowsOf('agent_rollup_daily')} AND ${s.sql} GROUP BY p.i`,
    [...params, ...s.params])).rows;
}

async function youByState(q: Queryable, d: DashboardQuery, params: unknown[]) {
  const s = scopeWhere(d.scope, ROLLUP_COLUMNS, params.length + 1);
  return (await q.query<Sums & { i: number }>(
    `WITH p AS (${PERIODS})
     SELECT p.i, ${SUMS}, sum(l.returns)::float8 AS returns FROM ${rowsOf('state_rollup_daily')} AND ${s.sql} GROUP BY p.i`,
    [...params, ...s.params])).rows;
}

/** The caller's region for the regional average: theirs, else their state's (null: none). */
export async function dashboardRegion(q: Queryable, userId: number): Promise<number | null> {
  const r = await one<{ region_id: number | null }>(q, `SELECT ${regionOfUserSql('u')} AS region_id FROM users u WHERE u.id = $1`, [userId]);
  return r?.region_id ?? null;
}
