import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DESIGNED_MSG, BILLING_MSG } from '../../src/domain/billing/messages';
import { DESIGNED_MSG } from '../../src/domain/messages';
import { isoDayIn } from '../../src/domain/time/zone';
import { addMonths } from '../../src/domain/time/days';
import { DEMO, sessionFor, userId, addUser } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { pdfPages } from '../helpers/pdf-text';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The billing API on a real database: who may call each operation (x-roles and the
 * own-company rule), the texts of document 002 section 8, the limits of section 5, bad
 * input refused with nothing written, and the statement PDF's closing balance equal to
 * the balance the app shows.
 */
let t: TestApp;
let agentCompany: number;
let otherCompany: number;
let agentId: number;
const ZONE = 'America/New_York';

beforeAll(async () => {
  t = await startTestApp();
  agentId = await userId(t, DEMO.agent);
  agentCompany = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [agentId])).rows[0].company_id;
  otherCompany = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id DESC LIMIT 1', [agentCompany])).rows[0].id;
  await t.db.query('UPDATE users SET timezone = $1', [ZONE]);
  for (const email of [DEMO.agent, DEMO.admin, DEMO.superAdmin, DEMO.vendor, DEMO.regional, DEMO.corporate]) await tokenFor(email);
});
afterAll(() => t?.close());

const path = (companyId: number, tail = '') => `/rest/billing/${companyId}${tail}`;
/** One session per account, made before any snapshot (sessions are rows too) and kept fresh. */
const tokens = new Map<string, string>();
async function tokenFor(email: string): Promise<string> {
  if (!tokens.has(email)) tokens.set(email, (await sessionFor(t, email)).session.token!);
  return tokens.get(email)!;
}
async function call(as: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object, switchUser?: string) {
  const token = as ? await tokenFor(as) : null;
  const headers: Record<string, string> = switchUser ? { 'x-switch-user': switchUser } : {};
  const res = await t.request({ method, url, payload, token, headers });
  const fresh = res.headers['x-auth-token'];
  if (as && typeof fresh === 'string') tokens.set(as, fresh);
  return res;
}
const json = <T = Record<string, unknown>>(res: { body: string }) => JSON.parse(res.body) as T;
const balanceOf = async (companyId: number) => json<{ balance: number }>(await call(DEMO.admin, 'GET', path(companyId))).balance;
const today = () => isoDayIn(t.clock.now(), ZONE);
let n = 0;
const key = () => `test-key-${++n}-${process.pid}`;

