import type { Queryable } from '../db/db';
import { hashToken } from '../services/tokens';

/**
 * The vendor API side of the demo: every vendor gets a sales token known in advance (the
 * docs/areas/engine.md lists them), so the debugger and curl can ping and post at once; packages tagged
 * shared sell a lead to up to three buyers.
 */
export const DEMO_SALES_TOKEN_PREFIX = 'demo-sales-';
export const demoSalesToken = (vendorName: string): string => `${DEMO_SALES_TOKEN_PREFIX}${vendorName.replace(/_/g, '-')}`;
export const SHARED_BUYERS = 3;

export async function seedVendorApi(q: Queryable, now: Date): Promise<void> {
  const { rows } = await q.query<{ id: number; vendor_name: string }>('SELECT id, vendor_name FROM vendors ORDER BY id');
  for (const v of rows) {
    const token = demoSalesToken(v.vendor_name);
    // Its last four characters, as for an issued token: the debugger names it by them.
    await q.query(
      `INSERT INTO vendor_api_keys (vendor_id, type, token_hash, hint, created_at) VALUES ($1, 'sales', $2, $3, $4) ON CONFLICT (token_hash) DO NOTHING`,
      [v.id, hashToken(token), token.slice(-4), now]);
  }
  await q.query(`UPDATE packages SET max_buyers = $1 WHERE 'shared' = ANY(tags)`, [SHARED_BUYERS]);
}
