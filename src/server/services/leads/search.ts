import type { LeadQuery } from '../../../domain/leads/filters';
import { emptyCounts, type TabCounts } from '../../../domain/leads/tabs';
import type { Queryable } from '../../db/db';
import { ROW_COLUMNS, ROW_JOINS, rowView, type LeadDbRow, type LeadRowView } from './rows';
import type { Scope } from '../../../domain/access/scope';
import { buildWhere, WORKED_SQL } from './where';
import { dayRangeIn } from '../../../domain/time/zone';
import { keptBuckets, keptCountsScope, keptTabCount, type KeptFigures } from '../../../domain/leads/kept-counts';
import { keptFigures } from './kept-counts';

/** ORDER BY of a sort; id breaks ties so pages never overlap. */
export function orderSql(q: Pick<LeadQuery, 'sort' | 'order'>): string {
  const dir = q.order === 'asc' ? 'ASC' : 'DESC';
  switch (q.sort) {
    case 'insertDate':
      return `l.inserted_at ${dir}, l.id ${dir}`;
    case 'lastName':
      return `lower(l.last_name) ${dir}, l.id ${dir}`;
    case 'state':
      return `l.state ${dir}, l.inserted_at DESC, l.id DESC`;
    case 'price':
      return `l.price_cents ${dir}, l.id ${dir}`;
  }
}

/**
 * The kept figures (migration 034) when the search's filters let them answer, else null
 * and the caller counts rows (domain/leads/kept-counts.ts says which filters do).
 */
function keptFor(q: Queryable, query: LeadQuery, scope: Scope, timeZone: string): Promise<KeptFigures> | null {
  const kept = keptCountsScope(query, scope);
  const buckets = kept && keptBuckets(dayRangeIn({ from: query.dateFrom, to: query.dateTo }, timeZone));
  return kept && buckets ? keptFigures(q, kept, buckets) : null;
}

/**
 * One page of a search and the number of leads of its tab. The page's ids are found on
 * leads alone (an index walk in sort order), then joined for their names; the count is
 * the kept one when the filters allow, else a count of the rows.
 */
export async function searchLeads(q: Queryable, query: LeadQuery, scope: Scope, timeZone: string): Promise<{ rows: LeadRowView[]; count: number }> {
  const w = buildWhere(query, scope, timeZone, { withTab: true });
  const order = orderSql(query);
  const limit = w.p(query.limit);
  const offset = w.p((query.page - 1) * query.limit);
  const pageSql = `WITH page AS (SELECT l.id FROM leads l WHERE ${w.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
    SELECT ${ROW_COLUMNS} FROM page JOIN leads l ON l.id = page.id ${ROW_JOINS} ORDER BY ${order}`;
  const countParams = w.params.slice(0, -2);
  const kept = keptFor(q, query, scope, timeZone);
  const [page, count] = await Promise.all([
    q.query<LeadDbRow>(pageSql, w.params),
    kept ? kept.then((f) => keptTabCount(f, query.tab, query.allstate))
      : q.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads l WHERE ${w.sql}`, countParams).then((r) => r.rows[0].n),
  ]);
  return { rows: page.rows.map(rowView), count };
}

/** The counters of every tab under the same filters (the tab itself left out): the kept ones when the filters allow. */
export async function countLeads(q: Queryable, query: LeadQuery, scope: Scope, timeZone: string): Promise<TabCounts> {
  const kept = keptFor(q, query, scope, timeZone);
  if (!kept) return countLeadRows(q, query, scope, timeZone);
  const { carrierQuoted: _q, carrierPolicy: _p, ...tabs } = await kept;
  return tabs;
}

/**
 * The same counters from the rows, in one pass over the scope's index: an index-only scan
 * when the visibility map is current.
 */
export async function countLeadRows(q: Queryable, query: LeadQuery, scope: Scope, timeZone: string): Promise<TabCounts> {
  const w = buildWhere(query, scope, timeZone, { withTab: false });
  const { rows } = await q.query<TabCounts>(
    `SELECT
       count(*) FILTER (WHERE l.agent_status = 'new' AND ${WORKED_SQL})::int AS "new",
       count(*) FILTER (WHERE l.agent_status = 'contacted' AND ${WORKED_SQL})::int AS contacted,
       count(*) FILTER (WHERE l.agent_status = 'quoted' AND ${WORKED_SQL})::int AS quoted,
       count(*) FILTER (WHERE l.agent_status = 'policy' AND ${WORKED_SQL})::int AS policy,
       count(*) FILTER (WHERE l.agent_status = 'attempting' AND ${WORKED_SQL})::int AS attempting,
       count(*) FILTER (WHERE l.return_status IS NOT NULL)::int AS returns,
       count(*)::int AS "all"
     FROM leads l WHERE ${w.sql}`,
    w.params,
  );
  return { ...emptyCounts(), ...rows[0] };
}
