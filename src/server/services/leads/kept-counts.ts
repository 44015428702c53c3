import type { Buckets, KeptFigures, KeptScope } from '../../../domain/leads/kept-counts';
import type { Queryable } from '../../db/db';
import { scopeSql } from '../scope-sql';

/**
 * The tab counts of a scope over a range from the counts kept by migration 034's triggers:
 * the range's whole UTC days, and the hours before and after them. A company reads its
 * key's three short ranges, an agent its (user, grain, starts) index, everyone the
 * (grain, starts) index: rows of days times agents, whatever the number of leads.
 */
export async function keptFigures(q: Queryable, scope: KeptScope, b: Buckets): Promise<KeptFigures> {
  const { sql, params } = keptSql(scope, b);
  return (await q.query<KeptFigures>(sql, params)).rows[0];
}

/** The statement of `keptFigures` (the bench shows its plan). */
export function keptSql(scope: KeptScope, b: Buckets): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = scopeSql(scope, { userId: 'c.user_id', companyId: 'c.company_id' }, p);
  const [from, daysFrom, daysTo, to] = [p(b.from), p(b.daysFrom), p(b.daysTo), p(b.to)];
  const sql = `SELECT coalesce(sum(c.n_new), 0)::int AS "new", coalesce(sum(c.n_contacted), 0)::int AS contacted,
            coalesce(sum(c.n_quoted), 0)::int AS quoted, coalesce(sum(c.n_policy), 0)::int AS policy,
            coalesce(sum(c.n_attempting), 0)::int AS attempting, coalesce(sum(c.n_returns), 0)::int AS returns,
            coalesce(sum(c.n_all), 0)::int AS "all",
            coalesce(sum(c.n_carrier_quoted), 0)::int AS "carrierQuoted", coalesce(sum(c.n_carrier_policy), 0)::int AS "carrierPolicy"
       FROM lead_search_counts c
      WHERE (${where})
        AND ((c.grain = 'd' AND c.starts >= ${daysFrom} AND c.starts < ${daysTo})
          OR (c.grain = 'h' AND c.starts >= ${from} AND c.starts < ${daysFrom})
          OR (c.grain = 'h' AND c.starts >= ${daysTo} AND c.starts < ${to}))`;
  return { sql, params };
}
