import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_CODES, ZIP_PATTERN } from '../../src/domain/lookups';
import type { AppContext } from '../../src/server/context';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { openPglite } from '../../src/server/db/pglite';
import { DEMO_ACCOUNTS } from '../../src/server/seed/accounts';
import { AROUND_THE_CLOCK } from '../../src/server/seed/marketplace';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { returnEvents } from '../../src/server/services/returns';
import { createContext } from '../../src/server/start';
import { runLiveCalls } from '../../src/server/services/calls/progress';
import { createSandboxTelephony } from '../../src/server/services/delivery/telephony';

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
}, 180_000); // the whole demo seed on a fresh database, as a first start does
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
    // Every call is also a lead of product 'calls', as the engine writes it when it connects the call.
    expect(await count(`SELECT count(*) FROM calls c WHERE NOT EXISTS (SELECT 1 FROM leads l WHERE l.call_id = c.id)`)).toBe(0);
    // Open calls are seeded as the engine leaves them: no duration and no charge yet; a connected one knows when.
    expect(await count(`SELECT count(*) FROM calls WHERE status IN ('in-progress','pending-connection') AND (duration_seconds <> 0 OR sold OR charged_at IS NOT NULL)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM calls WHERE (status = 'in-progress') <> (connected_at IS NOT NULL AND ended_at IS NULL) AND status <> 'completed'`)).toBe(0);
    expect(await count(`SELECT count(DISTINCT status) FROM calls`)).toBe(4);
  });

  it('varies agent statuses and has a few returns of each status', async () => {
    expect(await count('SELECT count(DISTINCT agent_status) FROM leads')).toBe(5);
    const { rows } = await db.query<{ s: string; n: number }>(
      'SELECT return_status AS s, count(*)::int AS n FROM leads WHERE return_status IS NOT NULL GROUP BY 1');
    expect(rows).toHaveLength(5);
    for (const r of rows) expect(r.n, r.s).toBeGreaterThanOrEqual(3);
  });

  it("gives every seeded return the timeline of its life, as the returns service writes and reads it", async () => {
    const LIFE: Record<string, string[]> = {
      return_pending: ['return_pending'],
      return_approved: ['return_pending', 'return_approved'],
      return_denied: ['return_pending', 'return_denied'],
      return_disputed: ['return_pending', 'return_denied', 'return_disputed'],
      return_dispute_denied: ['return_pending', 'return_denied', 'return_disputed', 'return_dispute_denied'],
    };
    const admin = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = 'admin@demo.test'")).rows[0].id;
    const { rows } = await db.query<{ id: number; user_id: number; return_status: string; return_reason: string; deny_reason: string | null;
      deny_dispute_reason: string | null; return_requested_at: Date; return_responded_at: Date | null; return_disputed_at: Date | null;
      return_decided_by: number | null }>(
      `SELECT id, user_id, return_status, return_reason, deny_reason, deny_dispute_reason, return_requested_at, return_responded_at,
              return_disputed_at, return_decided_by FROM leads WHERE return_status IS NOT NULL ORDER BY id`);
    const events = await db.query<{ lead_id: number; status: string; reason: string | null; by_user: number | null; at: Date }>(
      'SELECT lead_id, status, reason, by_user, at FROM lead_return_events ORDER BY id');
    expect(await count('SELECT count(*) FROM lead_return_events e JOIN leads l ON l.id = e.lead_id WHERE l.return_status IS NULL')).toBe(0);
    const byLead = new Map<number, typeof events.rows>();
    for (const e of events.rows) byLead.set(e.lead_id, [...(byLead.get(e.lead_id) ?? []), e]);
    const time = (d: Date | null) => (d === null ? null : new Date(d).getTime());
    for (const l of rows) {
      const steps = byLead.get(l.id) ?? [];
      expect(steps.map((e) => e.status), `lead ${l.id}`).toEqual(LIFE[l.return_status]);
      const at = steps.map((e) => time(e.at)!);
      expect(at, `lead ${l.id}`).toEqual([...at].sort((a, b) => a - b));
      expect(at[0]).toBe(time(l.return_requested_at));
      expect(Math.max(...at)).toBeLessThanOrEqual(NOW.getTime());
      const [asked, decided, disputed, final] = steps;
      expect(asked).toMatchObject({ reason: l.return_reason, by_user: l.user_id });
      if (l.return_status === 'return_pending') continue;
      expect(decided.by_user).toBe(admin);
      expect(l.return_decided_by).toBe(admin);
      expect(decided.reason).toBe(l.return_status === 'return_approved' ? null : l.deny_reason);
      if (disputed) {
        expect(disputed).toMatchObject({ reason: null, by_user: l.user_id });
        expect(time(disputed.at)).toBe(time(l.return_disputed_at));
        // Disputed within the 10-day window of the denial.
        expect(time(disputed.at)! - time(decided.at)!).toBeLessThanOrEqual(10 * 86_400_000);
      } else expect(l.return_disputed_at).toBeNull();
      if (final) expect(final).toMatchObject({ reason: l.deny_dispute_reason, by_user: admin });
      // The lead's responded time is its latest decision.
      expect(time(l.return_responded_at)).toBe(time((final ?? decided).at));
    }
    // Read back as the return details do: a dispute denied lead shows its four steps, by name.
    const lead = rows.find((r) => r.return_status === 'return_dispute_denied')!;
    const shown = await returnEvents(db, lead.id);
    const agent = (await db.query<{ name: string }>("SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1", [lead.user_id])).rows[0].name;
    expect(shown.map((e) => [e.status, e.by])).toEqual([['return_pending', agent], ['return_denied', 'Alex Admin'], ['return_disputed', agent],
      ['return_dispute_denied', 'Alex Admin']]);
  });

  it("gives the demo agent an order that buys the demo vendor's Texas auto leads every hour of every week, outbidding every other order", async () => {
    const { rows } = await db.query<{ id: number; status: string; schedule: Record<string, number[]>; territory: { geoType: string; state: string };
      max_bid_cents: number; cap_daily: number; cap_weekly: number; cap_monthly: number }>(
      `SELECT o.id, o.status, o.schedule, o.territory, o.max_bid_cents, o.cap_daily, o.cap_weekly, o.cap_monthly
         FROM orders o JOIN users u ON u.id = o.user_id
        WHERE u.email = 'agent@demo.test' AND o.name = $1 AND o.vertical = 'autoins' AND o.product = 'leads'
          AND EXISTS (SELECT 1 FROM order_vendors ov JOIN vendors v ON v.id = ov.vendor_id WHERE ov.order_id = o.id AND v.vendor_name = 'demo_vendor')`,
      [AROUND_THE_CLOCK.name]);
    expect(rows).toHaveLength(1);
    const o = rows[0];
    expect(o.status).toBe('active');
    expect(o.territory).toMatchObject({ geoType: 'state', state: 'TX' });
    for (const day of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) expect(o.schedule[day], day).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(o.cap_daily).toBeGreaterThan(0);
    expect(o.cap_daily).toBeLessThanOrEqual(o.cap_weekly);
    expect(o.cap_weekly).toBeLessThanOrEqual(o.cap_monthly);
    // No other order that could take a demo vendor's Texas auto lead bids as high.
    expect(await count(`SELECT count(*) FROM orders x WHERE x.id <> $1 AND x.vertical = 'autoins' AND x.product = 'leads' AND x.max_bid_cents >= $2
      AND x.territory->>'state' = 'TX'
      AND EXISTS (SELECT 1 FROM order_vendors ov JOIN vendors v ON v.id = ov.vendor_id WHERE ov.order_id = x.id AND v.vendor_name = 'demo_vendor')`,
    [o.id, o.max_bid_cents])).toBe(0);
    // The demo vendor's leads only.
    expect((await db.query<{ v: string }>('SELECT v.vendor_name AS v FROM order_vendors ov JOIN vendors v ON v.id = ov.vendor_id WHERE ov.order_id = $1', [o.id]))
      .rows.map((r) => r.v)).toEqual(['demo_vendor']);
    // It is new: no history of its own.
    expect(await count('SELECT count(*) FROM leads WHERE order_id = $1', [o.id])).toBe(0);
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
    // A lead is paid under its own key; a call's lead by the charge of the call (the telephony
    // worker's key), and only once the call was sold: an unanswered, short or open call is unpaid.
    expect(await count(`SELECT count(*) FROM leads l WHERE l.call_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = 'purchase:lead:' || l.id)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM leads l JOIN calls c ON c.id = l.call_id
      WHERE c.sold <> EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.idempotency_key = 'purchase:call:' || c.id)`)).toBe(0);
    expect(await count(`SELECT count(*) FROM calls c WHERE c.sold <> (c.charged_at IS NOT NULL)`)).toBe(0);
  });

  it("derives each company's balance from its entries: deposits less spend plus approved returns and courtesy credits", async () => {
    const { rows } = await db.query<{ name: string; balance: number; deposits: number; deposit_count: number; spend: number; refunds: number; courtesy: number }>(`
      SELECT c.name,
        (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e WHERE e.account_id = a.id)::int AS balance,
        (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE e.account_id = a.id AND t.kind = 'deposit')::int AS deposits,
        (SELECT count(*) FROM ledger_transactions t WHERE t.company_id = c.id AND t.kind = 'deposit')::int AS deposit_count,
        (SELECT coalesce(sum(l.price_cents), 0) FROM leads l LEFT JOIN calls k ON k.id = l.call_id
          WHERE l.company_id = c.id AND (l.call_id IS NULL OR k.sold))::int AS spend,
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

  it('plays the open calls out like new ones: each billable end charged once, no balance under its recharge threshold', { timeout: 90_000 }, async () => {
    const balances = async () => new Map((await db.query<{ company_id: number; cents: number; threshold: number }>(
      `SELECT a.company_id, b.balance_cents::int AS cents, r.threshold_cents AS threshold FROM ledger_accounts a
         JOIN ledger_balances b ON b.account_id = a.id JOIN recharge_settings r ON r.company_id = a.company_id
        WHERE a.kind = 'company_balance'`)).rows.map((r) => [r.company_id, r]));
    const before = await balances();
    const open = (await db.query<{ id: number; company_id: number; price_cents: number }>(
      `SELECT id, company_id, price_cents FROM calls WHERE status IN ('in-progress','pending-connection')`)).rows;
    expect(open.length).toBeGreaterThan(0);
    // The worker a quarter of an hour later (every simulated call lasts at most 312 s).
    const later = new Date(NOW.getTime() + 15 * 60_000);
    const steps = await runLiveCalls({ db, clock: { now: () => later }, telephony: createSandboxTelephony() });
    expect(await count(`SELECT count(*) FROM calls WHERE status IN ('in-progress','pending-connection')`)).toBe(0);
    const charged = steps.filter((st) => st.charged).map((st) => st.callId);
    expect(charged.length).toBeGreaterThan(0);
    const after = await balances();
    for (const [company, b] of before) {
      const spent = open.filter((c) => c.company_id === company && charged.includes(c.id)).reduce((sum, c) => sum + c.price_cents, 0);
      expect(after.get(company)!.cents, `company ${company}`).toBe(b.cents - spent);
      expect(after.get(company)!.cents, `company ${company}`).toBeGreaterThanOrEqual(b.threshold);
    }
    // Each charge is the call's one purchase, and the call's lead (written by the seed) is there to return.
    expect(await count(`SELECT count(*) FROM calls c WHERE c.id = ANY($1::int[]) AND (NOT c.sold OR
      (SELECT count(*) FROM ledger_transactions t WHERE t.idempotency_key = 'purchase:call:' || c.id) <> 1
      OR NOT EXISTS (SELECT 1 FROM leads l WHERE l.call_id = c.id))`, [charged])).toBe(0);
  });

  it('does not seed twice', async () => {
    const before = await count('SELECT count(*) FROM leads');
    expect(await seedIfEmpty(ctx)).toBeNull();
    expect(await count('SELECT count(*) FROM leads')).toBe(before);
    expect(await count('SELECT count(*) FROM companies')).toBe(10);
  });
});
