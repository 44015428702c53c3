import type { ListStatus } from '../../../domain/lists';
import type { Queryable } from '../../db/db';

export interface ListDeliveryRow {
  id: number;
  list_id: number;
  destination: string;
  channel: 'email' | 'leadManager' | 'quoteBurst' | 'roboAgent';
  status: 'sending' | 'delivered' | 'failed';
  records: number;
  dropped: number;
  refund_cents: number;
  error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

export interface ListRow {
  id: number;
  order_id: number;
  order_name: string;
  company_id: number;
  processed_status: ListStatus;
  requested_records: number;
  num_records: number;
  price_cents: number;
  failure: string | null;
  created_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
  deliveries: ListDeliveryRow[];
}

/** A ready list past its expiry reads as expired (no job has to flip it). */
const STATUS = `CASE WHEN li.processed_status = 'ready' AND li.expires_at <= $1 THEN 'expired' ELSE li.processed_status END`;

const SELECT = `
  SELECT li.id, li.order_id, lo.name AS order_name, li.company_id, ${STATUS} AS processed_status, li.requested_records, li.num_records,
         li.price_cents, li.failure, li.created_at, li.ready_at, li.expires_at,
         COALESCE((SELECT json_agg(d ORDER BY d.id DESC) FROM list_deliveries d WHERE d.list_id = li.id), '[]') AS deliveries
    FROM lists li JOIN list_orders lo ON lo.id = li.order_id`;

/** The lists of an order (removed ones left out), newest first, of one status when given. */
export async function listsOfOrder(q: Queryable, orderId: number, status: ListStatus | null, now: Date): Promise<ListRow[]> {
  const { rows } = await q.query<ListRow>(
    `${SELECT} WHERE li.order_id = $2 AND li.removed_at IS NULL AND ($3::text IS NULL OR ${STATUS} = $3) ORDER BY li.id DESC`,
    [now, orderId, status]);
  return rows;
}

/** One list that is not removed, with its order's id (the caller checks the order's scope). */
export async function findList(q: Queryable, id: number, now: Date, lock = false): Promise<ListRow | null> {
  const { rows } = await q.query<ListRow>(`${SELECT} WHERE li.id = $2 AND li.removed_at IS NULL ${lock ? 'FOR UPDATE OF li' : ''}`, [now, id]);
  return rows[0] ?? null;
}

/**
 * Queue a list of an order: processing until the job makes it. The partial unique index
 * allows one processing list per order, so two requests at once make one; null when one is
 * processing already.
 */
export async function requestList(
  q: Queryable, order: { id: number; companyId: number }, records: number, by: number | null, deliverOnReady: boolean, now: Date,
): Promise<number | null> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO lists (order_id, company_id, requested_by, requested_records, deliver_on_ready, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (order_id) WHERE processed_status = 'processing' DO NOTHING RETURNING id`,
    [order.id, order.companyId, by, records, deliverOnReady, now]);
  return rows[0]?.id ?? null;
}

/** Remove a list that is not processing; false when it is. */
export async function removeList(q: Queryable, id: number, now: Date): Promise<boolean> {
  const { rows } = await q.query(
    `UPDATE lists SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL AND processed_status <> 'processing' RETURNING id`, [id, now]);
  return rows.length > 0;
}

/** Archive an order's expired lists; how many. */
export async function archiveExpired(q: Queryable, orderId: number, now: Date): Promise<number> {
  const { rows } = await q.query(
    `UPDATE lists SET processed_status = 'archived', archived_at = $2
      WHERE order_id = $1 AND removed_at IS NULL AND processed_status = 'ready' AND expires_at <= $2 RETURNING id`, [orderId, now]);
  return rows.length;
}
