import { isoDay } from '../../../domain/clock';
import { isGrowthPackage } from '../../../domain/orders/packages';
import {
  NO_LEADS_WINDOW_DAYS,
  ORDER_STATUS_MSG,
  daysUntil,
  noLeadsReceived,
  pauseProblem,
  promoActivationRefusal,
  type PauseReason,
} from '../../../domain/orders/status';
import type { Db, Queryable } from '../../db/db';
import { getBalances } from '../ledger';
import { writeOrderEvent, SYSTEM_ACTOR, type EventActor } from './events';
import { findPackage } from './packages';

/**
 * Pausing and activating orders. An order in a group changes with its whole group, in
 * one transaction with its timeline events: a failure leaves every order as it was.
 */
export interface StatusRow {
  id: number;
  company_id: number;
  package_id: number;
  status: 'active' | 'inactive';
  activate_date: Date | null;
  pause_reason: string | null;
  order_group_id: number | null;
  created_at: Date;
}
const STATUS_COLUMNS = 'id, company_id, package_id, status, activate_date, pause_reason, order_group_id, created_at';

export type StatusRefusal = { ok: false; status: 404 | 422; code: string; message: string };
export type StatusChange = { ok: true; orders: Array<{ id: number; status: 'active' | 'inactive'; activateDate: string | null }>; skipped: Array<{ id: number; message: string }> };

const apiRow = (r: Pick<StatusRow, 'id' | 'status' | 'activate_date'>) => ({
  id: r.id, status: r.status, activateDate: r.activate_date ? new Date(r.activate_date).toISOString() : null,
});

