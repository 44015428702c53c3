import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { getBalances, ledgerSound, verifyLedger } from '../../src/server/services/ledger';
import {
  addCard, depositFromCard, PaymentPendingError, reconcileCharges, type SandboxGateway,
} from '../../src/server/services/payments';
import { TestClock } from '../helpers/clock';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The sandbox gateway and deposits from a card: declines, timeouts, retries, a crash between charge and record. */
let t: TestApp;
let ctx: AppContext;
let sandbox: SandboxGateway;
const clock = () => t.clock as TestClock;

const newCompany = async (name: string) =>
  (await t.db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name])).rows[0].id;
const card = (number: string, cvv = '123') => ({ number, expMonth: 12, expYear: clock().now().getUTCFullYear() + 2, cvv });
async function cardOf(companyId: number, number: string): Promise<number> {
  const r = await addCard(ctx, { companyId, userId: null, card: card(number) });
  if (!r.ok) throw new Error(r.message);
  return r.card.id;
}
const charges = async (key: string) =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_sandbox_charges WHERE idempotency_key = $1', [key])).rows[0].n;

beforeAll(async () => {
  t = await startTestApp();
  ctx = t.ctx;
  sandbox = ctx.payments as SandboxGateway;
});
afterAll(async () => {
  await t?.close();
});

describe('the sandbox gateway', () => {
  it('tokenises a card and keeps only its token, brand, last four and expiry', async () => {
    const companyId = await newCompany('Cards');
    const r = await addCard(ctx, { companyId, userId: null, card: card('4242 4242 4242 4242') });
    expect(r.ok && r.card).toMatchObject({ brand: 'visa', lastFour: '4242', priority: 1, autoBillingEligible: true });
    const amex = await addCard(ctx, { companyId, userId: null, card: card('378282246310005', '1234') });
    expect(amex.ok && amex.card).toMatchObject({ brand: 'amex', lastFour: '0005', priority: 2 });
    const stored = JSON.stringify((await t.db.query('SELECT * FROM payment_cards WHERE company_id = $1', [companyId])).rows)
      + JSON.stringify((await t.db.query('SELECT * FROM payment_sandbox_cards')).rows);
    expect(stored).not.toMatch(/4242424242424242|378282246310005|"123"|1234/);
  });

  it('refuses a number failing the Luhn check, a wrong CVV and a past expiry at tokenisation', async () => {
    const companyId = await newCompany('Bad cards');
    const now = clock().now();
    const tries = [
      { c: card('4242 4242 4242 4241'), code: 'invalid_number' },
      { c: card('4242424242424242', '12'), code: 'invalid_cvv' },
      { c: card('378282246310005', '123'), code: 'invalid_cvv' },
      { c: { ...card('4242424242424242'), expYear: now.getUTCFullYear(), expMonth: now.getUTCMonth() }, code: 'expired_card' },
      { c: { ...card('4242424242424242'), expMonth: 13 }, code: 'expired_card' },
    ];
    for (const { c, code } of tries) {
      const r = await addCard(ctx, { companyId, userId: null, card: c });
      expect(r.ok ? 'ok' : r.code, JSON.stringify(c)).toBe(code);
    }
    expect((await t.db.query('SELECT 1 FROM payment_cards WHERE company_id = $1', [companyId])).rows).toHaveLength(0);
  });

  it('declines by test card number and moves nothing', async () => {
    const companyId = await newCompany('Declines');
    for (const [number, code] of [['4000000000009995', 'insufficient_funds'], ['4000000000000069', 'expired_card'],
      ['4000000000009979', 'stolen_card'], ['4000000000000002', 'card_declined']]) {
      const cardId = await cardOf(companyId, number);
      const r = await depositFromCard(ctx, { companyId, cardId, amountCents: 5_000, key: `decl:${number}` });
      expect(r.status === 'declined' && r.code, number).toBe(code);
      // A retry answers the same and charges nothing more.
      expect((await depositFromCard(ctx, { companyId, cardId, amountCents: 5_000, key: `decl:${number}` })).status).toBe('declined');
    }
    expect((await getBalances(t.db, companyId)).balanceCents).toBe(0);
  });
});