describe('who may call what', () => {
  it('billing users reach their own company; vendor, regional and corporate are refused (403)', async () => {
    expect((await call(DEMO.agent, 'GET', path(agentCompany))).statusCode).toBe(200);
    for (const who of [DEMO.vendor, DEMO.regional, DEMO.corporate]) expect((await call(who, 'GET', path(agentCompany))).statusCode, who).toBe(403);
    expect((await call(null, 'GET', path(agentCompany))).statusCode).toBe(401);
  });

  it("an agent cannot read or move another company's money, existing or not", async () => {
    for (const id of [otherCompany, 999_999]) {
      expect((await call(DEMO.agent, 'GET', path(id))).statusCode).toBe(403);
      expect((await call(DEMO.agent, 'GET', `/rest/billing/logs/${id}?dateFrom=2026-01-01&dateTo=2026-01-02`)).statusCode).toBe(403);
      expect((await call(DEMO.agent, 'POST', path(id, '/deposit'), { cardId: 1, chargeAmount: 100 })).statusCode).toBe(403);
    }
    expect((await call(DEMO.admin, 'GET', path(999_999))).statusCode).toBe(404);
  });

  it('admin-only operations refuse billing users and answer admins, also when switched into a user', async () => {
    const before = await snapshot(t.db);
    const adminOnly: Array<[string, string, object?]> = [
      ['GET', '/rest/billing/companies'],
      ['POST', path(agentCompany, '/credit'), { amount: 100, type: 'credit' }],
      ['POST', path(agentCompany, '/debit'), { amount: 100, type: 'refund' }],
      ['POST', path(agentCompany, '/transfer'), { amount: 100, toCompanyId: otherCompany }],
      ['POST', `/rest/courtesy-credit/credit/${agentId}`, { amount: 100 }],
      ['POST', `/rest/courtesy-credit/debit/${agentId}`, { amount: 100 }],
      ['PUT', `/rest/users/${agentId}/cancel-exhausting`, { cancelExhausting: true }],
    ];
    for (const [method, url, body] of adminOnly) {
      const res = await call(DEMO.agent, method as 'GET', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(json(res).error).toBe(DESIGNED_MSG.notAllowed);
    }
    expect(await snapshot(t.db)).toEqual(before);
    const list = await call(DEMO.admin, 'GET', '/rest/billing/companies', undefined, DEMO.agent);
    expect(list.statusCode).toBe(200);
    expect(json<{ results: Array<{ id: number }> }>(list).results.map((c) => c.id)).toContain(otherCompany);
  });

  it('only a super admin chooses a monthly subscription', async () => {
    const cards = json<{ creditCards: Array<{ id: number }> }>(await call(DEMO.agent, 'GET', path(agentCompany))).creditCards;
    const body = { type: 'subscription', chargeAmount: 10_000, effectiveDate: today(), ctCards: [cards[0].id] };
    for (const who of [DEMO.agent, DEMO.admin]) expect((await call(who, 'POST', path(agentCompany, '/subscription'), body)).statusCode, who).toBe(403);
    const res = await call(DEMO.superAdmin, 'POST', path(agentCompany, '/subscription'), body);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ billingType: 'subscription', withdrawalAmount: 10_000, nextPayment: today() });
  });
});

describe('cards', () => {
  let company: number;
  beforeAll(async () => {
    const { rows } = await t.db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Card Test Agency') RETURNING id");
    company = rows[0].id;
  });
  const cards = async () =>
    json<{ creditCards: Array<{ id: number; lastFour: string; billingPriority: number; autoBillingEligible: boolean; expirationDate: string }> }>(
      await call(DEMO.admin, 'GET', path(company)),
    ).creditCards;
  const add = (number: string, over: object = {}) =>
    call(DEMO.admin, 'POST', path(company, '/cards'), { number, expirationMonth: 12, expirationYear: 2030, cvv: '123', nameOnCard: 'Test', ...over });

  it('adds cards keeping only the last four, in priority order', async () => {
    expect((await add('4242 4242 4242 4242')).statusCode).toBe(201);
    expect((await add('5555555555554444')).statusCode).toBe(201);
    expect((await add('4111111111111111', { autoBillingEligible: false })).statusCode).toBe(201);
    const list = await cards();
    expect(list.map((c) => [c.lastFour, c.billingPriority, c.autoBillingEligible, c.expirationDate])).toEqual([
      ['4242', 1, true, '12/2030'],
      ['4444', 2, true, '12/2030'],
      ['1111', 3, false, '12/2030'],
    ]);
    const stored = await t.db.query<{ row: string }>('SELECT row_to_json(p)::text AS row FROM payment_cards p WHERE company_id = $1', [company]);
    for (const r of stored.rows) expect(r.row).not.toMatch(/4242424242424242|5555555555554444|"123"/);
  });

  it('refuses a number failing Luhn, an expired card and bad fields, writing nothing', async () => {
    const before = await snapshot(t.db);
    const bad = await add('4242424242424241');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toEqual([{ field: 'number', message: BILLING_DESIGNED_MSG.cardNumberInvalid }]);
    expect((await add('4242424242424242', { expirationYear: 2001 })).statusCode).toBe(422);
    expect((await add('4242424242424242', { expirationMonth: 13 })).statusCode).toBe(400);
    expect((await add('4242424242424242', { cvv: '12' })).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('moves a card to a priority, the others keeping their order, and toggles auto billing', async () => {
    const [a, b, c] = await cards();
    expect((await call(DEMO.admin, 'PATCH', path(company, `/cards/${c.id}`), { billingPriority: 1 })).statusCode).toBe(200);
    expect((await cards()).map((x) => [x.id, x.billingPriority])).toEqual([[c.id, 1], [a.id, 2], [b.id, 3]]);
    const res = await call(DEMO.admin, 'PATCH', path(company, `/cards/${c.id}`), { autoBillingEligible: true });
    expect(json<{ creditCards: Array<{ id: number; autoBillingEligible: boolean }> }>(res).creditCards.find((x) => x.id === c.id)?.autoBillingEligible).toBe(true);
    expect((await call(DEMO.admin, 'PATCH', path(company, '/cards/999999'), { autoBillingEligible: true })).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'PATCH', path(company, `/cards/${c.id}`), {})).statusCode).toBe(400);
  });

  it('removes a card unless it is the last auto-billing one (a super admin may)', async () => {
    const list = await cards();
    // Leave one auto-billing card: turn the others off.
    for (const c of list.slice(1)) await call(DEMO.admin, 'PATCH', path(company, `/cards/${c.id}`), { autoBillingEligible: false });
    const only = list[0];
    const before = await snapshot(t.db);
    const refused = await call(DEMO.admin, 'DELETE', path(company, `/cards/${only.id}`));
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ code: 'card_required', error: BILLING_DESIGNED_MSG.removalRefused });
    expect(await snapshot(t.db)).toEqual(before);
    const other = list[1];
    const ok = await call(DEMO.admin, 'DELETE', path(company, `/cards/${other.id}`));
    expect(json(ok)).toEqual({ message: `${BILLING_MSG.cardRemovedPrefix} ${other.lastFour}`, lastFour: other.lastFour });
    const bySuper = await call(DEMO.superAdmin, 'DELETE', path(company, `/cards/${only.id}`));
    expect(bySuper.statusCode).toBe(200);
    expect((await cards()).map((c) => c.billingPriority)).toEqual([1]);
    expect((await call(DEMO.admin, 'DELETE', path(company, `/cards/${only.id}`))).statusCode).toBe(404);
  });
});

