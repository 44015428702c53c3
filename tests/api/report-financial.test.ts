import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/days';
import { dayStartIn, isoDayIn } from '../../src/domain/time/zone';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { pdfPages } from '../helpers/pdf-text';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * POST /reports/financial: a company's balance over a period from the ledger. The expected
 * figures are summed here from the raw ledger rows by a table of this test's own (which
 * kind is a deposit, a credit, a return, spend or an adjustment), and the opening and
 * closing balances are read off the billing statement's PDF for the same days: the report
 * and the statement agree to the cent.
 */
let t: TestApp;
const ZONE = 'America/New_York';
let agentCompany: number;
let otherCompany: number;
let TODAY: string;

const tokens = new Map<string, string>();
async function call(as: string, method: 'GET' | 'POST', url: string, payload?: object) {
  if (!tokens.has(as)) tokens.set(as, (await sessionFor(t, as)).session.token!);
  const res = await t.request({ method, url, payload, token: tokens.get(as)! });
  const fresh = res.headers['x-auth-token'];
  if (typeof fresh === 'string') tokens.set(as, fresh);
  return res;
}
const report = (as: string, body: object) => call(as, 'POST', '/rest/reports/financial', body);

beforeAll(async () => {
  t = await startTestApp();
  await t.db.query('UPDATE users SET timezone = $1', [ZONE]);
  TODAY = isoDayIn(t.clock.now(), ZONE);
  const agent = await userId(t, DEMO.agent);
  agentCompany = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [agent])).rows[0].company_id;
  otherCompany = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id DESC LIMIT 1', [agentCompany])).rows[0].id;
  // An admin's credit and debit today, beside the seeded deposits, purchases and returns.
  expect((await call(DEMO.admin, 'POST', `/rest/courtesy-credit/credit/${agent}`, { amount: 700, notes: 'late lead' })).statusCode).toBe(200);
  expect((await call(DEMO.admin, 'POST', `/rest/courtesy-credit/debit/${agent}`, { amount: 200 })).statusCode).toBe(200);
  for (const who of [DEMO.agent, DEMO.admin, DEMO.regional, DEMO.corporate, DEMO.vendor]) await call(who, 'GET', '/rest/health');
}, 60_000);
afterAll(() => t?.close());

/** This test's own reading of document 002's financial fields. */
const LINE: Record<string, 'deposits' | 'credits' | 'returns' | 'spend' | 'adjustments'> = {
  deposit: 'deposits', credit: 'credits', refund: 'credits', cancellation_credit: 'credits', courtesy_credit: 'credits', promotion_subsidy: 'credits',
  lead_return: 'returns', lead_purchase: 'spend', call_purchase: 'spend', debit: 'adjustments', charge: 'adjustments', courtesy_debit: 'adjustments',
  transfer: 'adjustments',
};

async function expected(company: number, from: string, to: string) {
  const start = dayStartIn(from, ZONE);
  const end = dayStartIn(addDays(to, 1), ZONE);
  const { rows } = await t.db.query<{ kind: string; amount: number; at: Date }>(
    `SELECT t.kind, e.amount_cents::float8 AS amount, t.created_at AS at FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id AND a.company_id = $1 AND a.kind = 'company_balance'
       JOIN ledger_transactions t ON t.id = e.transaction_id`, [company]);
  const before = rows.filter((r) => new Date(r.at) < start);
  const within = rows.filter((r) => new Date(r.at) >= start && new Date(r.at) < end);
  const sum = (rs: typeof rows) => rs.reduce((s, r) => s + r.amount, 0);
  const line = (l: string) => sum(within.filter((r) => LINE[r.kind] === l));
  const opening = sum(before);
  return {
    openingBalance: opening, deposits: line('deposits'), credits: line('credits'), returns: line('returns'), spend: -line('spend'),
    adjustments: line('adjustments'), closingBalance: opening + sum(within), kinds: new Set(within.map((r) => r.kind)),
  };
}

