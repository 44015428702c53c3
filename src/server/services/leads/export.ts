import { guardCell } from '../../../domain/csv';
import { AGENT_STATUS_LABELS, RETURN_STATUS_LABELS } from '../../../domain/leads/tabs';
import { VERTICAL_LABELS, type LeadQuery } from '../../../domain/leads/filters';
import type { Queryable } from '../../db/db';
import { ROW_COLUMNS, ROW_JOINS, type LeadDbRow } from './rows';
import type { LeadScope } from './scope';
import { buildWhere } from './where';

/** The export's columns, in order (header names). */
export const EXPORT_COLUMNS = [
  'Lead ID', 'Insert Date', 'First Name', 'Last Name', 'Email', 'Phone', 'Zip', 'City', 'State', 'Vertical', 'Product',
  'Vendor', 'Company', 'Agent', 'Package', 'Price', 'Agent Status', 'Return Status', 'Return Reason', 'Deny Reason', 'DNC', 'Note',
] as const;

/** Rows read per statement: small enough to keep memory flat, large enough to amortise the round trip. */
export const EXPORT_BATCH = 2000;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** One lead as its CSV record, every cell guarded against formula injection. */
export function exportRecord(r: LeadDbRow): string[] {
  return [
    r.id, new Date(r.inserted_at).toISOString(), r.first_name, r.last_name, r.email, r.phone, r.zipcode, r.city, r.state,
    VERTICAL_LABELS[r.vertical], r.product, r.vendor_display_name, r.company_name, r.user_name, r.package_name, dollars(r.price_cents),
    AGENT_STATUS_LABELS[r.agent_status], r.return_status ? RETURN_STATUS_LABELS[r.return_status] : '', r.return_reason, r.deny_reason,
    r.dnc ? 'Yes' : 'No', r.note,
  ].map(guardCell);
}

/**
 * Every lead of a search, newest first, as batches read by keyset ((inserted_at, id) below
 * the last row seen): each batch is one short index walk, whatever the depth, and only
 * one batch is in memory at a time.
 */
export async function* exportBatches(q: Queryable, query: LeadQuery, scope: LeadScope, timeZone: string): AsyncGenerator<LeadDbRow[]> {
  // The cursor's time travels as text: a Date would drop the microseconds PostgreSQL keeps.
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const w = buildWhere(query, scope, timeZone, { withTab: true });
    const keyset: string = after ? `AND (l.inserted_at, l.id) < (${w.p(after.at)}::timestamptz, ${w.p(after.id)}::int)` : '';
    const limit = w.p(EXPORT_BATCH);
    const { rows }: { rows: Array<LeadDbRow & { cursor_at: string }> } = await q.query<LeadDbRow & { cursor_at: string }>(
      `WITH page AS (SELECT l.id, l.inserted_at FROM leads l WHERE ${w.sql} ${keyset} ORDER BY l.inserted_at DESC, l.id DESC LIMIT ${limit})
       SELECT ${ROW_COLUMNS}, l.inserted_at::text AS cursor_at FROM page JOIN leads l ON l.id = page.id ${ROW_JOINS} ORDER BY l.inserted_at DESC, l.id DESC`,
      w.params,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, id: last.id };
  }
}
