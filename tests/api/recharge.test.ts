import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { openPostgres } from '../../src/server/db/postgres';
import { getBalance, ledgerSound, postMovement, verifyLedger } from '../../src/server/services/ledger';
import { addCard, type SandboxGateway } from '../../src/server/services/payments';
import { runMoneyJobs } from '../../src/server/services/recharge/jobs';
import { deactivateRecharge, getRechargeSettings, saveRechargeSettings } from '../../src/server/services/recharge/settings';
import { createContext } from '../../src/server/start';
import { testConfig } from '../helpers/config';
import { withDatabase } from '../helpers/postgres-admin';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Automatic recharge: continuous billing below the threshold (once per crossing, the next
 * card on a decline) and monthly subscriptions, run once across two instances.
 */
let t: TestApp;
let a: AppContext;
/** A second server instance on the same database (its own pool on PostgreSQL). */
let b: AppContext;
const url = process.env.DATABASE_URL;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  a = t.ctx;
  const name = (await t.db.query<{ name: string }>('SELECT current_database() AS name')).rows[0].name;
  const db = url ? openPostgres(withDatabase(url, name), 4) : t.db;
  b = await createContext(testConfig(), { db, clock: t.clock });
});
afterAll(async () => {
  if (url) await b?.db.close();
  await t?.close();
});

const at = () => t.clock.now();
const newCompany = async (name: string) =>
  (await t.db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name])).rows[0].id;
async function cardOf(companyId: number, number: string): Promise<number> {
  const r = await addCard(a, { companyId, userId: null, card: { number, expMonth: 12, expYear: at().getUTCFullYear() + 2, cvv: '123' } });
  if (!r.ok) throw new Error(r.message);
  return r.card.id;
}
const move = (ctx: AppContext, companyId: number, kind: 'deposit' | 'purchase', cents: number, key: string) =>
  ctx.db.transaction((tx) => postMovement(tx, kind === 'deposit'
    ? { kind, companyId, amountCents: cents }
    : { kind, product: 'leads', companyId, amountCents: cents }, { key, at: at() }));
const deposits = async (companyId: number) =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions WHERE company_id = $1 AND kind = 'deposit'", [companyId])).rows[0].n;
const openJobs = async (companyId: number) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM money_jobs WHERE company_id = $1 AND done_at IS NULL', [companyId])).rows[0].n;
const runBoth = async () => (await Promise.all([runMoneyJobs(a), runMoneyJobs(b)])).flat();

async function continuous(name: string, cards: string[], opts: { amountCents?: number; thresholdCents?: number } = {}) {
  const companyId = await newCompany(name);
  const cardIds: number[] = [];
  for (const n of cards) cardIds.push(await cardOf(companyId, n));
  await move(a, companyId, 'deposit', 10_000, `${name}:seed`);
  await t.db.transaction((tx) => saveRechargeSettings(tx, companyId, {
    billingType: 'ct', amountCents: opts.amountCents ?? 25_000, thresholdCents: opts.thresholdCents ?? 5_000, effectiveAt: null, cardIds,
  }, { by: null, at: at() }));
  return { companyId, cardIds };
}

