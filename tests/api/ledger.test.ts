import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/db';
import { getBalances, LedgerError, ledgerSound, listActivity, postMovement, purchaseKey, purchaseVendorShare, statement, verifyLedger, type Movement } from '../../src/server/services/ledger';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';

/** The ledger service and the database's own guarantees (migration 006). */
let database: TestDatabase;
let db: Db;
const AT = new Date('2026-05-01T12:00:00Z');

const newCompany = async (name: string) =>
  (await db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name])).rows[0].id;
const post = (m: Movement, key: string, at = AT) => db.transaction((tx) => postMovement(tx, m, { key, at }));
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a refusal');
};

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.dispose();
});

describe('the ledger service', () => {
  it('deposits, spends, refunds and transfers with balances kept and reported', async () => {
    const a = await newCompany('Ledger A');
    const b = await newCompany('Ledger B');
    expect((await post({ kind: 'deposit', companyId: a, amountCents: 10_000 }, 't1:dep')).balanceCents).toBe(10_000);
    expect((await post({ kind: 'purchase', product: 'leads', companyId: a, amountCents: 2_500, leadId: 1 }, 't1:buy')).balanceCents).toBe(7_500);
    expect((await post({ kind: 'return_refund', companyId: a, amountCents: 2_500, leadId: 1 }, 't1:ret')).balanceCents).toBe(10_000);
    const t = await post({ kind: 'transfer', companyId: a, toCompanyId: b, amountCents: 4_000 }, 't1:tr');
    expect([t.balanceCents, t.toBalanceCents]).toEqual([6_000, 4_000]);
    expect((await post({ kind: 'deposit', companyId: a, amountCents: 500, account: 'growth' }, 't1:growth')).balanceCents).toBe(500);
    expect(await getBalances(db, a)).toEqual({ balanceCents: 6_000, growthCents: 500, floorCents: 0 });
    const log = await listActivity(db, a, { from: AT, to: new Date(AT.getTime() + 1), limit: 10, offset: 0 });
    expect(log.count).toBe(5);
    expect(log.rows.map((r) => [r.kind, r.amountCents, r.balanceAfterCents])).toEqual([
      ['growth_deposit', 500, 500], ['transfer', -4_000, 6_000], ['lead_return', 2_500, 10_000], ['lead_purchase', -2_500, 7_500], ['deposit', 10_000, 10_000],
    ]);
    const st = await statement(db, a, { from: AT, to: new Date(AT.getTime() + 1) });
    expect([st.openingCents, st.rows.length, st.closingCents]).toEqual([0, 4, 6_000]);
  });

  it("refunds a sale's vendor share from the vendor's payable account, the rest from revenue", async () => {
    const a = await newCompany('Ledger V');
    const vendorId = (await db.query<{ id: number }>("SELECT id FROM vendors ORDER BY id LIMIT 1")).rows[0].id;
    const accountSum = async (kind: string, vendor: number | null) => Number((await db.query<{ s: string }>(
      `SELECT coalesce(sum(e.amount_cents), 0) AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.kind = $1 AND a.vendor_id IS NOT DISTINCT FROM $2`, [kind, vendor])).rows[0].s);
    const payableBefore = await accountSum('vendor_payable', vendorId);
    const revenueBefore = await accountSum('revenue', null);
    await post({ kind: 'deposit', companyId: a, amountCents: 5_000 }, 'tv:dep');
    await post({ kind: 'purchase', product: 'leads', companyId: a, amountCents: 1_000, leadId: 900_001, vendorId, vendorCents: 700 }, purchaseKey('leads', 900_001));
    const share = await purchaseVendorShare(db, purchaseKey('leads', 900_001));
    expect(share).toEqual({ vendorId, cents: 700 });
    expect(await purchaseVendorShare(db, purchaseKey('leads', 900_002))).toBeNull();
    expect([await accountSum('vendor_payable', vendorId) - payableBefore, await accountSum('revenue', null) - revenueBefore]).toEqual([700, 300]);
    const refund = await post({ kind: 'return_refund', companyId: a, amountCents: 1_000, leadId: 900_001, vendorId, vendorCents: share!.cents }, 'tv:ret');
    expect(refund.balanceCents).toBe(5_000);
    expect([await accountSum('vendor_payable', vendorId) - payableBefore, await accountSum('revenue', null) - revenueBefore]).toEqual([0, 0]);
  });

  it('refuses a spend beyond the balance, writes nothing and leaves the transaction usable', async () => {
    const a = await newCompany('Poor');
    await post({ kind: 'deposit', companyId: a, amountCents: 1_000 }, 't2:dep');
    const outcome = await db.transaction(async (tx) => {
      const e = await refusal(postMovement(tx, { kind: 'purchase', product: 'calls', companyId: a, amountCents: 1_001 }, { key: 't2:buy', at: AT }));
      // The caller goes on in the same transaction.
      const m = await postMovement(tx, { kind: 'purchase', product: 'calls', companyId: a, amountCents: 1_000 }, { key: 't2:buy2', at: AT });
      return { e, m };
    });
    expect(outcome.e).toBeInstanceOf(LedgerError);
    expect((outcome.e as LedgerError).status).toBe(422);
    expect(outcome.m.balanceCents).toBe(0);
    expect((await db.query('SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1', ['t2:buy'])).rows).toHaveLength(0);
  });

  it('replays a key with its first result, and answers 409 to the same key with another request', async () => {
    const a = await newCompany('Retry');
    const first = await post({ kind: 'deposit', companyId: a, amountCents: 700 }, 't3:dep');
    await post({ kind: 'debit', companyId: a, amountCents: 200 }, 't3:debit');
    const again = await post({ kind: 'deposit', companyId: a, amountCents: 700 }, 't3:dep');
    expect(again).toEqual({ ...first, replayed: true });
    expect((await getBalances(db, a)).balanceCents).toBe(500);
    const e = (await refusal(post({ kind: 'deposit', companyId: a, amountCents: 701 }, 't3:dep'))) as LedgerError;
    expect([e.code, e.status]).toEqual(['idempotency_conflict', 409]);
  });

  it('refuses malformed movements with the field at fault', async () => {
    const a = await newCompany('Bad input');
    const cases: Array<[Movement, string]> = [
      [{ kind: 'deposit', companyId: a, amountCents: 0 }, 'amountCents'],
      [{ kind: 'deposit', companyId: a, amountCents: 1.5 }, 'amountCents'],
      [{ kind: 'deposit', companyId: a, amountCents: -5 }, 'amountCents'],
      [{ kind: 'deposit', companyId: 0, amountCents: 5 }, 'companyId'],
      [{ kind: 'deposit', companyId: 99_999_999, amountCents: 5 }, 'companyId'],
      [{ kind: 'transfer', companyId: a, toCompanyId: a, amountCents: 5 }, 'toCompanyId'],
      [{ kind: 'credit', companyId: a, amountCents: 5, creditType: 'bonus' as never }, 'creditType'],
    ];
    for (const [m, field] of cases) {
      const e = (await refusal(post(m, `t4:${field}:${JSON.stringify(m)}`))) as LedgerError;
      expect([e.code, e.field], JSON.stringify(m)).toEqual(['invalid_movement', field]);
    }
    await expect(postMovement(db, { kind: 'deposit', companyId: a, amountCents: 5 }, { key: 't4:db', at: AT })).rejects.toThrow(/inside a database transaction/);
    expect((await db.query('SELECT 1 FROM ledger_transactions WHERE idempotency_key LIKE $1', ['t4:%'])).rows).toHaveLength(0);
  });
});

