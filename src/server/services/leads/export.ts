import { guardCell } from '../../../domain/csv';
import { csvAmount } from '../../../domain/money/format';
import { AGENT_STATUS_LABELS, RETURN_STATUS_LABELS } from '../../../domain/leads/tabs';
import { VERTICAL_LABELS, type LeadQuery } from '../../../domain/leads/filters';
import type { Queryable } from '../../db/db';
import type { LeadDbRow } from './rows';
import type { Scope } from '../../../domain/access/scope';
import { buildWhere } from './where';

/** The export's columns, in order (header names). */
export const EXPORT_COLUMNS = [
  'Lead ID', 'Insert Date', 'First Name', 'Last Name', 'Email', 'Phone', 'Zip', 'City', 'State', 'Vertical', 'Product',
  'Vendor', 'Company', 'Agent', 'Package', 'Price', 'Agent Status', 'Return Status', 'Return Reason', 'Deny Reason', 'DNC', 'Note',
] as const;

/** Rows read per statement: small enough to keep memory flat, large enough to amortise the round trip. */
export const EXPORT_BATCH = 2000;

/** One lead as its CSV record, every cell guarded against formula injection. */
export function exportRecord(r: LeadDbRow): string[] {
  return [
    r.id, new Date(r.inserted_at).toISOString(), r.first_name, r.last_name, r.email, r.phone, r.zipcode, r.city, r.state,
    VERTICAL_LABELS[r.vertical], r.product, r.vendor_display_name, r.company_name, r.user_name, r.package_name, csvAmount(r.price_cents),
    AGENT_STATUS_LABELS[r.agent_status], r.return_status ? RETURN_STATUS_LABELS[r.return_status] : '', r.return_reason, r.deny_reason,
    r.dnc ? 'Yes' : 'No', r.note,
  ].map(guardCell);
}

/** Names of the few vendors, companies, agents and packages, read once per export instead of joined per row. */
async function namesOf(q: Queryable) {
  const [v, c, u, p] = await Promise.all([
    q.query<{ id: number; vendor_name: string; display_name: string }>('SELECT id, vendor_name, display_name FROM vendors'),
    q.query<{ id: number; name: string }>('SELECT id, name FROM companies'),
    q.query<{ id: number; name: string }>("SELECT id, trim(first_name || ' ' || last_name) AS name FROM users"),
    q.query<{ id: number; name: string }>('SELECT id, name FROM packages'),
  ]);
  return {
    vendors: new Map(v.rows.map((r) => [r.id, r])),
    companies: new Map(c.rows.map((r) => [r.id, r.name])),
    users: new Map(u.rows.map((r) => [r.id, r.name])),
    packages: new Map(p.rows.map((r) => [r.id, r.name])),
  };
}

const LEAD_COLUMNS = `l.id, l.vertical, l.product, l.product_variant, l.agent_status, l.return_status, l.return_reason, l.deny_reason,
  l.return_requested_at, l.return_responded_at, l.inserted_at, l.first_name, l.last_name, l.email, l.phone, l.zipcode, l.city,
  l.state, l.price_cents, l.vendor_id, l.company_id, l.user_id, l.package_id, l.order_id, l.quoted, l.policy, l.dnc, l.note,
  l.note_modified_at, l.call_id, l.lead_transaction_key, l.inserted_at::text AS cursor_at`;

/**
 * Every lead of a search, newest first, as batches read by keyset ((inserted_at, id) below
 * the last row seen): each batch is one short index walk, whatever the depth, and only
 * one batch is in memory at a time. Names come from small maps read once.
 */
export async function* exportBatches(q: Queryable, query: LeadQuery, scope: Scope, timeZone: string): AsyncGenerator<LeadDbRow[]> {
  const names = await namesOf(q);
  // The cursor's time travels as text: a Date would drop the microseconds PostgreSQL keeps.
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const w = buildWhere(query, scope, timeZone, { withTab: true });
    const keyset: string = after ? `AND (l.inserted_at, l.id) < (${w.p(after.at)}::timestamptz, ${w.p(after.id)}::int)` : '';
    const limit = w.p(EXPORT_BATCH);
    type Raw = Omit<LeadDbRow, 'vendor_name' | 'vendor_display_name' | 'company_name' | 'user_name' | 'package_name' | 'call_status' | 'call_sold'> & { package_id: number; cursor_at: string };
    const { rows }: { rows: Raw[] } = await q.query<Raw>(
      `SELECT ${LEAD_COLUMNS} FROM leads l WHERE ${w.sql} ${keyset} ORDER BY l.inserted_at DESC, l.id DESC LIMIT ${limit}`,
      w.params,
    );
    if (rows.length === 0) return;
    const calls = rows.some((r) => r.call_id !== null)
      ? new Map((await q.query<{ id: number; status: string; sold: boolean }>('SELECT id, status, sold FROM calls WHERE id = ANY ($1::int[])',
        [rows.filter((r) => r.call_id !== null).map((r) => r.call_id)])).rows.map((c) => [c.id, c]))
      : new Map<number, { status: string; sold: boolean }>();
    yield rows.map((r) => {
      const vendor = names.vendors.get(r.vendor_id);
      return { ...r, vendor_name: vendor?.vendor_name ?? '', vendor_display_name: vendor?.display_name ?? '', company_name: names.companies.get(r.company_id) ?? '',
        user_name: names.users.get(r.user_id) ?? '', package_name: names.packages.get(r.package_id) ?? '',
        call_status: r.call_id === null ? null : (calls.get(r.call_id)?.status ?? null), call_sold: r.call_id === null ? null : (calls.get(r.call_id)?.sold ?? null) };
    });
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, id: last.id };
  }
}