describe('continuous billing', () => {
  it('recharges once when a purchase takes the balance below the threshold', async () => {
    const { companyId } = await continuous('Crossing', ['4242424242424242']);
    await move(a, companyId, 'purchase', 4_000, 'cross:1'); // 6,000: above 5,000
    expect(await openJobs(companyId)).toBe(0);
    await move(a, companyId, 'purchase', 2_000, 'cross:2'); // 4,000: crossed
    await move(a, companyId, 'purchase', 1_000, 'cross:3'); // 3,000: below already, no new crossing
    expect(await openJobs(companyId)).toBe(1);
    const ran = await runBoth();
    expect(ran.filter((r) => r.outcome.startsWith('charged'))).toHaveLength(1);
    expect(await getBalance(t.db, companyId)).toBe(28_000);
    expect(await deposits(companyId)).toBe(2);
    expect(await runBoth()).toEqual([]);
  });

  it('two concurrent purchases that both cross the threshold charge once', async () => {
    const { companyId } = await continuous('Concurrent', ['4242424242424242']);
    await Promise.all([move(a, companyId, 'purchase', 3_000, 'conc:1'), move(b, companyId, 'purchase', 3_000, 'conc:2')]);
    expect(await getBalance(t.db, companyId)).toBe(4_000);
    expect(await openJobs(companyId)).toBe(1);
    await runBoth();
    expect(await deposits(companyId)).toBe(2); // the first one and one recharge
    expect(await getBalance(t.db, companyId)).toBe(29_000);
  });

  it('tries the next card when one declines, in priority order', async () => {
    const { companyId, cardIds } = await continuous('Declined first', ['4000000000009995', '4000000000009979', '5555555555554444']);
    await move(a, companyId, 'purchase', 6_000, 'decl:1');
    const [job] = await runMoneyJobs(a);
    expect(job.outcome).toBe(`charged card ${cardIds[2]}`);
    expect(await getBalance(t.db, companyId)).toBe(29_000);
    const { rows } = await t.db.query<{ card_id: number; status: string }>(
      'SELECT card_id, status FROM payment_charges WHERE company_id = $1 ORDER BY id', [companyId]);
    expect(rows).toEqual([
      { card_id: cardIds[0], status: 'declined' }, { card_id: cardIds[1], status: 'declined' }, { card_id: cardIds[2], status: 'recorded' },
    ]);
  });

  it('ends a job whose cards all decline, and recharges on the next crossing', async () => {
    const { companyId } = await continuous('All declined', ['4000000000000002']);
    await move(a, companyId, 'purchase', 6_000, 'alld:1');
    const [job] = await runMoneyJobs(a);
    expect(job.outcome).toMatch(/^declined: card \d+: card_declined$/);
    expect(await openJobs(companyId)).toBe(0);
  });

  it('does not charge when the balance is back above the threshold, nor when recharge is deactivated', async () => {
    const { companyId } = await continuous('Refilled', ['4242424242424242']);
    await move(a, companyId, 'purchase', 6_000, 'refill:1');
    await move(a, companyId, 'deposit', 5_000, 'refill:2');
    expect((await runMoneyJobs(a))[0].outcome).toBe('skipped: balance above the threshold');
    await move(a, companyId, 'purchase', 5_000, 'refill:3');
    await t.db.transaction((tx) => deactivateRecharge(tx, companyId, { by: null, at: at() }));
    expect((await getRechargeSettings(t.db, companyId)).cardIds).toEqual([]);
    expect((await runMoneyJobs(a))[0].outcome).toBe('skipped: continuous billing is off');
    expect(await deposits(companyId)).toBe(2);
  });

  it('queues a recharge at once when turned on below the threshold', async () => {
    const companyId = await newCompany('Low start');
    const cardId = await cardOf(companyId, '4242424242424242');
    await t.db.transaction((tx) => saveRechargeSettings(tx, companyId, {
      billingType: 'ct', amountCents: 10_000, thresholdCents: 5_000, effectiveAt: null, cardIds: [cardId],
    }, { by: null, at: at() }));
    await runBoth();
    expect(await getBalance(t.db, companyId)).toBe(10_000);
  });

  it('a job claimed by an instance that died is run by another after its lease, without a second charge', async () => {
    const { companyId } = await continuous('Crashed instance', ['4242424242424242']);
    await move(a, companyId, 'purchase', 6_000, 'crash:1');
    // Instance A claims the job, charges the card, and dies before recording anything.
    const sandbox = a.payments as SandboxGateway;
    sandbox.faults.push('lost-response', 'unavailable', 'unavailable');
    const [first] = await runMoneyJobs(a);
    expect(first.outcome).toMatch(/^retry/);
    await t.db.query('UPDATE money_jobs SET run_at = $2, locked_until = $3 WHERE company_id = $1 AND done_at IS NULL',
      [companyId, at(), new Date(at().getTime() + 60_000)]);
    expect(await runMoneyJobs(b)).toEqual([]); // still leased
    t.clock.advanceMinutes(6);
    const [second] = await runMoneyJobs(b);
    expect(second.outcome).toMatch(/^charged/);
    expect(await getBalance(t.db, companyId)).toBe(29_000);
    expect((await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payment_sandbox_charges s JOIN payment_charges c ON c.idempotency_key = s.idempotency_key WHERE c.company_id = $1",
      [companyId])).rows[0].n).toBe(1);
  });
});

describe('monthly subscription', () => {
  it('charges on each next payment date, once across instances', async () => {
    const companyId = await newCompany('Subscriber');
    const cardId = await cardOf(companyId, '4242424242424242');
    const start = new Date(at().getTime() + 2 * DAY);
    await t.db.transaction((tx) => saveRechargeSettings(tx, companyId, {
      billingType: 'subscription', amountCents: 30_000, thresholdCents: 5_000, effectiveAt: start, cardIds: [cardId],
    }, { by: null, at: at() }));
    expect(await runBoth()).toEqual([]);
    t.clock.advance(2 * DAY);
    expect((await runBoth()).map((r) => r.kind)).toEqual(['subscription']);
    expect(await getBalance(t.db, companyId)).toBe(30_000);
    expect(await runBoth()).toEqual([]);
    const next = (await getRechargeSettings(t.db, companyId)).nextPaymentAt!;
    expect(next.getTime()).toBeGreaterThan(at().getTime() + 27 * DAY);
    // A server down for three months charges once, and the next date is in the future again.
    t.clock.advance(95 * DAY);
    expect((await runBoth()).map((r) => r.kind)).toEqual(['subscription']);
    expect(await getBalance(t.db, companyId)).toBe(60_000);
    expect((await getRechargeSettings(t.db, companyId)).nextPaymentAt!.getTime()).toBeGreaterThan(at().getTime());
  });

  it('leaves the ledger sound', async () => {
    expect(ledgerSound(await verifyLedger(t.db))).toBe(true);
  });
});