/** The opening and closing balances the statement PDF prints for the same days. */
async function statementBalances(company: number, from: string, to: string) {
  const res = await call(DEMO.admin, 'GET', `/rest/billing/${company}/receipt?dateFrom=${from}&dateTo=${to}`);
  expect(res.statusCode).toBe(200);
  const text = (await pdfPages(res.rawPayload)).join('\n');
  const cents = (re: RegExp) => Math.round(Number(re.exec(text)![1].replace(/[$,]/g, '')) * 100);
  return { opening: cents(/Opening balance (-?\$[\d,]+\.\d\d)/), closing: cents(/Closing balance (-?\$[\d,]+\.\d\d)/) };
}

describe('POST /reports/financial', () => {
  it("an agent's company over the statement's default period: every line from the ledger, agreeing with the statement", async () => {
    const from = addDays(TODAY, -92);
    const res = await report(DEMO.agent, { companyId: agentCompany, dateFrom: from, dateTo: TODAY });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const { kinds, ...want } = await expected(agentCompany, from, TODAY);
    expect(body).toEqual({ asOf: t.clock.now().toISOString(), companyId: agentCompany, dateFrom: from, dateTo: TODAY, ...want });
    // The seed and this test moved money of every line.
    for (const k of ['deposit', 'lead_purchase', 'courtesy_credit', 'courtesy_debit']) expect(kinds.has(k), k).toBe(true);
    expect(body.openingBalance + body.deposits + body.credits + body.returns - body.spend + body.adjustments).toBe(body.closingBalance);
    const pdf = await statementBalances(agentCompany, from, TODAY);
    expect([pdf.opening, pdf.closing]).toEqual([body.openingBalance, body.closingBalance]);
  });

  it('a period in the past: its own opening and closing, as the statement of those days', async () => {
    const [from, to] = [addDays(TODAY, -60), addDays(TODAY, -30)];
    const body = (await report(DEMO.admin, { companyId: agentCompany, dateFrom: from, dateTo: to })).json();
    const { kinds: _k, ...want } = await expected(agentCompany, from, to);
    expect(body).toMatchObject(want);
    const pdf = await statementBalances(agentCompany, from, to);
    expect([pdf.opening, pdf.closing]).toEqual([body.openingBalance, body.closingBalance]);
  });

  it('an admin any company; an agent only their own; managers and vendors not at all', async () => {
    expect((await report(DEMO.admin, { companyId: otherCompany, dateFrom: TODAY, dateTo: TODAY })).statusCode).toBe(200);
    expect((await report(DEMO.agent, { companyId: otherCompany, dateFrom: TODAY, dateTo: TODAY })).statusCode).toBe(403);
    expect((await report(DEMO.admin, { companyId: 999_999, dateFrom: TODAY, dateTo: TODAY })).statusCode).toBe(404);
    for (const who of [DEMO.regional, DEMO.corporate, DEMO.vendor]) expect((await report(who, { companyId: agentCompany, dateFrom: TODAY, dateTo: TODAY })).statusCode, who).toBe(403);
  });

  it('bad input is a 400 on its field in the standard body and changes nothing', async () => {
    const before = await snapshot(t.db);
    const bad: Array<[object, string]> = [
      [{ companyId: agentCompany, dateFrom: addDays(TODAY, -800), dateTo: TODAY }, 'dateFrom'],
      [{ companyId: agentCompany, dateFrom: TODAY, dateTo: addDays(TODAY, 1) }, 'dateTo'],
      [{ companyId: agentCompany, dateFrom: TODAY, dateTo: addDays(TODAY, -1) }, 'dateFrom'],
      [{ companyId: agentCompany, dateFrom: '2026-02-30', dateTo: TODAY }, 'dateFrom'],
      [{ dateFrom: TODAY, dateTo: TODAY }, 'companyId'],
      [{ companyId: agentCompany, dateFrom: TODAY, dateTo: TODAY, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of bad) {
      const res = await report(DEMO.agent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: expect.any(String) });
      expect(JSON.stringify(res.json().errors ?? []), JSON.stringify(body)).toContain(field);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});
