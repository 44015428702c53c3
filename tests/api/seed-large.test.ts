import { afterAll, beforeAll, expect, it } from 'vitest';
import { addBulkLeads, countLeadRows, LARGE_STATES } from '../../src/server/seed/large';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The large book's generator (npm run seed:large) on a small scale: it adds exactly the
 * leads asked for, valid against every constraint, spread over companies, states,
 * verticals, 13 months, every agent status and some returns.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

it('adds the leads asked for, spread like a real book', async () => {
  const before = await countLeadRows(t.db);
  await t.db.transaction((tx) => addBulkLeads(tx, { first: before + 1, count: 5000, now: t.clock.now() }));
  expect(await countLeadRows(t.db)).toBe(before + 5000);
  const { rows: [s] } = await t.db.query<{ companies: number; states: number; verticals: number; months: number; statuses: number; returns: number }>(
    `SELECT count(DISTINCT company_id)::int AS companies, count(DISTINCT state)::int AS states, count(DISTINCT vertical)::int AS verticals,
            count(DISTINCT date_trunc('month', inserted_at))::int AS months, count(DISTINCT agent_status)::int AS statuses,
            count(*) FILTER (WHERE return_status IS NOT NULL)::int AS returns
       FROM (SELECT * FROM leads ORDER BY id DESC LIMIT 5000) l`);
  const companies = (await t.db.query<{ n: number }>("SELECT count(DISTINCT company_id)::int AS n FROM orders WHERE product = 'leads'")).rows[0].n;
  expect(s.companies).toBe(companies);
  expect(s.states).toBe(LARGE_STATES.length);
  expect(s.verticals).toBe(2);
  expect(s.months).toBeGreaterThanOrEqual(13);
  expect(s.statuses).toBe(5);
  expect(s.returns).toBeGreaterThan(100);
});
