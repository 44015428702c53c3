import { LIST_CRM_CHANNEL, LIST_CRMS, LIST_MSG, type ListCrm } from '../../../domain/lists';
import type { ChannelConfig } from '../../../domain/orders/delivery';
import { isEmail, normalizeChannel } from '../../../domain/orders/delivery';
import type { Queryable } from '../../db/db';
import { channelAccount, postToChannel, type DeliveryDeps } from '../delivery';
import { postMovement } from '../ledger';
import { enqueueMail } from '../mail';
import { listCsv } from './csv';
import { DNC_SOURCES } from './generate';
import type { ListDeliveryRow } from './lists';

export type Destination = { channel: 'email'; to: string } | { channel: ListCrm };

/** An email address, or one of the CRMs by name; null for anything else. */
export function destinationOf(text: string): Destination | null {
  const t = text.trim();
  if ((LIST_CRMS as readonly string[]).includes(t)) return { channel: t as ListCrm };
  return isEmail(t) && !t.includes(',') ? { channel: 'email', to: t } : null;
}

const destinationText = (d: Destination) => (d.channel === 'email' ? d.to : d.channel);

/**
 * The scrub at delivery, in the caller's transaction: every row still in the list is
 * checked against every do-not-call list now. A number flagged since the list was made is
 * dropped, and the dropped rows' price refunded once (the key names the delivery); the
 * others are stamped with this scrub. Returns what was dropped.
 */
export async function scrubForDelivery(tx: Queryable, list: { id: number; company_id: number }, deliveryId: number, now: Date) {
  const dropped = await tx.query<{ n: number; cents: number }>(
    `WITH d AS (
       UPDATE list_rows r SET dropped_at = $2, dropped_reason = 'dnc'
        WHERE r.list_id = $1 AND r.dropped_at IS NULL AND EXISTS (SELECT 1 FROM dnc_numbers n WHERE n.phone = r.phone)
        RETURNING r.price_cents)
     SELECT count(*)::int AS n, COALESCE(sum(price_cents), 0)::int AS cents FROM d`, [list.id, now]);
  await tx.query(`UPDATE list_rows SET scrubbed_at = $2, scrubbed_against = $3 WHERE list_id = $1 AND dropped_at IS NULL`,
    [list.id, now, [...DNC_SOURCES]]);
  const { n, cents } = dropped.rows[0];
  if (cents > 0)
    await postMovement(tx, { kind: 'list_refund', companyId: list.company_id, amountCents: cents, listId: list.id },
      { key: `list:refund:${deliveryId}`, at: now, memo: `Lead list ${list.id}: ${n} records dropped by the do-not-call scrub` });
  if (n > 0)
    await tx.query(`UPDATE lists SET num_records = num_records - $2, price_cents = price_cents - $3 WHERE id = $1`, [list.id, n, cents]);
  return { dropped: n, refundCents: cents };
}

/** The company's newest order that delivers through this channel: its configuration. */
async function channelOfCompany(tx: Queryable, companyId: number, type: string): Promise<ChannelConfig | null> {
  const { rows } = await tx.query<{ ch: ChannelConfig }>(
    `SELECT ch FROM orders o, jsonb_array_elements(COALESCE(o.delivery -> 'channels', '[]')) ch
      WHERE o.company_id = $1 AND ch ->> 'type' = $2 ORDER BY o.id DESC LIMIT 1`, [companyId, type]);
  return rows[0] ? normalizeChannel(rows[0].ch) : null;
}

export type DeliveryStart =
  | { kind: 'done'; delivery: ListDeliveryRow }
  | { kind: 'post'; delivery: ListDeliveryRow; channel: ChannelConfig; body: unknown };

/**
 * The part of a delivery inside a transaction (the list row locked by the caller, ready and
 * not expired): record it, scrub, and either queue the mail with the CSV attached (done),
 * or hand back what to post to the CRM after the transaction commits.
 */
export async function startDelivery(
  tx: Queryable, deps: Pick<DeliveryDeps, 'smtp'>, list: { id: number; company_id: number; order_name: string },
  to: Destination, by: number | null, now: Date,
): Promise<DeliveryStart> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO list_deliveries (list_id, destination, channel, status, records, requested_by, created_at)
     VALUES ($1, $2, $3, 'sending', 0, $4, $5) RETURNING id`, [list.id, destinationText(to), to.channel, by, now]);
  const id = rows[0].id;
  const scrub = await scrubForDelivery(tx, list, id, now);
  const { csv, rows: records } = await listCsv(tx, list.id);
  const finish = async (status: 'delivered' | 'failed' | 'sending', error: string | null) => {
    const { rows: d } = await tx.query<ListDeliveryRow>(
      `UPDATE list_deliveries SET status = $2, records = $3, dropped = $4, refund_cents = $5, error = $6,
              delivered_at = CASE WHEN $2 = 'delivered' THEN $7::timestamptz END
        WHERE id = $1 RETURNING *`, [id, status, records, scrub.dropped, scrub.refundCents, error, now]);
    return d[0];
  };
  if (to.channel === 'email') {
    await enqueueMail(tx, {
      to: to.to, subject: `Lead list: ${list.order_name}`,
      text: `${records} records of "${list.order_name}" are attached, each scrubbed against the do-not-call lists on ${now.toISOString().slice(0, 10)}.`,
      attachment: { name: `list_${list.id}.csv`, body: csv },
    }, now, deps.smtp);
    return { kind: 'done', delivery: await finish('delivered', null) };
  }
  const type = LIST_CRM_CHANNEL[to.channel];
  const channel = type ? await channelOfCompany(tx, list.company_id, type) : null;
  if (!channel?.postUrl) return { kind: 'done', delivery: await finish('failed', LIST_MSG.exportFailed) };
  const body = { channel: channel.type, account: channelAccount(channel), list: { id: list.id, name: list.order_name, records }, csv };
  return { kind: 'post', delivery: await finish('sending', null), channel, body };
}

/** After the commit: post to the CRM and record how it went. */
export async function finishCrmDelivery(deps: DeliveryDeps, start: Extract<DeliveryStart, { kind: 'post' }>): Promise<ListDeliveryRow> {
  const sent = await postToChannel(deps, start.channel, start.body);
  const { rows } = await deps.db.query<ListDeliveryRow>(
    `UPDATE list_deliveries SET status = $2, error = $3, delivered_at = $4 WHERE id = $1 RETURNING *`,
    [start.delivery.id, sent.ok ? 'delivered' : 'failed', sent.ok ? null : sent.message, sent.ok ? deps.clock.now() : null]);
  return rows[0];
}
