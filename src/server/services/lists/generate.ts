import { LIST, LIST_DESIGNED_MSG, listReadyMail, type ListOrderInput } from '../../../domain/lists';
import type { Db, Queryable } from '../../db/db';
import { LedgerError, postMovement } from '../ledger';
import { enqueueMail } from '../mail';
import { pickRows } from './pick';

/** The do-not-call sources every row is scrubbed against (docs/areas/lists.md). */
export const DNC_SOURCES = ['national', 'state', 'internal', 'agent'] as const;

const DAY = 86_400_000;

export interface GeneratedList {
  listId: number;
  orderId: number;
  status: 'ready' | 'failed';
  deliverOnReady: boolean;
}

/** The idempotency key of a list's charge: one charge per list, whatever retries. */
export const listPurchaseKey = (listId: number): string => `list:purchase:${listId}`;

/**
 * Make one processing list, if any is waiting: claimed with SKIP LOCKED (so several servers
 * share the work) and made in the same transaction as its charge, so a list is ready and
 * paid, or failed and free, or still processing after a crash. No network inside.
 */
export async function generateNextList(db: Db, now: Date, smtp: boolean): Promise<GeneratedList | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: number; order_id: number; company_id: number; requested_records: number; deliver_on_ready: boolean;
      order_name: string; notify: string;
      zips: string[] | null; territory: ListOrderInput['territory']; filters: ListOrderInput['filters']; scrubbing: ListOrderInput['scrubbing'];
    }>(
      `SELECT li.id, li.order_id, li.company_id, li.requested_records, li.deliver_on_ready, lo.name AS order_name,
              (SELECT u.email FROM users u WHERE u.id = COALESCE(li.requested_by, lo.user_id)) AS notify, lo.zips, lo.territory, lo.filters, lo.scrubbing
         FROM lists li JOIN list_orders lo ON lo.id = li.order_id
        WHERE li.processed_status = 'processing'
        ORDER BY li.id LIMIT 1 FOR UPDATE OF li SKIP LOCKED`);
    const list = rows[0];
    if (!list) return null;
    const picked = await pickRows(tx, {
      companyId: list.company_id,
      zips: list.zips,
      state: list.territory.geoType === 'state' ? list.territory.state : null,
      filters: list.filters,
      callableOnly: list.scrubbing.callableOnly,
      existingCustomer: list.scrubbing.existingCustomer,
    }, list.requested_records, now);
    const done = { listId: list.id, orderId: list.order_id, deliverOnReady: list.deliver_on_ready };
    const tell = (records: number, failure: string | null) =>
      enqueueMail(tx, { to: list.notify, ...listReadyMail(list.order_name, records, failure) }, now, smtp);
    const fail = async (failure: string) => {
      await tell(0, failure);
      await tx.query(`UPDATE lists SET processed_status = 'failed', failure = $2, claimed_at = $3 WHERE id = $1`, [list.id, failure, now]);
      return { ...done, status: 'failed' as const };
    };
    if (picked.length === 0) return fail(LIST_DESIGNED_MSG.noRecords);
    const total = picked.reduce((sum, r) => sum + r.price_cents, 0);
    try {
      await postMovement(tx, { kind: 'list_purchase', companyId: list.company_id, amountCents: total, listId: list.id },
        { key: listPurchaseKey(list.id), at: now, memo: `Lead list ${list.id}: ${picked.length} records` });
    } catch (e) {
      if (e instanceof LedgerError && e.code === 'insufficient_funds') return fail(LIST_DESIGNED_MSG.insufficientFunds);
      throw e;
    }
    await insertRows(tx, list.id, picked, now);
    await tx.query(
      `UPDATE lists SET processed_status = 'ready', num_records = $2, price_cents = $3, claimed_at = $4, ready_at = $4, expires_at = $5 WHERE id = $1`,
      [list.id, picked.length, total, now, new Date(now.getTime() + LIST.expiresAfterDays * DAY)]);
    await tell(picked.length, null);
    return { ...done, status: 'ready' as const };
  });
}

async function insertRows(tx: Queryable, listId: number, rows: { lead_id: number; phone: string | null; price_cents: number }[], now: Date) {
  await tx.query(
    `INSERT INTO list_rows (list_id, lead_id, phone, price_cents, scrubbed_at, scrubbed_against)
     SELECT $1, x.lead_id, x.phone, x.price, $5, $6::text[] FROM unnest($2::int[], $3::text[], $4::int[]) AS x(lead_id, phone, price)`,
    [listId, rows.map((r) => r.lead_id), rows.map((r) => r.phone), rows.map((r) => r.price_cents), now, [...DNC_SOURCES]]);
}
