import { statement, type Queryable } from '../../db/db';
import { invalidMovement } from './errors';
import type { AccountRef } from './movements';

const FIND_ACCOUNTS = statement('ledger_find_accounts',
  `SELECT a.id, a.kind, coalesce(a.company_id, 0) AS owner FROM ledger_accounts a
    JOIN unnest($1::text[], $2::int[]) AS w(kind, owner) ON w.kind = a.kind AND w.owner = coalesce(a.company_id, 0)
   WHERE a.vendor_id IS NULL`);

export const refKey = (r: AccountRef): string => (r.kind === 'vendor_payable' ? `vendor_payable:v${r.vendorId}` : `${r.kind}:${r.companyId ?? 0}`);

/**
 * The ids of these accounts, creating the companies' accounts they lack (a company's
 * accounts appear with its first movement). Inside the caller's transaction.
 */
export async function accountIds(q: Queryable, refs: AccountRef[]): Promise<Map<string, number>> {
  const vendors = refs.filter((r): r is Extract<AccountRef, { kind: 'vendor_payable' }> => r.kind === 'vendor_payable');
  const others = await ownerAccountIds(q, refs.filter((r) => r.kind !== 'vendor_payable'));
  for (const [k, id] of await vendorAccountIds(q, [...new Set(vendors.map((v) => v.vendorId))])) others.set(k, id);
  return others;
}

const FIND_VENDOR_ACCOUNTS = statement('ledger_find_vendor_accounts',
  `SELECT id, vendor_id FROM ledger_accounts WHERE kind = 'vendor_payable' AND vendor_id = ANY($1::int[])`);

/** The vendors' payable accounts, created with their first movement. */
async function vendorAccountIds(q: Queryable, vendorIds: number[]): Promise<Map<string, number>> {
  if (vendorIds.length === 0) return new Map();
  const select = async () => (await q.query<{ id: number; vendor_id: number }>(FIND_VENDOR_ACCOUNTS, [vendorIds])).rows;
  let rows = await select();
  if (rows.length < vendorIds.length) {
    const { rows: found } = await q.query<{ id: number }>('SELECT id FROM vendors WHERE id = ANY($1::int[])', [vendorIds]);
    const unknown = vendorIds.find((v) => !found.some((f) => f.id === v));
    if (unknown !== undefined) throw invalidMovement('vendorId', `No vendor ${unknown}`);
    await q.query(
      `INSERT INTO ledger_accounts (kind, vendor_id) SELECT 'vendor_payable', unnest($1::int[])
       ON CONFLICT (kind, coalesce(company_id, 0), coalesce(vendor_id, 0)) DO NOTHING`, [vendorIds]);
    rows = await select();
  }
  return new Map(rows.map((r) => [`vendor_payable:v${r.vendor_id}`, r.id]));
}

async function ownerAccountIds(q: Queryable, refs: AccountRef[]): Promise<Map<string, number>> {
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const kinds = unique.map((r) => r.kind);
  const owners = unique.map((r) => r.companyId ?? 0);
  const select = async () => (await q.query<{ id: number; kind: string; owner: number }>(FIND_ACCOUNTS, [kinds, owners])).rows;
  let rows = await select();
  if (rows.length < unique.length) {
    const have = new Set(rows.map((r) => `${r.kind}:${r.owner}`));
    const missing = unique.filter((r) => !have.has(refKey(r)));
    const companies = [...new Set(missing.map((r) => r.companyId).filter((c): c is number => c !== undefined))];
    const { rows: found } = await q.query<{ id: number }>('SELECT id FROM companies WHERE id = ANY($1::int[])', [companies]);
    const known = new Set(found.map((r) => r.id));
    const unknown = companies.find((c) => !known.has(c));
    if (unknown !== undefined) throw invalidMovement('companyId', `No company ${unknown}`);
    await q.query(
      `INSERT INTO ledger_accounts (kind, company_id) SELECT kind, nullif(owner, 0) FROM unnest($1::text[], $2::int[]) AS w(kind, owner)
       ON CONFLICT (kind, coalesce(company_id, 0), coalesce(vendor_id, 0)) DO NOTHING`,
      [missing.map((r) => r.kind), missing.map((r) => r.companyId ?? 0)],
    );
    rows = await select();
  }
  return new Map(rows.map((r) => [`${r.kind}:${r.owner}`, r.id]));
}