/** The order and the other live orders of its group, locked in id order (no deadlock between two group changes). */
async function lockGroupOf(tx: Queryable, orderId: number): Promise<StatusRow[]> {
  const { rows: first } = await tx.query<StatusRow>(`SELECT ${STATUS_COLUMNS} FROM orders WHERE id = $1 AND deleted_at IS NULL`, [orderId]);
  if (!first[0]) return [];
  const groupId = first[0].order_group_id;
  const { rows } = await tx.query<StatusRow>(
    groupId === null
      ? `SELECT ${STATUS_COLUMNS} FROM orders WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`
      : `SELECT ${STATUS_COLUMNS} FROM orders WHERE (id = $1 OR order_group_id = $2) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    groupId === null ? [orderId] : [orderId, groupId],
  );
  // The group may have changed between the two reads: the locked rows decide.
  return rows.sort((a, b) => (a.id === orderId ? -1 : b.id === orderId ? 1 : a.id - b.id));
}

/** Has this order had no lead for the window although it ran all of it? (no_leads_received) */
async function starvedOrder(tx: Queryable, order: StatusRow, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - NO_LEADS_WINDOW_DAYS * 86_400_000);
  if (order.status !== 'active' || new Date(order.created_at) > since) return false;
  const { rows } = await tx.query('SELECT 1 FROM leads WHERE order_id = $1 AND inserted_at >= $2 LIMIT 1', [order.id, since]);
  return rows.length === 0;
}

export interface PauseRequest {
  orderId: number;
  activationDate: Date | null;
  reason: PauseReason | null;
  confirmationStep: boolean;
  maxDays: number;
  /** Admins skip the no_leads_received rule. */
  isAdmin: boolean;
  actor: EventActor;
  now: Date;
}

/**
 * Pause an order and its group until a date or indefinitely; on an order already paused,
 * set when it comes back (reactivation, at most 30 days). Refusals change nothing.
 */
export async function pauseOrder(db: Db, r: PauseRequest): Promise<StatusChange | StatusRefusal> {
  return db.transaction(async (tx) => {
    const rows = await lockGroupOf(tx, r.orderId);
    const order = rows[0];
    if (!order) return { ok: false, status: 404, code: 'not_found', message: '' };
    const mode = order.status === 'inactive' ? 'reactivate' : 'pause';
    const days = r.activationDate === null ? null : daysUntil(r.now, r.activationDate);
    if (r.activationDate !== null && r.activationDate.getTime() <= r.now.getTime())
      return { ok: false, status: 422, code: 'invalid_duration', message: ORDER_STATUS_MSG.invalidDuration };
    const problem = pauseProblem({ mode, reason: r.reason, days, confirmationStep: r.confirmationStep }, r.maxDays);
    if (problem) return { ok: false, status: 422, ...problem };
    if (mode === 'pause' && !r.isAdmin && (await starvedOrder(tx, order, r.now)))
      return { ok: false, status: 422, code: 'no_leads_received', message: noLeadsReceived() };
    const ids = rows.map((o) => o.id);
    const { rows: changed } = await tx.query<StatusRow>(
      `UPDATE orders SET status = 'inactive', activate_date = $2, pause_reason = COALESCE($3, CASE WHEN status = 'inactive' THEN pause_reason END),
              paused_at = CASE WHEN status = 'active' THEN $4 ELSE paused_at END, modified_at = $4
        WHERE id = ANY($1::int[]) RETURNING ${STATUS_COLUMNS}`,
      [ids, r.activationDate, r.reason, r.now],
    );
    const detail = {
      reason: r.reason, activateDate: r.activationDate?.toISOString() ?? null, days, ...(order.order_group_id !== null ? { groupId: order.order_group_id, via: order.id } : {}),
    };
    await writeOrderEvent(tx, { orderIds: ids, kind: mode === 'pause' ? 'paused' : 'reactivation_scheduled', detail, actor: r.actor, now: r.now });
    return { ok: true, orders: sortById(changed).map(apiRow), skipped: [] };
  });
}

const sortById = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);

/** Why this order may not be activated now (a growth package without promotional funds), or null. */
export async function activationRefusal(q: Queryable, order: Pick<StatusRow, 'company_id' | 'package_id'>, now: Date): Promise<string | null> {
  const pkg = await findPackage(q, order.package_id);
  if (!pkg || !isGrowthPackage(pkg)) return null;
  const [{ growthCents }, deposit] = await Promise.all([
    getBalances(q, order.company_id),
    q.query("SELECT 1 FROM ledger_transactions WHERE company_id = $1 AND kind = 'growth_deposit' LIMIT 1", [order.company_id]),
  ]);
  return promoActivationRefusal({ hasDeposit: deposit.rows.length > 0, fundsCents: growthCents }, isoDay(now));
}

/** Activate an order and its group, clearing the activation date. */
export async function activateOrder(db: Db, r: { orderId: number; actor: EventActor; now: Date }): Promise<StatusChange | StatusRefusal> {
  return db.transaction(async (tx) => {
    const rows = await lockGroupOf(tx, r.orderId);
    if (!rows[0]) return { ok: false, status: 404, code: 'not_found', message: '' };
    for (const o of rows) {
      const refusal = await activationRefusal(tx, o, r.now);
      if (refusal) return { ok: false, status: 422, code: 'promotional_funds', message: refusal };
    }
    const ids = rows.map((o) => o.id);
    const { rows: changed } = await tx.query<StatusRow>(
      `UPDATE orders SET status = 'active', activate_date = NULL, pause_reason = NULL, paused_at = NULL, modified_at = $2
        WHERE id = ANY($1::int[]) RETURNING ${STATUS_COLUMNS}`,
      [ids, r.now],
    );
    const groupId = rows[0].order_group_id;
    await writeOrderEvent(tx, { orderIds: ids, kind: 'activated', detail: groupId !== null ? { groupId, via: r.orderId } : {}, actor: r.actor, now: r.now });
    return { ok: true, orders: sortById(changed).map(apiRow), skipped: [] };
  });
}

/** Pause-all: every active order of a company, indefinitely, in one transaction. */
export async function pauseCompany(db: Db, r: { companyId: number; actor: EventActor; now: Date }): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<StatusRow>(
      `UPDATE orders SET status = 'inactive', activate_date = NULL, paused_at = $2, modified_at = $2
        WHERE id IN (SELECT id FROM orders WHERE company_id = $1 AND status = 'active' AND deleted_at IS NULL ORDER BY id FOR UPDATE)
        RETURNING ${STATUS_COLUMNS}`,
      [r.companyId, r.now],
    );
    await writeOrderEvent(tx, { orderIds: rows.map((o) => o.id), kind: 'paused', detail: { all: true, reason: null, activateDate: null }, actor: r.actor, now: r.now });
    return { ok: true, orders: sortById(rows).map(apiRow), skipped: [] };
  });
}

/** Activate-all: every paused order of a company; growth orders without promotional funds stay paused and are named. */
export async function activateCompany(db: Db, r: { companyId: number; actor: EventActor; now: Date }): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<StatusRow>(
      `SELECT ${STATUS_COLUMNS} FROM orders WHERE company_id = $1 AND status = 'inactive' AND deleted_at IS NULL ORDER BY id FOR UPDATE`, [r.companyId]);
    const skipped: Array<{ id: number; message: string }> = [];
    const ids: number[] = [];
    for (const o of rows) {
      const refusal = await activationRefusal(tx, o, r.now);
      if (refusal) skipped.push({ id: o.id, message: refusal });
      else ids.push(o.id);
    }
    const { rows: changed } = await tx.query<StatusRow>(
      `UPDATE orders SET status = 'active', activate_date = NULL, pause_reason = NULL, paused_at = NULL, modified_at = $2
        WHERE id = ANY($1::int[]) RETURNING ${STATUS_COLUMNS}`, [ids, r.now]);
    await writeOrderEvent(tx, { orderIds: ids, kind: 'activated', detail: { all: true }, actor: r.actor, now: r.now });
    return { ok: true, orders: sortById(changed).map(apiRow), skipped };
  });
}

/**
 * The scheduled reactivation: paused orders whose activation date has come are active
 * again, each with a 'reactivated' event, in one transaction per round. The activation
 * date on the order row is the durable schedule (a restart loses nothing); rows are
 * claimed with FOR UPDATE SKIP LOCKED and re-checked under the lock, so two instances
 * never reactivate the same order twice. A growth order without promotional funds stays
 * paused (indefinitely) and the timeline says why.
 */
export async function runOrderReactivations(db: Db, now: Date, limit = 100): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<StatusRow>(
      `SELECT ${STATUS_COLUMNS} FROM orders WHERE status = 'inactive' AND activate_date <= $1 AND deleted_at IS NULL
        ORDER BY activate_date, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
    const done: number[] = [];
    for (const o of rows) {
      const refusal = await activationRefusal(tx, o, now);
      const scheduledFor = new Date(o.activate_date!).toISOString();
      if (refusal) {
        await tx.query('UPDATE orders SET activate_date = NULL, modified_at = $2 WHERE id = $1', [o.id, now]);
        await writeOrderEvent(tx, { orderIds: [o.id], kind: 'reactivation_skipped', detail: { scheduledFor, message: refusal }, actor: SYSTEM_ACTOR, now });
        continue;
      }
      await tx.query(
        `UPDATE orders SET status = 'active', activate_date = NULL, pause_reason = NULL, paused_at = NULL, modified_at = $2 WHERE id = $1`, [o.id, now]);
      await writeOrderEvent(tx, { orderIds: [o.id], kind: 'reactivated', detail: { scheduledFor }, actor: SYSTEM_ACTOR, now });
      done.push(o.id);
    }
    return done;
  });
}
