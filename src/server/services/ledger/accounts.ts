import { statement, type Queryable } from '../../db/db';
import { invalidMovement } from './errors';
import type { AccountRef } from './movements';

const FIND_ACCOUNTS = statement('ledger_find_accounts',
  `SELECT a.id, a.kind, coalesce(a.company_id, 0) AS owner FROM ledger_accounts a
    JOIN unnest($1::text[], $2::int[]) AS w(kind, owner) ON w.kind = a.kind AND w.owner = coalesce(a.company_id, 0)
   WHERE a.vendor_id IS NULL AND a.promotion_id IS NULL`);

/**
 * Accounts owned by a vendor (its payable) or a promotion (its budget), one per owner,
 * created with the owner's first movement. Their lookups are named statements: every sale
 * asks for its vendor's.
 */
const OWNED = {
  vendor_payable: {
    find: statement('ledger_find_vendor_accounts', `SELECT id, vendor_id AS owner FROM ledger_accounts WHERE kind = 'vendor_payable' AND vendor_id = ANY($1::int[])`),
    column: 'vendor_id', owners: 'vendors', key: (id: number) => `vendor_payable:v${id}`, field: 'vendorId', what: 'vendor',
  },
  promotion_budget: {
    find: statement('ledger_find_promotion_accounts',
      `SELECT id, promotion_id AS owner FROM ledger_accounts WHERE kind = 'promotion_budget' AND promotion_id = ANY($1::int[])`),
    column: 'promotion_id', owners: 'promotions', key: (id: number) => `promotion_budget:p${id}`, field: 'promotionId', what: 'promotion',
  },
} as const;

export const refKey = (r: AccountRef): string =>
  r.kind === 'vendor_payable' ? OWNED.vendor_payable.key(r.vendorId) : r.kind === 'promotion_budget' ? OWNED.promotion_budget.key(r.promotionId) : `${r.kind}:${r.companyId ?? 0}`;

/**
 * The ids of these accounts, creating the companies' accounts they lack (a company's
 * accounts appear with its first movement). Inside the caller's transaction.
 */
export async function accountIds(q: Queryable, refs: AccountRef[]): Promise<Map<string, number>> {
  const vendors = refs.filter((r): r is Extract<AccountRef, { kind: 'vendor_payable' }> => r.kind === 'vendor_payable');
  const promotions = refs.filter((r): r is Extract<AccountRef, { kind: 'promotion_budget' }> => r.kind === 'promotion_budget');
  const others = await ownerAccountIds(q, refs.filter((r) => r.kind !== 'vendor_payable' && r.kind !== 'promotion_budget'));
  for (const [k, id] of await ownedAccountIds(q, 'vendor_payable', [...new Set(vendors.map((v) => v.vendorId))])) others.set(k, id);
  for (const [k, id] of await ownedAccountIds(q, 'promotion_budget', [...new Set(promotions.map((p) => p.promotionId))])) others.set(k, id);
  return others;
}

async function ownedAccountIds(q: Queryable, kind: keyof typeof OWNED, ownerIds: number[]): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const o = OWNED[kind];
  const select = async () => (await q.query<{ id: number; owner: number }>(o.find, [ownerIds])).rows;
  let rows = await select();
  if (rows.length < ownerIds.length) {
    const { rows: found } = await q.query<{ id: number }>(`SELECT id FROM ${o.owners} WHERE id = ANY($1::int[])`, [ownerIds]);
    const unknown = ownerIds.find((v) => !found.some((f) => f.id === v));
    if (unknown !== undefined) throw invalidMovement(o.field, `No ${o.what} ${unknown}`);
    await q.query(
      `INSERT INTO ledger_accounts (kind, ${o.column}) SELECT $1, unnest($2::int[])
       ON CONFLICT (kind, coalesce(company_id, 0), coalesce(vendor_id, 0), coalesce(promotion_id, 0)) DO NOTHING`, [kind, ownerIds]);
    rows = await select();
  }
  return new Map(rows.map((r) => [o.key(r.owner), r.id]));
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
       ON CONFLICT (kind, coalesce(company_id, 0), coalesce(vendor_id, 0), coalesce(promotion_id, 0)) DO NOTHING`,
      [missing.map((r) => r.kind), missing.map((r) => r.companyId ?? 0)],
    );
    rows = await select();
  }
  return new Map(rows.map((r) => [`${r.kind}:${r.owner}`, r.id]));
}
