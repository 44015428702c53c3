import type { Db, Queryable } from '../../db/db';
import { writeOrderEvent, type EventActor } from './events';

/**
 * Order groups (order_groups, orders.order_group_id): their orders pause and activate
 * together and share a call concurrency. An order is in at most one group: joining a
 * group takes it out of its former one. Every membership change is on the timeline.
 */
export interface OrderGroup {
  id: number;
  name: string;
  concurrency: number | null;
  companyId: number;
  orders: number[];
}

const SELECT_GROUP = `SELECT g.id, g.name, g.concurrency, g.company_id AS "companyId",
    COALESCE((SELECT array_agg(o.id ORDER BY o.id) FROM orders o WHERE o.order_group_id = g.id AND o.deleted_at IS NULL), '{}') AS orders
  FROM order_groups g`;

export async function listGroups(q: Queryable, companyId: number): Promise<OrderGroup[]> {
  const { rows } = await q.query<OrderGroup>(`${SELECT_GROUP} WHERE g.company_id = $1 AND g.deleted_at IS NULL ORDER BY g.name, g.id`, [companyId]);
  return rows;
}

export async function findGroup(q: Queryable, id: number): Promise<OrderGroup | null> {
  const { rows } = await q.query<OrderGroup>(`${SELECT_GROUP} WHERE g.id = $1 AND g.deleted_at IS NULL`, [id]);
  return rows[0] ?? null;
}

/** Of these order ids, the ones that are not live orders of the company. */
export async function foreignOrders(q: Queryable, companyId: number, ids: readonly number[]): Promise<number[]> {
  const { rows } = await q.query<{ id: number }>(
    'SELECT id FROM orders WHERE id = ANY($1::int[]) AND company_id = $2 AND deleted_at IS NULL', [ids, companyId]);
  const mine = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !mine.has(id));
}

/** Make `orders` the group's members (in the caller's transaction); events name who joined and left. */
async function setMembers(tx: Queryable, groupId: number, orders: readonly number[], actor: EventActor, now: Date): Promise<void> {
  const { rows: left } = await tx.query<{ id: number }>(
    `UPDATE orders SET order_group_id = NULL, modified_at = $3 WHERE order_group_id = $1 AND NOT (id = ANY($2::int[])) RETURNING id`, [groupId, orders, now]);
  const { rows: joined } = await tx.query<{ id: number }>(
    `UPDATE orders SET order_group_id = $1, modified_at = $3 WHERE id = ANY($2::int[]) AND order_group_id IS DISTINCT FROM $1 RETURNING id`, [groupId, orders, now]);
  await writeOrderEvent(tx, { orderIds: left.map((r) => r.id), kind: 'grouped', detail: { left: groupId }, actor, now });
  await writeOrderEvent(tx, { orderIds: joined.map((r) => r.id), kind: 'grouped', detail: { joined: groupId }, actor, now });
}

export async function createGroup(
  db: Db, g: { companyId: number; name: string; concurrency: number | null; orders: readonly number[] }, actor: EventActor, now: Date,
): Promise<OrderGroup> {
  const id = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'INSERT INTO order_groups (company_id, name, concurrency, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [g.companyId, g.name, g.concurrency, now]);
    await setMembers(tx, rows[0].id, g.orders, actor, now);
    return rows[0].id;
  });
  return (await findGroup(db, id))!;
}

export async function updateGroup(
  db: Db, id: number, g: { name: string; concurrency: number | null; orders: readonly number[] }, actor: EventActor, now: Date,
): Promise<OrderGroup | null> {
  const found = await db.transaction(async (tx) => {
    const { rows } = await tx.query('UPDATE order_groups SET name = $2, concurrency = $3 WHERE id = $1 AND deleted_at IS NULL RETURNING id', [id, g.name, g.concurrency]);
    if (!rows.length) return false;
    await setMembers(tx, id, g.orders, actor, now);
    return true;
  });
  return found ? findGroup(db, id) : null;
}

/** Remove a group: its orders stay, ungrouped. */
export async function deleteGroup(db: Db, id: number, actor: EventActor, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query('UPDATE order_groups SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING id', [id, now]);
    if (!rows.length) return false;
    await setMembers(tx, id, [], actor, now);
    return true;
  });
}
