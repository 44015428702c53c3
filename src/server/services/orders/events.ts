import type { Queryable } from '../../db/db';
import type { MatchCounts } from '../engine/match-counts';

/**
 * The order timeline (order_events): one row per change, written by the caller inside
 * the transaction of the change. `userId` is the person who acted (the admin behind a
 * switch, not the user they act as); null for the system (a scheduled reactivation).
 */
export interface EventActor {
  userId: number | null;
  byAdmin: boolean;
}
export const SYSTEM_ACTOR: EventActor = { userId: null, byAdmin: false };

export async function writeOrderEvent(
  q: Queryable, e: { orderIds: readonly number[]; kind: string; detail?: Record<string, unknown>; actor: EventActor; now: Date },
): Promise<void> {
  if (e.orderIds.length === 0) return;
  await q.query(
    `INSERT INTO order_events (order_id, kind, detail, user_id, by_admin, created_at)
     SELECT unnest($1::int[]), $2, $3, $4, $5, $6`,
    [e.orderIds, e.kind, JSON.stringify(e.detail ?? {}), e.actor.userId, e.actor.byAdmin, e.now],
  );
}

export interface OrderEventRow {
  id: number;
  orderId: number;
  event: string;
  detail: Record<string, unknown>;
  userName: string | null;
  admin: boolean;
  doneAt: string;
}

/** One page of an order's timeline, newest first (id descending), and how many there are. */
export async function listOrderEvents(q: Queryable, orderId: number, top: number, skip: number): Promise<{ events: OrderEventRow[]; total: number }> {
  const { rows } = await q.query<{ id: string; order_id: number; kind: string; detail: Record<string, unknown>; user_name: string | null; by_admin: boolean; created_at: Date; total: string }>(
    `SELECT e.id, e.order_id, e.kind, e.detail, e.by_admin, e.created_at,
            CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.first_name || ' ' || u.last_name) END AS user_name,
            count(*) OVER () AS total
       FROM order_events e LEFT JOIN users u ON u.id = e.user_id
      WHERE e.order_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
    [orderId, top, skip],
  );
  const total = rows.length ? Number(rows[0].total) : Number((await q.query<{ n: string }>('SELECT count(*) AS n FROM order_events WHERE order_id = $1', [orderId])).rows[0].n);
  return {
    total,
    events: rows.map((r) => ({
      id: Number(r.id), orderId: r.order_id, event: r.kind, detail: r.detail, userName: r.user_name || null, admin: r.by_admin,
      doneAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** The matching engine's decisions about one order, counted per outcome (the breakdown chart; this server's pending counts first). */
export async function orderBreakdown(q: Queryable, counts: MatchCounts, orderId: number): Promise<{ orderId: number; total: number; stats: Array<{ outcome: string; count: number }> }> {
  await counts.flush();
  const { rows } = await q.query<{ outcome: string; n: string }>(
    'SELECT outcome, n FROM order_match_counts WHERE order_id = $1 AND n > 0 ORDER BY n DESC, outcome',
    [orderId],
  );
  const stats = rows.map((r) => ({ outcome: r.outcome, count: Number(r.n) }));
  return { orderId, total: stats.reduce((s, r) => s + r.count, 0), stats };
}

/** Fields small enough to show before and after on the timeline; the others are named only. */
const SHOWN_FIELDS = new Set(['name', 'maxBidCents', 'customPriceCents', 'maxConcurrentCalls', 'billableCallDuration', 'destinationNumber', 'optimizerRatio', 'matchPremiumSources', 'withdrawalConfirmed']);

/**
 * What an edit changed, as a timeline event: 'renamed' when only the name changed,
 * 'caps_changed' when only the caps did, else 'edited' naming every changed field.
 */
export function editEvent<T extends object>(before: T, after: T): { kind: string; detail: Record<string, unknown> } | null {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const changed = Object.keys(a).filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  if (changed.length === 0) return null;
  if (changed.length === 1 && changed[0] === 'name') return { kind: 'renamed', detail: { from: b.name, to: a.name } };
  if (changed.length === 1 && changed[0] === 'caps') return { kind: 'caps_changed', detail: { from: b.caps, to: a.caps } };
  const shown = Object.fromEntries(changed.filter((k) => SHOWN_FIELDS.has(k) || k === 'caps').map((k) => [k, { from: b[k], to: a[k] }]));
  return { kind: 'edited', detail: { fields: changed, changes: shown } };
}
