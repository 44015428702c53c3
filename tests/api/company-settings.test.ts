import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emptyConcurrency, WEEK_DAYS } from '../../src/domain/people/concurrency';
import { readConcurrencySchedule, readHourlyLeadCap } from '../../src/server/services/companies';
import { DEMO, sessionFor } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * Company settings (document 000 sections 2, 3 and 6): distribution networks for the
 * company's users and admins, LeadVantage access and the lead cap for super admins, the
 * concurrency schedule for super admins and the company's professional-tier users; the
 * matching engine's readers see what was saved.
 */
let t: TestApp;
let company: number;
let other: number;
const clients: Record<string, TestClient> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const [name, email] of Object.entries(DEMO)) if (name !== 'cancelled' && name !== 'provisional') clients[name] = await sessionFor(t, email);
  company = (await t.db.query<{ id: number }>(`SELECT company_id AS id FROM users WHERE email = $1`, [DEMO.agent])).rows[0].id;
  other = (await t.db.query<{ id: number }>(`SELECT id FROM companies WHERE id <> $1 AND name <> 'Leadline HQ' LIMIT 1`, [company])).rows[0].id;
});
afterAll(() => t?.close());

type Body = Record<string, unknown>;
const put = (client: TestClient, id: number, body: Body) =>
  client.PUT('/companies/{companyId}', { params: { path: { companyId: id } }, body: body as never });
const schedule = () => {
  const s = emptyConcurrency();
  s.monday[18] = 5;
  s.monday[19] = 50;
  s.saturday[47] = 1;
  return s;
};
const distributions = { preferences: { distributions: { leadManager: true, quoteBurst: false, roboAgent: true } } };

test('the company’s users and admins read it; others not', async () => {
  const res = await clients.agent.GET('/companies/{companyId}', { params: { path: { companyId: company } } });
  expect(res.data).toMatchObject({ id: company, hasLeadVantageAccess: true, hourlyLeadCap: null });
  expect(res.data?.concurrentCallSchedule).toEqual(emptyConcurrency());
  expect((await clients.admin.GET('/companies/{companyId}', { params: { path: { companyId: other } } })).response.status).toBe(200);
  expect((await clients.agent.GET('/companies/{companyId}', { params: { path: { companyId: other } } })).response.status).toBe(403);
  expect((await clients.agent.GET('/companies/{companyId}', { params: { path: { companyId: 999_999 } } })).response.status).toBe(403);
  expect((await clients.admin.GET('/companies/{companyId}', { params: { path: { companyId: 999_999 } } })).response.status).toBe(404);
});

describe('who may change which part', () => {
  // [part, body, callers allowed on the agent's company]
  const CASES: Array<[string, Body, string[]]> = [
    ['distributions', distributions, ['agent', 'pro', 'admin', 'superAdmin']],
    ['LeadVantage access', { hasLeadVantageAccess: false }, ['superAdmin']],
    ['lead cap', { hourlyLeadCap: 40 }, ['superAdmin']],
    ['concurrency', { concurrentCallSchedule: schedule() }, ['pro', 'superAdmin']],
  ];
  const CALLERS = ['agent', 'pro', 'regional', 'corporate', 'vendor', 'admin', 'superAdmin', 'noTerms'];
  test.each(CASES)('%s', async (_part, body, allowed) => {
    for (const name of CALLERS) {
      const before = await snapshot(t.db);
      const res = await put(clients[name], company, body);
      if (allowed.includes(name)) expect(res.response.status, name).toBe(200);
      else {
        expect(res.response.status, name).toBe(403);
        expect(await snapshot(t.db)).toEqual(before);
      }
    }
  });

  test('a user may not change another company; an admin switched into a user keeps the admin’s rights', async () => {
    const before = await snapshot(t.db);
    expect((await put(clients.agent, other, distributions)).response.status).toBe(403);
    expect((await put(clients.pro, other, { concurrentCallSchedule: schedule() })).response.status).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
    const switched = await sessionFor(t, DEMO.superAdmin, DEMO.agent);
    expect((await put(switched, company, { hourlyLeadCap: 12 })).response.status).toBe(200);
    const plainSwitched = await sessionFor(t, DEMO.admin, DEMO.agent);
    expect((await put(plainSwitched, company, { hourlyLeadCap: 13 })).response.status).toBe(403);
  });
});

test('what is saved is what the matching engine reads', async () => {
  const s = schedule();
  const res = await put(clients.superAdmin, company, { concurrentCallSchedule: s });
  expect(res.data?.concurrentCallSchedule).toEqual(s);
  expect(await readConcurrencySchedule(t.db, company)).toEqual(s);
  await put(clients.superAdmin, company, { hourlyLeadCap: 25 });
  expect(await readHourlyLeadCap(t.db, company)).toBe(25);
  await put(clients.superAdmin, company, { hourlyLeadCap: null });
  expect(await readHourlyLeadCap(t.db, company)).toBeNull();
  const cleared = await put(clients.superAdmin, company, { concurrentCallSchedule: emptyConcurrency() });
  expect(cleared.data?.concurrentCallSchedule).toEqual(emptyConcurrency());
  const audit = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'company_%' AND detail->>'companyId' = $1`, [String(company)]);
  expect(audit.rows.length).toBeGreaterThan(3);
});

test('bad input is 400 and nothing changes', async () => {
  const bad: Body[] = [
    {},
    { hourlyLeadCap: 0 },
    { hourlyLeadCap: 1001 },
    { hourlyLeadCap: 2.5 },
    { hourlyLeadCap: 5, hasLeadVantageAccess: true },
    { concurrentCallSchedule: { ...schedule(), monday: Array(48).fill(51) } },
    { concurrentCallSchedule: { ...schedule(), monday: Array(48).fill(0) } },
    { concurrentCallSchedule: { ...schedule(), monday: Array(47).fill(null) } },
    { concurrentCallSchedule: { ...schedule(), funday: Array(48).fill(null) } },
    { concurrentCallSchedule: Object.fromEntries(WEEK_DAYS.slice(1).map((d) => [d, Array(48).fill(null)])) },
    { preferences: { distributions: { leadManager: true } } },
  ];
  const before = await snapshot(t.db);
  for (const body of bad) {
    const res = await t.request({ method: 'PUT', url: `/rest/companies/${company}`, payload: body, token: clients.superAdmin.session.token });
    expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  }
  expect(await snapshot(t.db)).toEqual(before);
});
