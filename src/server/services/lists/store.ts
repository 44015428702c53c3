import type { ListOrderInput } from '../../../domain/lists';
import type { Scope } from '../../../domain/access/scope';
import type { Queryable } from '../../db/db';
import { orderColumns, scopeSql } from '../scope-sql';
import type { ResolvedTerritory } from './territory';

/** A list order as stored, with its company and its lists' summary. */
export interface ListOrderRow {
  id: number;
  company_id: number;
  company_name: string;
  user_id: number;
  name: string;
  status: 'active' | 'inactive';
  quantity: number;
  filters: ListOrderInput['filters'];
  territory: ListOrderInput['territory'];
  scrubbing: ListOrderInput['scrubbing'];
  delivery: ListOrderInput['delivery'];
  zips: string[] | null;
  next_run_date: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  list_count: number;
  processing: boolean;
  last_list_at: Date | null;
}

const SELECT = `
  SELECT lo.id, lo.company_id, c.name AS company_name, lo.user_id, lo.name, lo.status, lo.quantity, lo.filters, lo.territory, lo.scrubbing,
         lo.delivery, lo.zips, to_char(lo.next_run_date, 'YYYY-MM-DD') AS next_run_date, lo.archived_at, lo.created_at, lo.updated_at,
         (SELECT count(*)::int FROM lists li WHERE li.order_id = lo.id AND li.removed_at IS NULL) AS list_count,
         EXISTS (SELECT 1 FROM lists li WHERE li.order_id = lo.id AND li.processed_status = 'processing') AS processing,
         (SELECT max(li.created_at) FROM lists li WHERE li.order_id = lo.id AND li.removed_at IS NULL) AS last_list_at
    FROM list_orders lo JOIN companies c ON c.id = lo.company_id JOIN users u ON u.id = lo.user_id`;

/** Parameters in order: `p(value)` returns its placeholder. */
function params() {
  const values: unknown[] = [];
  return { values, p: (v: unknown) => `$${values.push(v)}` };
}

/** A page of the orders in scope (archived ones left out), newest first. */
export async function listListOrders(
  q: Queryable, scope: Scope, page: { limit: number; skip: number },
): Promise<{ rows: ListOrderRow[]; count: number }> {
  const { values, p } = params();
  const where = `lo.archived_at IS NULL AND (${scopeSql(scope, orderColumns('lo'), p)})`;
  const count = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM list_orders lo JOIN users u ON u.id = lo.user_id WHERE ${where}`, values);
  const rows = await q.query<ListOrderRow>(`${SELECT} WHERE ${where} ORDER BY lo.id DESC LIMIT ${p(page.limit)} OFFSET ${p(page.skip)}`, values);
  return { rows: rows.rows, count: count.rows[0].n };
}

/** One order in scope (archived ones too when `archived`), or null. */
export async function findListOrder(q: Queryable, scope: Scope, id: number, opts: { archived?: boolean; lock?: boolean } = {}): Promise<ListOrderRow | null> {
  const { values, p } = params();
  const { rows } = await q.query<ListOrderRow>(
    `${SELECT} WHERE lo.id = ${p(id)} AND (${scopeSql(scope, orderColumns('lo'), p)}) ${opts.archived ? '' : 'AND lo.archived_at IS NULL'}
     ${opts.lock ? 'FOR UPDATE OF lo' : ''}`, values);
  return rows[0] ?? null;
}

const row = (o: ListOrderInput, t: ResolvedTerritory) => [
  o.name.trim(), o.status, o.quantity, JSON.stringify(o.filters), JSON.stringify(o.territory), t.zips,
  JSON.stringify(o.scrubbing), JSON.stringify(o.delivery),
];

export async function insertListOrder(
  q: Queryable, who: { companyId: number; userId: number }, o: ListOrderInput, t: ResolvedTerritory, nextRun: string | null, now: Date,
): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO list_orders (name, status, quantity, filters, territory, zips, scrubbing, delivery, next_run_date, company_id, user_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
    [...row(o, t), nextRun, who.companyId, who.userId, now],
  );
  return rows[0].id;
}

export async function updateListOrder(q: Queryable, id: number, o: ListOrderInput, t: ResolvedTerritory, nextRun: string | null, now: Date): Promise<void> {
  await q.query(
    `UPDATE list_orders SET name = $1, status = $2, quantity = $3, filters = $4, territory = $5, zips = $6, scrubbing = $7, delivery = $8,
            next_run_date = $9, updated_at = $10 WHERE id = $11`,
    [...row(o, t), nextRun, now, id],
  );
}

/** Archive an order unless a list of it is processing; false when one is. */
export async function archiveListOrder(q: Queryable, id: number, now: Date): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE list_orders lo SET archived_at = $2, updated_at = $2
      WHERE lo.id = $1 AND lo.archived_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM lists li WHERE li.order_id = lo.id AND li.processed_status = 'processing')
      RETURNING lo.id`, [id, now]);
  return rows.length > 0;
}
