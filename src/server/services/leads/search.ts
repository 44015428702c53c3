import type { LeadQuery } from '../../../domain/leads/filters';
import { emptyCounts, type TabCounts } from '../../../domain/leads/tabs';
import type { Queryable } from '../../db/db';
import { ROW_COLUMNS, ROW_JOINS, rowView, type LeadDbRow, type LeadRowView } from './rows';
import type { Scope } from '../../../domain/access/scope';
import { buildWhere, WORKED_SQL } from './where';

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
 * One page of a search and the number of leads of its tab. The page's ids are found on
 * leads alone (an index walk in sort order), then joined for their names.
 */
export async function searchLeads(q: Queryable, query: LeadQuery, scope: Scope, timeZone: string): Promise<{ rows: LeadRowView[]; count: number }> {
  const w = buildWhere(query, scope, timeZone, { withTab: true });
  const order = orderSql(query);
  const limit = w.p(query.limit);
  const offset = w.p((query.page - 1) * query.limit);
  const pageSql = `WITH page AS (SELECT l.id FROM leads l WHERE ${w.sql} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
    SELECT ${ROW_COLUMNS} FROM page JOIN leads l ON l.id = page.id ${ROW_JOINS} ORDER BY ${order}`;
  const countParams = w.params.slice(0, -2);
  const [page, count] = await Promise.all([
    q.query<LeadDbRow>(pageSql, w.params),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads l WHERE ${w.sql}`, countParams),
  ]);
  return { rows: page.rows.map(rowView), count: count.rows[0].n };
}

/**
 * The counters of every tab under the same filters (the tab itself left out), in one
 * pass over the scope's index: an index-only scan when the visibility map is current.
 */
export async function countLeads(q: Queryable, query: LeadQuery, scope: Scope, timeZone: string): Promise<TabCounts> {
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
