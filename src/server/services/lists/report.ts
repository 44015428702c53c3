import type { Scope } from '../../../domain/access/scope';
import type { Queryable } from '../../db/db';
import { orderColumns, scopeSql } from '../scope-sql';

export interface ListsMonth {
  year: number;
  month: number;
  lists: number;
  records: number;
}

/**
 * Lists made and their records per month in the caller's zone (document 002, the lists
 * report), from the lists themselves: failed and removed lists left out; archived and
 * expired ones counted (they were made and paid for). Newest month first.
 */
export async function listsByMonth(q: Queryable, scope: Scope, zone: string): Promise<ListsMonth[]> {
  const values: unknown[] = [zone];
  const p = (v: unknown) => `$${values.push(v)}`;
  const { rows } = await q.query<ListsMonth>(
    `SELECT date_part('year', li.created_at AT TIME ZONE $1)::int AS year, date_part('month', li.created_at AT TIME ZONE $1)::int AS month,
            count(*)::int AS lists, COALESCE(sum(li.num_records), 0)::int AS records
       FROM lists li JOIN list_orders lo ON lo.id = li.order_id JOIN users u ON u.id = lo.user_id
      WHERE li.removed_at IS NULL AND li.processed_status <> 'failed' AND li.processed_status <> 'processing'
        AND (${scopeSql(scope, orderColumns('lo'), p)})
      GROUP BY 1, 2 ORDER BY 1 DESC, 2 DESC`, values);
  return rows;
}
