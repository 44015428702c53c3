import { isGrowthPackage } from '../../../domain/orders/packages';
import type { OrderSort, OrderTab } from '../../../domain/orders/list';
import type { OrderPackage } from '../../../domain/orders/types';
import type { Db, Queryable } from '../../db/db';
import { currentSalesJoin } from '../engine/sale-counts';
import { writeOrderEvent, type EventActor } from './events';
import type { Scope } from '../../../domain/access/scope';
import { orderColumns, scopeWhere } from '../scope-sql';

/**
 * The order list's reads and the deletion: one page of orders (or drafts) in a scope,
 * the fill against caps, and deleting an order with its timeline event.
 */

export interface ListQuery {
  tab: OrderTab;
  page: number;
  pageSize: number;
  sort: OrderSort;
  dir: 'asc' | 'desc';
  search: string | null;
  /** Only the orders (or drafts) of CLD packages: the CLD list. */
  cld: boolean;
}

export interface ListRow {
  kind: 'order' | 'draft';
  id: number;
  name: string;
  status: 'active' | 'inactive' | 'draft';
  activate_date: Date | null;
  pause_reason: string | null;
  vertical: 'autoins' | 'homeins';
  product: 'leads' | 'calls';
  package_id: number | null;
  package_name: string | null;
  company_id: number;
  company_name: string;
  user_name: string;
  group_id: number | null;
  group_name: string | null;
  custom_price_cents: number | null;
  created_at: Date;
}

/** isCldPackage (src/domain/orders/packages.ts) in SQL, over the packages aliased p. */
const CLD_PACKAGE_SQL = '(p.cld_type IS NOT NULL OR p.cld_growth)';


const SORT_SQL: Record<OrderSort, string> = {
  companyName: 'company_name', name: 'name', status: 'status', createdAt: 'created_at', vertical: 'vertical',
};

