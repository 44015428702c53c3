import { statement, type Queryable } from '../../db/db';
import { hashToken } from '../tokens';

/**
 * The vendor behind a Basic authorization: `base64(<token>:)` (the debugger's form: the
 * sales token as the user name) or `base64(<anything>:<token>)`. Active vendors with an
 * unrevoked sales token only. In the same statement, one hit on the vendor's counter of
 * the current second (vendor_request_counts: shared by every instance, unlogged).
 */
const AUTH = statement('engine_vendor_auth',
  `WITH v AS (
     SELECT k.vendor_id FROM vendor_api_keys k JOIN vendors v ON v.id = k.vendor_id
      WHERE k.token_hash = $1 AND k.revoked_at IS NULL AND k.type = 'sales' AND v.status = 'active' LIMIT 1
   ), hit AS (
     INSERT INTO vendor_request_counts (vendor_id, second, count) SELECT v.vendor_id, $2, 1 FROM v
     ON CONFLICT (vendor_id, second) DO UPDATE SET count = vendor_request_counts.count + 1 RETURNING count
   )
   SELECT v.vendor_id, (SELECT count FROM hit) AS hits FROM v`, { quiet: true });

export function tokenOf(header: string | undefined): string | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const user = colon < 0 ? text : text.slice(0, colon);
  const pass = colon < 0 ? '' : text.slice(colon + 1);
  const token = pass || user;
  return token.length > 0 && token.length <= 200 && !token.includes('\u0000') ? token : null;
}

/** The vendor and its requests in the current second, or null for no valid token. */
export async function authenticateVendor(q: Queryable, header: string | undefined, now: Date): Promise<{ vendorId: number; hits: number } | null> {
  const token = tokenOf(header);
  if (!token) return null;
  const second = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const { rows } = await q.query<{ vendor_id: number; hits: number }>(AUTH, [hashToken(token), second]);
  return rows[0] ? { vendorId: rows[0].vendor_id, hits: rows[0].hits } : null;
}

/** Forget counts older than a minute (the delivery jobs call it). */
export async function sweepVendorCounts(q: Queryable, now: Date): Promise<void> {
  await q.query('DELETE FROM vendor_request_counts WHERE second < $1', [new Date(now.getTime() - 60_000)]);
}
