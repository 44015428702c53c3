import { stringify } from 'csv-stringify/sync';
import { guardCell } from '../../../domain/csv';
import { csvAmount } from '../../../domain/money/format';
import type { Queryable } from '../../db/db';

export const LIST_CSV_COLUMNS = ['Lead Id', 'First Name', 'Last Name', 'Phone', 'Email', 'City', 'State', 'ZIP', 'Vertical', 'Lead Date',
  'Price', 'Scrubbed At', 'Scrubbed Against'];

/** A list's rows that are still deliverable, as CSV with each row's scrub record; every cell guarded against formulas. */
export async function listCsv(q: Queryable, listId: number): Promise<{ csv: string; rows: number }> {
  const { rows } = await q.query<{
    lead_id: number; first_name: string; last_name: string; phone: string | null; email: string | null; city: string | null; state: string | null;
    zipcode: string | null; vertical: string; inserted_at: Date; price_cents: number; scrubbed_at: Date; scrubbed_against: string[];
  }>(
    `SELECT r.lead_id, l.first_name, l.last_name, r.phone, l.email, l.city, l.state, l.zipcode, l.vertical, l.inserted_at, r.price_cents,
            r.scrubbed_at, r.scrubbed_against
       FROM list_rows r JOIN leads l ON l.id = r.lead_id
      WHERE r.list_id = $1 AND r.dropped_at IS NULL ORDER BY l.inserted_at DESC, r.lead_id DESC`, [listId]);
  const body = rows.map((r) => [r.lead_id, r.first_name, r.last_name, r.phone, r.email, r.city, r.state, r.zipcode, r.vertical,
    r.inserted_at.toISOString(), csvAmount(r.price_cents), r.scrubbed_at.toISOString(), r.scrubbed_against.join(' ')].map(guardCell));
  return { csv: stringify([LIST_CSV_COLUMNS, ...body]), rows: rows.length };
}