/** One page of the list: orders (by vertical on the vertical tabs), or drafts on Incomplete. */
export async function listOrderRows(q: Queryable, scope: Scope, l: ListQuery): Promise<{ rows: ListRow[]; total: number }> {
  const where = scopeWhere(scope, orderColumns(l.tab === 'incomplete' ? 'j' : 'o'), 1);
  const params: unknown[] = [...where.params];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const cld = l.cld ? ` AND ${CLD_PACKAGE_SQL}` : '';
  const base = l.tab === 'incomplete'
    ? `SELECT 'draft' AS kind, j.id, COALESCE(NULLIF(j.settings->>'name', ''), 'Draft ' || j.id) AS name, 'draft' AS status, NULL::timestamptz AS activate_date,
              NULL AS pause_reason, j.vertical, j.product, j.package_id, p.name AS package_name, j.company_id, c.name AS company_name,
              trim(u.first_name || ' ' || u.last_name) AS user_name, NULL::int AS group_id, NULL AS group_name, NULL::int AS custom_price_cents, j.created_at
         FROM jobs j JOIN companies c ON c.id = j.company_id JOIN users u ON u.id = j.user_id LEFT JOIN packages p ON p.id = j.package_id
        WHERE j.order_id IS NULL AND ${where.sql}${cld}`
    : `SELECT 'order' AS kind, o.id, o.name, o.status, o.activate_date, o.pause_reason, o.vertical, o.product, o.package_id, p.name AS package_name,
              o.company_id, c.name AS company_name, trim(u.first_name || ' ' || u.last_name) AS user_name, g.id AS group_id, g.name AS group_name,
              o.custom_price_cents, o.created_at
         FROM orders o JOIN companies c ON c.id = o.company_id JOIN users u ON u.id = o.user_id JOIN packages p ON p.id = o.package_id
         LEFT JOIN order_groups g ON g.id = o.order_group_id AND g.deleted_at IS NULL
        WHERE o.deleted_at IS NULL AND ${where.sql}${cld}${l.tab === 'autoins' || l.tab === 'homeins' ? ` AND o.vertical = ${add(l.tab)}` : ''}`;
  const search = l.search?.trim() ? ` WHERE (x.name ILIKE ${add(`%${l.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`)} OR x.company_name ILIKE $${params.length} OR x.package_name ILIKE $${params.length} OR x.id::text = ${add(l.search.trim())})` : '';
  const dir = l.dir === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await q.query<ListRow & { total: string }>(
    `SELECT x.*, count(*) OVER () AS total FROM (${base}) x${search}
      ORDER BY x.${SORT_SQL[l.sort]} ${dir}, x.name ${dir}, x.id ${dir} LIMIT ${add(l.pageSize)} OFFSET ${add((l.page - 1) * l.pageSize)}`,
    params,
  );
  return { rows, total: rows.length ? Number(rows[0].total) : 0 };
}

export interface CapsFill {
  orderId: number;
  caps: { daily: number; weekly: number; monthly: number };
  sold: { today: number; week: number; month: number };
}

/**
 * Each order's sales today, this week (from Monday) and this month in its agent's time
 * zone, against its caps: the engine's own cap counters (`currentSalesJoin`, migration
 * 030), so the fill shown is the fill the caps rule enforces, and it costs a few
 * primary-key rows per order whatever the book holds. A returned lead still counts, as it
 * does for the caps (docs/areas/orders.md).
 */
export async function capsFill(q: Queryable, scope: Scope, now: Date, orderIds: number[] | null): Promise<CapsFill[]> {
  const where = scopeWhere(scope, orderColumns('o'), 3);
  const { rows } = await q.query<{ id: number; cap_daily: number; cap_weekly: number; cap_monthly: number; today: number; week: number; month: number }>(
    `SELECT o.id, o.cap_daily, o.cap_weekly, o.cap_monthly,
            coalesce(n.d, 0)::int AS today, coalesce(n.w, 0)::int AS week, coalesce(n.m, 0)::int AS month
       FROM orders o JOIN users u ON u.id = o.user_id
       ${currentSalesJoin('$1')}
      WHERE o.deleted_at IS NULL AND ($2::int[] IS NULL OR o.id = ANY($2::int[])) AND ${where.sql}
      ORDER BY o.id`,
    [now, orderIds, ...where.params],
  );
  return rows.map((r) => ({
    orderId: r.id,
    caps: { daily: r.cap_daily, weekly: r.cap_weekly, monthly: r.cap_monthly },
    sold: { today: r.today, week: r.week, month: r.month },
  }));
}

/** What deciding on deleting an order needs: the company's live orders, and whether one is a growth order. */
export async function companyOrderFacts(q: Queryable, companyId: number, packages: OrderPackage[]): Promise<{ remaining: number; hasGrowthOrder: boolean }> {
  const { rows } = await q.query<{ package_id: number }>('SELECT package_id FROM orders WHERE company_id = $1 AND deleted_at IS NULL', [companyId]);
  const growth = new Set(packages.filter(isGrowthPackage).map((p) => p.id));
  return { remaining: rows.length, hasGrowthOrder: rows.some((r) => growth.has(r.package_id)) };
}

/**
 * Delete an order: its row stays for its leads and the ledger, marked deleted, inactive
 * and out of its group; the timeline says who did it. `mayDelete` decides under the lock
 * of the company's orders (two deletions at once cannot both remove the last but one).
 */
export async function deleteOrderRow(
  db: Db, r: { orderId: number; companyId: number; actor: EventActor; now: Date; mayDelete: (tx: Queryable) => Promise<boolean> },
): Promise<'deleted' | 'refused' | 'missing'> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM orders WHERE company_id = $1 AND deleted_at IS NULL ORDER BY id FOR UPDATE', [r.companyId]);
    const { rows } = await tx.query<{ order_group_id: number | null }>('SELECT order_group_id FROM orders WHERE id = $1 AND deleted_at IS NULL', [r.orderId]);
    if (!rows[0]) return 'missing';
    if (!(await r.mayDelete(tx))) return 'refused';
    await tx.query(
      `UPDATE orders SET deleted_at = $2, status = 'inactive', activate_date = NULL, order_group_id = NULL, modified_at = $2 WHERE id = $1`, [r.orderId, r.now]);
    await writeOrderEvent(tx, { orderIds: [r.orderId], kind: 'deleted', detail: rows[0].order_group_id !== null ? { groupId: rows[0].order_group_id } : {}, actor: r.actor, now: r.now });
    return 'deleted';
  });
}
