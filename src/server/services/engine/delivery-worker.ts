import type { ChannelConfig } from '../../../domain/orders/delivery';
import type { Db } from '../../db/db';
import { deliverLead, type DeliverableLead, type DeliveryDeps } from '../delivery';

/**
 * The delivery outbox (lead_deliveries): rows written in the sale's transaction, claimed
 * here with FOR UPDATE SKIP LOCKED (every instance may run it; a claim is a lease, so a
 * crashed worker's rows come back after LEASE_SECONDS), sent through the order's channel,
 * retried with exponential backoff, and the lead's delivery status kept beside it.
 */
export const DELIVERY_MAX_ATTEMPTS = 6;
export const LEASE_SECONDS = 60;
/** 30 s, 1 min, 2 min, 4 min, 8 min between attempts. */
export const deliveryBackoffMs = (attempts: number): number => 30_000 * 2 ** Math.max(0, attempts - 1);

interface Claimed {
  id: number;
  lead_id: number;
  channel: ChannelConfig;
  attempts: number;
  vertical: 'autoins' | 'homeins';
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  zipcode: string | null;
  state: string | null;
  city: string | null;
  vertical_data: Record<string, string | number | boolean>;
  inserted_at: Date;
}

async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const { rows } = await db.query<Claimed>(
    `WITH due AS (
       SELECT id FROM lead_deliveries WHERE status = 'pending' AND run_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
        ORDER BY run_at LIMIT $2 FOR UPDATE SKIP LOCKED
     ), c AS (
       UPDATE lead_deliveries d SET locked_until = $3, attempts = d.attempts + 1 FROM due WHERE d.id = due.id
       RETURNING d.id, d.lead_id, d.channel, d.attempts
     )
     SELECT c.*, l.vertical, l.first_name, l.last_name, l.email, l.phone, l.zipcode, l.state, l.city, l.vertical_data, l.inserted_at
       FROM c JOIN leads l ON l.id = c.lead_id`,
    [now, limit, new Date(now.getTime() + LEASE_SECONDS * 1000)]);
  return rows;
}

const deliverable = (c: Claimed): DeliverableLead => ({
  id: String(c.lead_id),
  vertical: c.vertical,
  receivedAt: new Date(c.inserted_at).toISOString(),
  test: false,
  contact: { firstName: c.first_name, lastName: c.last_name, email: c.email ?? '', phone: c.phone ?? '', address: '', city: c.city ?? '',
    state: c.state?.trim() ?? '', zip: c.zipcode ?? '' },
  details: c.vertical_data ?? {},
});

/** The lead's status from its rows: delivered when all are, failed when one gave up, else pending. */
const LEAD_STATUS = `UPDATE leads l SET delivery_status = s.status, delivery_attempts = s.attempts, delivered_at = s.delivered_at, delivery_error = s.error
  FROM (SELECT lead_id,
          CASE WHEN bool_and(status = 'delivered') THEN 'delivered' WHEN bool_or(status = 'failed') THEN 'failed' ELSE 'pending' END AS status,
          max(attempts) AS attempts, CASE WHEN bool_and(status = 'delivered') THEN max(done_at) END AS delivered_at,
          max(last_error) AS error
          FROM lead_deliveries WHERE lead_id = $1 GROUP BY lead_id) s
 WHERE l.id = s.lead_id`;

/** One round: claim due rows, send each, record the outcome. Returns how many were tried. */
export async function runDeliveries(deps: DeliveryDeps & { db: Db }, limit = 20): Promise<number> {
  const now = deps.clock.now();
  const claimed = await claim(deps.db, now, limit);
  for (const c of claimed) {
    let ok = false;
    let error: string | null = null;
    try {
      const r = await deliverLead(deps, c.channel, deliverable(c));
      ok = r.ok;
      if (!r.ok) error = 'message' in r ? String(r.message) : 'delivery failed';
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const at = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      if (ok) await tx.query(`UPDATE lead_deliveries SET status = 'delivered', done_at = $2, locked_until = NULL WHERE id = $1`, [c.id, at]);
      else if (c.attempts >= DELIVERY_MAX_ATTEMPTS)
        await tx.query(`UPDATE lead_deliveries SET status = 'failed', done_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1`, [c.id, at, error]);
      else
        await tx.query('UPDATE lead_deliveries SET run_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1',
          [c.id, new Date(at.getTime() + deliveryBackoffMs(c.attempts)), error]);
      await tx.query(LEAD_STATUS, [c.lead_id]);
    });
  }
  return claimed.length;
}
