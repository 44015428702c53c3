import { MAX_VENDOR_TOKENS } from '../../../domain/debugger/messages';
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

export async function listVendorApis(q: Queryable, vendorId: number): Promise<VendorApiRow[]> {
  const { rows } = await q.query<VendorApiRow>(
    `SELECT id, type, hint, created_at FROM vendor_api_keys WHERE vendor_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`,
    [vendorId]);
  return rows;
}

/**
 * A new sales token: only its hash and last four characters are stored, the token itself
 * is returned this once. Beyond MAX_VENDOR_TOKENS live ones, the oldest are revoked.
 * Run in a transaction; the vendor's row is locked so two issues count right.
 */
export async function issueVendorApi(tx: Queryable, vendorId: number, at: Date): Promise<VendorApiRow & { token: string }> {
  await tx.query('SELECT id FROM vendors WHERE id = $1 FOR UPDATE', [vendorId]);
  const token = randomToken();
  const { rows } = await tx.query<VendorApiRow>(
    `INSERT INTO vendor_api_keys (vendor_id, type, token_hash, hint, created_at) VALUES ($1, 'sales', $2, $3, $4)
     RETURNING id, type, hint, created_at`,
    [vendorId, hashToken(token), token.slice(-4), at]);
  await tx.query(
    `UPDATE vendor_api_keys SET revoked_at = $2 WHERE id IN (
       SELECT id FROM vendor_api_keys WHERE vendor_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC OFFSET $3)`,
    [vendorId, at, MAX_VENDOR_TOKENS]);
  return { ...rows[0], token };
}

/** Issue a token for a vendor in one transaction, with its audit entry (who asked, and the admin behind a switch). */
export async function issueVendorToken(
  db: Db, vendorId: number, by: { userId: number; originalUserId: number | null }, at: Date,
): Promise<VendorApiRow & { token: string }> {
  return db.transaction(async (tx) => {
    const row = await issueVendorApi(tx, vendorId, at);
    await audit(tx, at, { ...by, action: 'vendor_api_issued', detail: { vendorId, apiId: row.id } });
    return row;
  });
}