describe('deposit from a card', () => {
  it('charges once and records once, whatever the retries', async () => {
    const companyId = await newCompany('Depositor');
    const cardId = await cardOf(companyId, '4242424242424242');
    const first = await depositFromCard(ctx, { companyId, cardId, amountCents: 25_000, key: 'dep:1', createdBy: null });
    expect(first.status === 'deposited' && first.movement.balanceCents).toBe(25_000);
    const again = await depositFromCard(ctx, { companyId, cardId, amountCents: 25_000, key: 'dep:1', createdBy: null });
    expect(again.status === 'deposited' && again.movement.replayed).toBe(true);
    await expect(depositFromCard(ctx, { companyId, cardId, amountCents: 25_001, key: 'dep:1' })).rejects.toMatchObject({ status: 409 });
    expect(await charges('dep:1')).toBe(1);
    expect((await getBalances(t.db, companyId)).balanceCents).toBe(25_000);
  });

  it('retries a timeout with the same key: a lost answer does not charge twice', async () => {
    const companyId = await newCompany('Timeouts');
    const cardId = await cardOf(companyId, '5555555555554444');
    sandbox.faults.push('unavailable', 'lost-response');
    const r = await depositFromCard(ctx, { companyId, cardId, amountCents: 1_000, key: 'dep:timeouts' });
    expect(r.status).toBe('deposited');
    expect(await charges('dep:timeouts')).toBe(1);
    expect((await getBalances(t.db, companyId)).balanceCents).toBe(1_000);
  });

  it('leaves an unanswered charge pending, and reconciliation settles it from the gateway', async () => {
    const companyId = await newCompany('Unreachable');
    const cardId = await cardOf(companyId, '4242424242424242');
    sandbox.faults.push('unavailable', 'unavailable', 'lost-response');
    await expect(depositFromCard(ctx, { companyId, cardId, amountCents: 2_000, key: 'dep:lost' })).rejects.toBeInstanceOf(PaymentPendingError);
    expect(await charges('dep:lost')).toBe(1); // charged at the gateway, answer lost
    expect((await getBalances(t.db, companyId)).balanceCents).toBe(0);
    sandbox.faults.push('unavailable', 'unavailable', 'unavailable');
    await expect(depositFromCard(ctx, { companyId, cardId, amountCents: 2_000, key: 'dep:never' })).rejects.toBeInstanceOf(PaymentPendingError);
    expect(await reconcileCharges(ctx)).toBe(0); // too recent
    clock().advanceMinutes(2);
    expect(await reconcileCharges(ctx)).toBeGreaterThanOrEqual(2);
    expect((await getBalances(t.db, companyId)).balanceCents).toBe(2_000);
    const { rows } = await t.db.query<{ idempotency_key: string; status: string }>(
      "SELECT idempotency_key, status FROM payment_charges WHERE idempotency_key IN ('dep:lost', 'dep:never') ORDER BY 1");
    expect(rows).toEqual([{ idempotency_key: 'dep:lost', status: 'recorded' }, { idempotency_key: 'dep:never', status: 'failed' }]);
  });

  it('records a charge whose recording failed (the database went away after the charge)', async () => {
    const companyId = await newCompany('Crash after charge');
    const cardId = await cardOf(companyId, '4242424242424242');
    // The database goes away once, at the ledger's first statement of the recording.
    const realTransaction = t.db.transaction.bind(t.db);
    t.db.transaction = (fn) => realTransaction((tx) => fn({
      query: (sql, params) => {
        if (typeof sql !== 'string' && sql.name === 'ledger_find_key') {
          t.db.transaction = realTransaction;
          throw new Error('connection lost');
        }
        return tx.query(sql, params);
      },
    }));
    await expect(depositFromCard(ctx, { companyId, cardId, amountCents: 3_000, key: 'dep:crash' })).rejects.toBeInstanceOf(PaymentPendingError);
    expect((await t.db.query<{ status: string }>("SELECT status FROM payment_charges WHERE idempotency_key = 'dep:crash'")).rows[0].status).toBe('charged');
    clock().advanceMinutes(2);
    await reconcileCharges(ctx);
    expect((await getBalances(t.db, companyId)).balanceCents).toBe(3_000);
    expect(await charges('dep:crash')).toBe(1);
    expect(ledgerSound(await verifyLedger(t.db))).toBe(true);
  });

  it('deposits into the growth funds account', async () => {
    const companyId = await newCompany('Growth');
    const cardId = await cardOf(companyId, '6011111111111117');
    const r = await depositFromCard(ctx, { companyId, cardId, amountCents: 4_000, account: 'growth', key: 'dep:growth' });
    expect(r.status === 'deposited' && r.movement.kind).toBe('growth_deposit');
    expect(await getBalances(t.db, companyId)).toMatchObject({ balanceCents: 0, growthCents: 4_000 });
  });

  it("refuses another company's card and bad amounts, writing nothing", async () => {
    const a = await newCompany('Owner');
    const b = await newCompany('Other');
    const cardId = await cardOf(a, '4242424242424242');
    await expect(depositFromCard(ctx, { companyId: b, cardId, amountCents: 100, key: 'dep:other' })).rejects.toMatchObject({ field: 'cardId' });
    await expect(depositFromCard(ctx, { companyId: a, cardId, amountCents: 0, key: 'dep:zero' })).rejects.toMatchObject({ field: 'amountCents' });
    await expect(depositFromCard(ctx, { companyId: a, cardId, amountCents: 10.5, key: 'dep:frac' })).rejects.toMatchObject({ field: 'amountCents' });
    expect((await t.db.query("SELECT 1 FROM payment_charges WHERE idempotency_key LIKE 'dep:other' OR idempotency_key IN ('dep:zero', 'dep:frac')")).rows).toHaveLength(0);
  });
});
