import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_CODES, ZIP_PATTERN } from '../../src/domain/lookups';
import type { AppContext } from '../../src/server/context';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { openPglite } from '../../src/server/db/pglite';
import { DEMO_ACCOUNTS } from '../../src/server/seed/accounts';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { createContext } from '../../src/server/start';

const NOW = new Date('2026-03-15T15:30:00Z');

let db: Db;
let ctx: AppContext;
let printed: string | null;

const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`SELECT (${sql})::int AS n`, params)).rows[0].n;

beforeAll(async () => {
  db = await openPglite(null);
  await migrate(db);
  ctx = await createContext(loadConfig({}), { db, clock: { now: () => NOW } });
  printed = await seedIfEmpty(ctx);
});
afterAll(async () => {
  await db?.close();
});

describe('the demo marketplace seed', () => {
  it('prints the logins and a summary line', () => {
    expect(printed).toContain('agent@demo.test');
    expect(printed).toMatch(/10 companies, \d+ vendors, \d+ orders, \d+ leads, \d+ calls/);
  });

  it('creates every demo account with its role', async () => {
    const { rows } = await db.query<{ email: string; role: string }>('SELECT email, role FROM users');
    const roles = new Map(rows.map((r) => [r.email, r.role]));
    for (const a of DEMO_ACCOUNTS) expect(roles.get(a.email), a.email).toBe(a.role);
  });

  it('fills the marketplace in the expected amounts', async () => {
    expect(await count('SELECT count(*) FROM companies')).toBe(10);
    expect(await count(`SELECT count(*) FROM users WHERE role = 'user' AND email NOT LIKE '%@demo.test'`)).toBeGreaterThanOrEqual(8);
    expect(await count('SELECT count(*) FROM vendors')).toBeGreaterThanOrEqual(6);
    expect(await count('SELECT count(*) FROM vendors v JOIN users u ON u.id = v.user_id WHERE u.email = $1', ['vendor@demo.test'])).toBe(1);
    expect(await count('SELECT count(DISTINCT (vertical, product)) FROM packages')).toBe(4);
    expect(await count('SELECT count(DISTINCT status) FROM orders')).toBe(2);
    const leads = await count('SELECT count(*) FROM leads');
    expect(leads).toBeGreaterThanOrEqual(3000);
    expect(leads).toBeLessThanOrEqual(5000);
    const calls = await count('SELECT count(*) FROM calls');
    expect(calls).toBeGreaterThanOrEqual(200);
    expect(calls).toBeLessThanOrEqual(800);
    // Every sold call is also a lead of product 'calls'.
    expect(await count(`SELECT count(*) FROM calls c WHERE c.sold AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.call_id = c.id)`)).toBe(0);
    expect(await count(`SELECT count(DISTINCT status) FROM calls`)).toBe(4);
  });

  it('varies agent statuses and has a few returns of each status', async () => {
    expect(await count('SELECT count(DISTINCT agent_status) FROM leads')).toBe(5);
    const { rows } = await db.query<{ s: string; n: number }>(
      'SELECT return_status AS s, count(*)::int AS n FROM leads WHERE return_status IS NOT NULL GROUP BY 1');
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r.n, r.s).toBeGreaterThanOrEqual(3);
  });

  it('spreads leads over the 13 months before now, in real states with plausible ZIPs', async () => {
    expect(await count(`SELECT count(DISTINCT date_trunc('month', inserted_at AT TIME ZONE 'UTC')) FROM leads`)).toBeGreaterThanOrEqual(12);
    expect(await count('SELECT count(*) FROM leads WHERE inserted_at > $1', [NOW])).toBe(0);
    expect(await count(`SELECT count(*) FROM leads WHERE inserted_at < $1::timestamptz - interval '13 months 5 days'`, [NOW])).toBe(0);
    const { rows } = await db.query<{ state: string; zipcode: string }>('SELECT DISTINCT state, zipcode FROM leads');
    for (const r of rows) {
      expect(STATE_CODES).toContain(r.state);
      expect(r.zipcode).toMatch(ZIP_PATTERN);
    }
    // A lead is in its order's state, and priced within the order's maximum bid.
    expect(await count(`SELECT count(*) FROM leads l JOIN orders o ON o.id = l.order_id
      WHERE l.state <> o.territory->>'state' OR l.price_cents > o.max_bid_cents`)).toBe(0);
  });

  it('balances every ledger transaction', async () => {
    expect(await count(`SELECT count(*) FROM (SELECT transaction_id FROM ledger_entries GROUP BY 1 HAVING sum(amount_cents) <> 0) x`)).toBe(0);
    expect(await count(`SELECT count(*) FROM ledger_transactions t WHERE (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = t.id) < 2`)).toBe(0);
    expect(await count(`SELECT count(*) FROM leads l WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = 'purchase:lead:' || l.id)`)).toBe(0);
  });

  it("derives each company's balance from its entries: deposits less spend plus approved returns and courtesy credits", async () => {
    const { rows } = await db.query<{ name: string; balance: number; deposits: number; deposit_count: number; spend: number; refunds: number; courtesy: number }>(`
      SELECT c.name,
        (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e WHERE e.account_id = a.id)::int AS balance,
        (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE e.account_id = a.id AND t.kind = 'deposit')::int AS deposits,
        (SELECT count(*) FROM ledger_transactions t WHERE t.company_id = c.id AND t.kind = 'deposit')::int AS deposit_count,
        (SELECT coalesce(sum(price_cents), 0) FROM leads l WHERE l.company_id = c.id)::int AS spend,
        (SELECT coalesce(sum(price_cents), 0) FROM leads l WHERE l.company_id = c.id AND l.return_status = 'return_approved')::int AS refunds,
        (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE e.account_id = a.id AND t.kind = 'courtesy_credit')::int AS courtesy
      FROM companies c JOIN ledger_accounts a ON a.company_id = c.id AND a.kind = 'company_balance'`);
    expect(rows).toHaveLength(9); // every agent company; Leadline HQ has no balance
    for (const r of rows) {
      expect(r.deposit_count, r.name).toBeGreaterThan(0);
      expect(r.balance, r.name).toBe(r.deposits - r.spend + r.refunds + r.courtesy);
      expect(r.balance, r.name).toBeGreaterThan(0);
    }
  });

  it('does not seed twice', async () => {
    const before = await count('SELECT count(*) FROM leads');
    expect(await seedIfEmpty(ctx)).toBeNull();
    expect(await count('SELECT count(*) FROM leads')).toBe(before);
    expect(await count('SELECT count(*) FROM companies')).toBe(10);
  });
});
