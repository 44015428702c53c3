import { statement, type Queryable } from '../../db/db';
import { hashToken } from '../tokens';
import type { VendorAllowance } from './allowance';
import { debuggerKeyOf, type DebugGrants } from './debug-grants';
import type { VendorKeys } from './vendor-keys';

/**
 * The vendor behind a Basic authorization: `base64(<token>:)` (the debugger's form: the
 * sales token as the user name) or `base64(<anything>:<token>)`. Active vendors with an
 * unrevoked sales token only: read once, then kept in memory (vendor-keys.ts) until a
 * key or a vendor changes. The debug proxy's own requests carry `Debugger <key>` instead: a
 * one-time grant naming a live token by id (debug-grants.ts).
 */
const VENDOR_OF = statement('engine_vendor_of',
  `SELECT k.vendor_id FROM vendor_api_keys k JOIN vendors v ON v.id = k.vendor_id
    WHERE k.token_hash = $1 AND k.revoked_at IS NULL AND k.type = 'sales' AND v.status = 'active' LIMIT 1`);
const VENDOR_OF_KEY = statement('engine_vendor_of_key',
  `SELECT k.vendor_id FROM vendor_api_keys k JOIN vendors v ON v.id = k.vendor_id
    WHERE k.id = $1 AND k.revoked_at IS NULL AND k.type = 'sales' AND v.status = 'active'`);

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

/** The vendor and its requests in the current second (allowance.ts), or null for no valid token. */
export async function authenticateVendor(q: Queryable, engine: { keys: VendorKeys; allowance: VendorAllowance; debugGrants: DebugGrants },
  header: string | undefined, now: Date): Promise<{ vendorId: number; hits: number } | null> {
  const granted = debuggerKeyOf(header);
  if (granted) {
    const apiKeyId = engine.debugGrants.take(granted);
    if (apiKeyId === undefined) return null;
    const { rows } = await q.query<{ vendor_id: number }>(VENDOR_OF_KEY, [apiKeyId]);
    return rows[0] ? { vendorId: rows[0].vendor_id, hits: engine.allowance.hit(rows[0].vendor_id, now) } : null;
  }
  const token = tokenOf(header);
  if (!token) return null;
  const hash = hashToken(token);
  let vendorId = engine.keys.get(hash);
  if (vendorId === undefined) {
    const ticket = engine.keys.ticket();
    const { rows } = await q.query<{ vendor_id: number }>(VENDOR_OF, [hash]);
    if (!rows[0]) return null;
    vendorId = rows[0].vendor_id;
    engine.keys.store(hash, vendorId, ticket);
  }
  return { vendorId, hits: engine.allowance.hit(vendorId, now) };
}

/** Forget counts older than a minute (the delivery jobs call it). */
export async function sweepVendorCounts(q: Queryable, now: Date): Promise<void> {
  await q.query('DELETE FROM vendor_request_counts WHERE second < $1', [new Date(now.getTime() - 60_000)]);
}