describe('deposits', () => {
  const primary = async () => json<{ creditCards: Array<{ id: number }> }>(await call(DEMO.agent, 'GET', path(agentCompany))).creditCards[0].id;

  it("deposits from a card: 'Successfully deposited $X. New balance: $B', the balance the app shows", async () => {
    const before = await balanceOf(agentCompany);
    const res = await call(DEMO.agent, 'POST', path(agentCompany, '/deposit'), { cardId: await primary(), chargeAmount: 2_550, idempotencyKey: key() });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ message: string; balance: number }>(res);
    expect(body.balance).toBe(before + 2_550);
    const b = (body.balance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(body.message).toBe(`Successfully deposited $25.50. New balance: $${b}`);
    expect(await balanceOf(agentCompany)).toBe(body.balance);
  });

  it('a retry with the same key moves money once; the same key with another amount is a 409', async () => {
    const k = key();
    const card = await primary();
    const first = json<{ balance: number }>(await call(DEMO.agent, 'POST', path(agentCompany, '/deposit'), { cardId: card, chargeAmount: 1_000, idempotencyKey: k }));
    const again = await call(DEMO.agent, 'POST', path(agentCompany, '/deposit'), { cardId: card, chargeAmount: 1_000, idempotencyKey: k });
    expect(json<{ balance: number }>(again).balance).toBe(first.balance);
    expect(await balanceOf(agentCompany)).toBe(first.balance);
    const before = await snapshot(t.db);
    expect((await call(DEMO.agent, 'POST', path(agentCompany, '/deposit'), { cardId: card, chargeAmount: 2_000, idempotencyKey: k })).statusCode).toBe(409);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('a declined card is a 422 with its reason and moves nothing; an unknown card or bad amount is a 400', async () => {
    const add = await call(DEMO.agent, 'POST', path(agentCompany, '/cards'), {
      number: '4000000000009995', expirationMonth: 1, expirationYear: 2031, cvv: '123', nameOnCard: 'Broke', autoBillingEligible: false,
    });
    const declining = json<{ creditCards: Array<{ id: number; lastFour: string }> }>(add).creditCards.find((c) => c.lastFour === '9995')!;
    const balance = await balanceOf(agentCompany);
    const res = await call(DEMO.agent, 'POST', path(agentCompany, '/deposit'), { cardId: declining.id, chargeAmount: 500 });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'insufficient_funds', error: 'Your card has insufficient funds.' });
    expect(await balanceOf(agentCompany)).toBe(balance);
    const before = await snapshot(t.db);
    expect((await call(DEMO.agent, 'POST', path(agentCompany, '/deposit'), { cardId: 999_999, chargeAmount: 500 })).statusCode).toBe(400);
    expect((await call(DEMO.agent, 'POST', path(agentCompany, '/deposit'), { cardId: declining.id, chargeAmount: 0 })).statusCode).toBe(400);
    expect((await call(DEMO.agent, 'POST', path(agentCompany, '/deposit'), { cardId: declining.id, chargeAmount: 1.5 })).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('deposits into the growth funds apart from the balance', async () => {
    const before = json<{ balance: number; growthFunds: number }>(await call(DEMO.agent, 'GET', path(agentCompany)));
    const res = await call(DEMO.agent, 'POST', path(agentCompany, '/deposit-cld-growth'), { cardId: await primary(), chargeAmount: 10_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ balance: number }>(res).balance).toBe(before.growthFunds + 10_000);
    const after = json<{ balance: number; growthFunds: number }>(await call(DEMO.agent, 'GET', path(agentCompany)));
    expect(after).toMatchObject({ balance: before.balance, growthFunds: before.growthFunds + 10_000 });
  });
});

describe("admins' money", () => {
  it('credit: at most $50 for an admin, $100,000 for a super admin', async () => {
    const balance = await balanceOf(agentCompany);
    const ok = await call(DEMO.admin, 'POST', path(agentCompany, '/credit'), { amount: 5_000, type: 'credit', note: 'sorry' });
    expect(json(ok)).toEqual({ message: 'Successfully credited account $50.00', balance: balance + 5_000 });
    const before = await snapshot(t.db);
    const over = await call(DEMO.admin, 'POST', path(agentCompany, '/credit'), { amount: 5_001, type: 'credit' });
    expect(over.statusCode).toBe(400);
    expect(json(over).errors).toEqual([{ field: 'amount', message: 'The most you may enter here is $50.00' }]);
    expect((await call(DEMO.admin, 'POST', path(agentCompany, '/credit'), { amount: 100, type: 'refund' })).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await call(DEMO.superAdmin, 'POST', path(agentCompany, '/credit'), { amount: 10_000_000, type: 'credit' })).statusCode).toBe(200);
  });

  it('debit: Cancellation Credit or Refund, never below $0', async () => {
    const balance = await balanceOf(agentCompany);
    const res = await call(DEMO.admin, 'POST', path(agentCompany, '/debit'), { amount: 1_234, type: 'cancellation_credit', note: 'closing' });
    expect(json(res)).toEqual({ message: 'Successfully debited account $12.34', balance: balance - 1_234 });
    const empty = (await t.db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Empty Agency') RETURNING id")).rows[0].id;
    const before = await snapshot(t.db);
    const tooMuch = await call(DEMO.superAdmin, 'POST', path(empty, '/debit'), { amount: 1, type: 'refund' });
    expect(tooMuch.statusCode).toBe(422);
    expect(json(tooMuch).code).toBe('insufficient_funds');
    expect((await call(DEMO.admin, 'POST', path(agentCompany, '/debit'), { amount: 10_000_001, type: 'refund' })).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('courtesy credit and debit go to the user\'s company', async () => {
    const balance = await balanceOf(agentCompany);
    const credit = await call(DEMO.admin, 'POST', `/rest/courtesy-credit/credit/${agentId}`, { amount: 700, notes: 'late lead' });
    expect(json(credit)).toEqual({ message: 'Successfully credited account $7.00', balance: balance + 700 });
    const debit = await call(DEMO.admin, 'POST', `/rest/courtesy-credit/debit/${agentId}`, { amount: 200 });
    expect(json(debit)).toEqual({ message: 'Successfully debited account $2.00', balance: balance + 500 });
    expect((await call(DEMO.admin, 'POST', '/rest/courtesy-credit/credit/999999', { amount: 200 })).statusCode).toBe(404);
    const noCompany = await userId(t, DEMO.provisional);
    expect((await call(DEMO.admin, 'POST', `/rest/courtesy-credit/credit/${noCompany}`, { amount: 200 })).statusCode).toBe(422);
  });

  it('courtesy credit holds the credit limit: $50 for an admin, more for a super admin', async () => {
    const balance = await balanceOf(agentCompany);
    const before = await snapshot(t.db);
    const over = await call(DEMO.admin, 'POST', `/rest/courtesy-credit/credit/${agentId}`, { amount: 6_000, notes: 'too kind' });
    expect(over.statusCode).toBe(400);
    expect(json(over).errors).toEqual([{ field: 'amount', message: 'The most you may enter here is $50.00' }]);
    expect(await snapshot(t.db)).toEqual(before);
    const ok = await call(DEMO.admin, 'POST', `/rest/courtesy-credit/credit/${agentId}`, { amount: 5_000 });
    expect(json(ok)).toEqual({ message: 'Successfully credited account $50.00', balance: balance + 5_000 });
    const sa = await call(DEMO.superAdmin, 'POST', `/rest/courtesy-credit/credit/${agentId}`, { amount: 6_000 });
    expect(json(sa)).toEqual({ message: 'Successfully credited account $60.00', balance: balance + 11_000 });
    // Taking a courtesy credit back is a debit, not a credit: the charge maximum holds.
    expect((await call(DEMO.admin, 'POST', `/rest/courtesy-credit/debit/${agentId}`, { amount: 6_000 })).statusCode).toBe(200);
  });

  it("transfer: to another company, above $0, else 'Please fix all errors before trying again.'", async () => {
    const [from, to] = [await balanceOf(agentCompany), await balanceOf(otherCompany)];
    const res = await call(DEMO.admin, 'POST', path(agentCompany, '/transfer'), { amount: 300, toCompanyId: otherCompany, note: 'merge' });
    expect(json(res)).toEqual({ message: BILLING_MSG.transferred, balance: from - 300 });
    expect(await balanceOf(otherCompany)).toBe(to + 300);
    const before = await snapshot(t.db);
    const same = await call(DEMO.admin, 'POST', path(agentCompany, '/transfer'), { amount: 300, toCompanyId: agentCompany });
    expect(same.statusCode).toBe(400);
    expect(json(same)).toMatchObject({ error: BILLING_MSG.fixErrors, errors: [{ field: 'toCompanyId', message: BILLING_DESIGNED_MSG.targetCompanySame }] });
    expect((await call(DEMO.admin, 'POST', path(agentCompany, '/transfer'), { amount: 0, toCompanyId: otherCompany })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'POST', path(agentCompany, '/transfer'), { amount: 300, toCompanyId: 999_999 })).statusCode).toBe(400);
    const empty = (await t.db.query<{ id: number }>("SELECT id FROM companies WHERE name = 'Empty Agency'")).rows[0].id;
    expect((await call(DEMO.admin, 'POST', path(empty, '/transfer'), { amount: 1, toCompanyId: otherCompany })).statusCode).toBe(422);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('recharge', () => {
  it('continuous billing saves amount, threshold and cards; deactivating clears the cards', async () => {
    const record = json<{ creditCards: Array<{ id: number }> }>(await call(DEMO.agent, 'GET', path(agentCompany)));
    const card = record.creditCards[0].id;
    const res = await call(DEMO.agent, 'POST', path(agentCompany, '/recurring'), {
      type: 'ct', chargeAmount: 30_000, withdrawalThreshold: 7_500, effectiveDate: today(), ctCards: [card],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = json<{ billingType: string; withdrawalAmount: number; withdrawalThreshold: number; creditCards: Array<{ id: number; rechargeCard: boolean }> }>(res);
    expect(saved).toMatchObject({ billingType: 'ct', withdrawalAmount: 30_000, withdrawalThreshold: 7_500 });
    expect(saved.creditCards.filter((c) => c.rechargeCard).map((c) => c.id)).toEqual([card]);
    const off = json<{ billingType: null; creditCards: Array<{ rechargeCard: boolean }> }>(await call(DEMO.agent, 'POST', path(agentCompany, '/deactivate')));
    expect(off.billingType).toBeNull();
    expect(off.creditCards.some((c) => c.rechargeCard)).toBe(false);
    expect((await t.db.query('SELECT 1 FROM recharge_cards WHERE company_id = $1', [agentCompany])).rows).toEqual([]);
  });

  it('refuses a date past one month, no card, a threshold at or above the amount, another company\'s card', async () => {
    const card = json<{ creditCards: Array<{ id: number }> }>(await call(DEMO.agent, 'GET', path(agentCompany))).creditCards[0].id;
    const otherCard = (await t.db.query<{ id: number }>('SELECT id FROM payment_cards WHERE company_id <> $1 LIMIT 1', [agentCompany])).rows[0].id;
    const ok = { type: 'ct', chargeAmount: 25_000, withdrawalThreshold: 5_000, effectiveDate: today(), ctCards: [card] };
    const before = await snapshot(t.db);
    const cases: Array<[object, string]> = [
      [{ effectiveDate: addMonths(today(), 1).replace(/\d\d$/, (d) => String(Number(d) + 1).padStart(2, '0')) }, 'effectiveDate'],
      [{ ctCards: [] }, 'ctCards'],
      [{ withdrawalThreshold: 25_000 }, 'withdrawalThreshold'],
      [{ type: 'subscription' }, 'type'],
    ];
    for (const [change, field] of cases) {
      const res = await call(DEMO.agent, 'POST', path(agentCompany, '/recurring'), { ...ok, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(json<{ errors: Array<{ field: string }> }>(res).errors.map((e) => e.field)).toContain(field);
    }
    expect((await call(DEMO.agent, 'POST', path(agentCompany, '/recurring'), { ...ok, ctCards: [otherCard] })).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('refuses a recharge card not eligible for auto billing, or expired, on ctCards (the rule the recharge tab shows)', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO payment_cards (company_id, gateway, token, brand, last_four, exp_month, exp_year, priority, auto_billing_eligible, created_at)
       VALUES ($1, 'sandbox', 'tok_test_ineligible', 'visa', '1111', 12, 2099, 90, false, now()),
              ($1, 'sandbox', 'tok_test_expired', 'visa', '2222', 1, 2020, 91, true, now()) RETURNING id`, [agentCompany]);
    const eligible = json<{ creditCards: Array<{ id: number; autoBillingEligible: boolean }> }>(await call(DEMO.agent, 'GET', path(agentCompany)))
      .creditCards.find((c) => c.autoBillingEligible && !rows.some((r) => r.id === c.id))!.id;
    const ok = { type: 'ct', chargeAmount: 25_000, withdrawalThreshold: 5_000, effectiveDate: today() };
    const before = await snapshot(t.db);
    for (const card of rows.map((r) => r.id)) {
      const res = await call(DEMO.agent, 'POST', path(agentCompany, '/recurring'), { ...ok, ctCards: [eligible, card] });
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res)).toMatchObject({
        error: BILLING_DESIGNED_MSG.rechargeCardIneligible,
        errors: [{ field: 'ctCards', message: BILLING_DESIGNED_MSG.rechargeCardIneligible }],
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect((await call(DEMO.agent, 'POST', path(agentCompany, '/recurring'), { ...ok, ctCards: [eligible] })).statusCode).toBe(200);
    await t.db.query('DELETE FROM payment_cards WHERE id = ANY($1::int[])', [rows.map((r) => r.id)]);
  });
});

describe('billing log and statement', () => {
  let company: number;
  let token: string;
  let email: string;
  beforeAll(async () => {
    const { rows } = await t.db.query<{ id: number }>("INSERT INTO companies (name) VALUES ('Statement Agency') RETURNING id");
    company = rows[0].id;
    const u = await addUser(t, { role: 'user' });
    await t.db.query('UPDATE users SET company_id = $1, timezone = $2 WHERE id = $3', [company, ZONE, u.id]);
    email = u.email;
    await call(DEMO.admin, 'POST', path(company, '/cards'), { number: '4242424242424242', expirationMonth: 12, expirationYear: 2031, cvv: '123', nameOnCard: 'S' });
    const card = json<{ creditCards: Array<{ id: number }> }>(await call(DEMO.admin, 'GET', path(company))).creditCards[0].id;
    // 12 movements over 12 days: deposits of $10 and a $1 debit every third day.
    for (let i = 0; i < 12; i++) {
      if (i % 3 === 2) await call(DEMO.admin, 'POST', path(company, '/debit'), { amount: 100, type: 'refund' });
      else await call(DEMO.admin, 'POST', path(company, '/deposit'), { cardId: card, chargeAmount: 1_000 });
      t.clock.advance(24 * 3600_000);
      tokens.clear(); // a day later the sessions have lapsed: sign in again
    }
    token = await tokenFor(email);
  });
  const as = (method: 'GET', url: string) => t.request({ method, url, token });

  it('pages the log newest first, between two days in the user\'s zone', async () => {
    const from = addMonths(today(), -1);
    const page = json<{ results: Array<{ amount: number; label: string; memo: string }>; meta: { count: number } }>(
      await as('GET', `/rest/billing/logs/${company}?dateFrom=${from}&dateTo=${today()}&limit=10&skip=0`),
    );
    expect(page.meta.count).toBe(12);
    expect(page.results).toHaveLength(10);
    expect(page.results[0]).toMatchObject({ amount: -100, label: 'Debit', memo: 'Refund' });
    expect(page.results[1]).toMatchObject({ amount: 1_000, label: 'Deposit', memo: 'Visa ending 4242' });
    const rest = json<{ results: unknown[] }>(await as('GET', `/rest/billing/logs/${company}?dateFrom=${from}&dateTo=${today()}&limit=10&skip=10`));
    expect(rest.results).toHaveLength(2);
    const lastDay = json<{ meta: { count: number } }>(await as('GET', `/rest/billing/logs/${company}?dateFrom=${today()}&dateTo=${today()}`));
    expect(lastDay.meta.count).toBe(0); // the clock moved a day past the last movement
    expect((await as('GET', `/rest/billing/logs/${company}?dateFrom=${from}&dateTo=${today()}&limit=20`)).statusCode).toBe(400);
    expect((await as('GET', `/rest/billing/logs/${company}?dateFrom=${today()}&dateTo=${from}`)).statusCode).toBe(400);
    expect((await as('GET', `/rest/billing/logs/${company}?dateFrom=2026-02-30&dateTo=${today()}`)).statusCode).toBe(400);
  });

  it('the statement PDF holds every movement and closes at the balance the app shows', async () => {
    const from = addMonths(today(), -3);
    const res = await as('GET', `/rest/billing/${company}/receipt?dateFrom=${from}&dateTo=${today()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="billing-statement-statement-agency-${from}-${today()}.pdf"`);
    const text = (await pdfPages(res.rawPayload)).join('\n');
    const balance = await balanceOf(company);
    expect(balance).toBe(8 * 1_000 - 4 * 100);
    expect(text).toMatch(/Opening balance \$0\.00/);
    expect(text).toContain('Closing balance $76.00');
    expect(text.match(/Deposit \$10\.00/g)).toHaveLength(8);
    expect(text.match(/Debit -\$1\.00/g)).toHaveLength(4);
  });

  it('a statement starts at most 2 years back and ends by today', async () => {
    const tooEarly = addMonths(today(), -25);
    expect((await as('GET', `/rest/billing/${company}/receipt?dateFrom=${tooEarly}&dateTo=${today()}`)).statusCode).toBe(400);
    expect((await as('GET', `/rest/billing/${company}/receipt?dateFrom=${today()}&dateTo=2999-01-01`)).statusCode).toBe(400);
    expect((await as('GET', `/rest/billing/${agentCompany}/receipt?dateFrom=${today()}&dateTo=${today()}`)).statusCode).toBe(403);
  });
});
