import { statement, type Queryable } from '../../db/db';
import { invalidMovement } from './errors';
import type { AccountRef } from './movements';

const FIND_ACCOUNTS = statement('ledger_find_accounts',
  `SELECT a.id, a.kind, coalesce(a.company_id, 0) AS owner FROM ledger_accounts a
    JOIN unnest($1::text[], $2::int[]) AS w(kind, owner) ON w.kind = a.kind AND w.owner = coalesce(a.company_id, 0)
   WHERE a.vendor_id IS NULL`);

export const refKey = (r: AccountRef): string => `${r.kind}:${r.companyId ?? 0}`;

/**
 * The ids of these accounts, creating the companies' accounts they lack (a company's
 * accounts appear with its first movement). Inside the caller's transaction.
 */
export async function accountIds(q: Queryable, refs: AccountRef[]): Promise<Map<string, number>> {
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
