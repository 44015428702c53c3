import type { OrderPackage, OrderSettings } from '../../../domain/orders/types';
import type { Db } from '../../db/db';
import { editEvent, writeOrderEvent, type EventActor } from './events';
import { insertJob, type JobRow, type NewJob } from './jobs';
import { findOrderRow, settingsOfOrder, writeOrderCaps, writeOrderSettings, type OrderRow } from './store';

/**
 * The wizard's writes that span more than one statement, each in one transaction: a new
 * draft (with the clone event on its source order), an order's settings edited against
 * the row as it stands, and its caps. The rules are the caller's (src/domain); here is
 * the order they are written in.
 */

/** A new draft; a clone is also on the source order's timeline. */
export function createDraft(db: Db, job: NewJob, actor: EventActor, now: Date): Promise<JobRow> {
  return db.transaction(async (tx) => {
    const j = await insertJob(tx, job, now);
    if (job.sourceOrderId !== null) await writeOrderEvent(tx, { orderIds: [job.sourceOrderId], kind: 'cloned', detail: { jobId: j.id }, actor, now });
    return j;
  });
}

/**
 * Edit an order's settings: `next` turns the settings as they stand (the row locked) into
 * the new ones, or throws its refusal, so an edit never applies to a stale read. The
 * timeline gets what changed.
 */
export function editOrderSettings(
  db: Db, orderId: number, pkg: OrderPackage, next: (before: OrderSettings, product: OrderRow['product']) => OrderSettings, actor: EventActor, now: Date,
): Promise<void> {
  return db.transaction(async (tx) => {
    const fresh = (await findOrderRow(tx, orderId, true))!;
    const before = settingsOfOrder(fresh, pkg);
    const after = next(before, fresh.product);
    await writeOrderSettings(tx, orderId, after, now);
    const change = editEvent(before, after);
    if (change) await writeOrderEvent(tx, { orderIds: [orderId], ...change, actor, now });
  });
}

/** New caps for an order, with the change on its timeline. */
export function changeOrderCaps(db: Db, row: OrderRow, caps: OrderSettings['caps'], actor: EventActor, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    await writeOrderCaps(tx, row.id, caps, now);
    const from = { daily: row.cap_daily, weekly: row.cap_weekly, monthly: row.cap_monthly };
    await writeOrderEvent(tx, { orderIds: [row.id], kind: 'caps_changed', detail: { from, to: caps }, actor, now });
  });
}