describe("the database's guarantees", () => {
  it('refuses a transaction whose entries do not sum to zero, at commit', async () => {
    const [{ id: clearing }] = (await db.query<{ id: number }>("SELECT id FROM ledger_accounts WHERE kind = 'card_clearing'")).rows;
    await expect(db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(`INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, created_at)
        VALUES ('deposit', 'raw:1', '', now()) RETURNING id`);
      await tx.query('INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, 100)', [rows[0].id, clearing]);
    })).rejects.toThrow(/not balanced/);
    await expect(db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, created_at) VALUES ('deposit', 'raw:2', '', now())`);
    })).rejects.toThrow(/not balanced/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the ledger, and a cached balance changed by hand', async () => {
    for (const sql of ['UPDATE ledger_entries SET amount_cents = amount_cents + 1', 'DELETE FROM ledger_entries',
      "UPDATE ledger_transactions SET memo = 'x'", 'DELETE FROM ledger_transactions', "UPDATE ledger_accounts SET kind = 'revenue'",
      'TRUNCATE ledger_entries CASCADE', 'UPDATE ledger_balances SET balance_cents = balance_cents + 1', 'DELETE FROM ledger_balances']) {
      await expect(db.query(sql), sql).rejects.toThrow(/append-only|cached balance/);
    }
  });

  it('refuses a balance below its floor even from raw SQL', async () => {
    const a = await newCompany('Raw spender');
    await post({ kind: 'deposit', companyId: a, amountCents: 100 }, 't5:dep');
    const [{ id: acct }] = (await db.query<{ id: number }>("SELECT id FROM ledger_accounts WHERE company_id = $1 AND kind = 'company_balance'", [a])).rows;
    const [{ id: revenue }] = (await db.query<{ id: number }>("SELECT id FROM ledger_accounts WHERE kind = 'revenue'")).rows;
    await expect(db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(`INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, created_at)
        VALUES ('lead_purchase', 'raw:3', '', now()) RETURNING id`);
      await tx.query('INSERT INTO ledger_entries (transaction_id, account_id, amount_cents) VALUES ($1, $2, -101), ($1, $3, 101)', [rows[0].id, acct, revenue]);
    })).rejects.toThrow(/ledger_balances_floor/);
  });

  it('keeps every cached balance equal to the sum of its entries (ledger:verify), seed included', async () => {
    const check = await verifyLedger(db);
    expect(check.transactions).toBeGreaterThan(4000);
    expect(check).toMatchObject({ balanceMismatches: [], unbalanced: [], belowFloor: [], missingBalances: [] });
    expect(ledgerSound(check)).toBe(true);
  });
});
