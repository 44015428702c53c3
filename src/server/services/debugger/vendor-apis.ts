import { revokedByIssue } from '../../../domain/debugger/tokens';
import type { Db, Queryable } from '../../db/db';
import { one } from '../../db/db';
import { audit } from '../audit';
import { hashToken, randomToken } from '../tokens';

export interface VendorApiRow {
  id: number;
  type: 'sales';
  hint: string | null;
  created_at: Date;
}

/** The vendor a user signs in for (vendors.user_id), or the vendor of an id. */
export interface VendorRow {
  id: number;
  user_id: number | null;
  vendor_name: string;
}
export const vendorOfUser = (q: Queryable, userId: number) =>
  one<VendorRow>(q, 'SELECT id, user_id, vendor_name FROM vendors WHERE user_id = $1', [userId]);
export const vendorById = (q: Queryable, vendorId: number) =>
  one<VendorRow>(q, 'SELECT id, user_id, vendor_name FROM vendors WHERE id = $1', [vendorId]);

const LIVE = `SELECT id, type, hint, created_at FROM vendor_api_keys WHERE vendor_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`;

/** The vendor's live tokens, newest first. */
export async function listVendorApis(q: Queryable, vendorId: number): Promise<VendorApiRow[]> {
  return (await q.query<VendorApiRow>(LIVE, [vendorId])).rows;
}

/** A live sales token by id, with its vendor (the debugger signs a request with it). */
export const liveVendorApi = (q: Queryable, apiId: number) =>
  one<{ id: number; vendor_id: number }>(q, `SELECT id, vendor_id FROM vendor_api_keys WHERE id = $1 AND revoked_at IS NULL AND type = 'sales'`, [apiId]);

/** The token issuing would revoke, when the request did not name it (`revokes`). */
export interface RevokeUnconfirmed {
  unconfirmed: VendorApiRow | null;
}

/**
 * A new sales token: only its hash and last four characters are stored, the token itself
 * is returned this once. With MAX_VENDOR_TOKENS live, the oldest is revoked, and only when
 * `revokes` names it (the vendor confirmed it); otherwise nothing changes. One transaction,
 * the vendor's row locked so two issues count right, with its audit entry (who asked, and
 * the admin behind a switch).
 */
export async function issueVendorToken(
  db: Db, vendorId: number, by: { userId: number; originalUserId: number | null }, at: Date, revokes: number | null,
): Promise<(VendorApiRow & { token: string; revoked: VendorApiRow | null }) | RevokeUnconfirmed> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM vendors WHERE id = $1 FOR UPDATE', [vendorId]);
    const revoked = revokedByIssue(await listVendorApis(tx, vendorId));
    if ((revoked?.id ?? null) !== revokes) return { unconfirmed: revoked };
    const token = randomToken();
    const { rows } = await tx.query<VendorApiRow>(
      `INSERT INTO vendor_api_keys (vendor_id, type, token_hash, hint, created_at) VALUES ($1, 'sales', $2, $3, $4)
       RETURNING id, type, hint, created_at`,
      [vendorId, hashToken(token), token.slice(-4), at]);
    if (revoked) await tx.query('UPDATE vendor_api_keys SET revoked_at = $2 WHERE id = $1', [revoked.id, at]);
    await audit(tx, at, { ...by, action: 'vendor_api_issued', detail: { vendorId, apiId: rows[0].id, revokedApiId: revoked?.id ?? null } });
    return { ...rows[0], token, revoked };
  });
}
