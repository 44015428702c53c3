import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MSG } from '../../src/domain/time/range';
import { addDays } from '../../src/domain/time/days';
import { isoDayIn } from '../../src/domain/time/zone';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * One date-range rule on every list and the statement (billing log and statement, return
 * management, live calls, lead search): the same texts, on the field at fault, with "today"
 * the caller's own day. The clock stands at 05:54 UTC, when it is still the day before in
 * Phoenix (UTC−7, 22:54): a statement may end on the Phoenix day, not on UTC's.
 */
const PHOENIX = 'America/Phoenix';
let t: TestApp;
let company: number;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await startTestApp();
  const now = t.clock.now();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 5, 54);
  t.clock.advance((next > now.getTime() ? next : next + 86_400_000) - now.getTime());
  await t.db.query('UPDATE users SET timezone = $1', [PHOENIX]);
  company = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE id = $1', [await userId(t, DEMO.agent)])).rows[0].company_id;
  for (const email of [DEMO.agent, DEMO.admin]) tokens.set(email, (await sessionFor(t, email)).session.token!);
});
afterAll(() => t?.close());

async function get(as: string, url: string) {
  const res = await t.request({ method: 'GET', url, token: tokens.get(as)! });
  const fresh = res.headers['x-auth-token'];
  if (typeof fresh === 'string') tokens.set(as, fresh);
  return res;
}
async function refusal(as: string, url: string) {
  const res = await get(as, url);
  expect(res.statusCode, res.body).toBe(400);
  return JSON.parse(res.body) as { error: string; errors: Array<{ field: string; message: string }> };
}
const phoenixToday = () => isoDayIn(t.clock.now(), PHOENIX);
const utcToday = () => t.clock.now().toISOString().slice(0, 10);

describe('today is the caller\'s day', () => {
  it('at 05:54 UTC a Phoenix user\'s today is the day before UTC\'s', () => {
    expect(t.clock.now().toISOString().slice(11, 16)).toBe('05:54');
    expect(phoenixToday()).toBe(addDays(utcToday(), -1));
  });

  it('the statement ends on the Phoenix day at the latest, and says so on dateTo', async () => {
    const ok = await get(DEMO.agent, `/rest/billing/${company}/receipt?dateFrom=${phoenixToday()}&dateTo=${phoenixToday()}`);
    expect(ok.statusCode).toBe(200);
    const body = await refusal(DEMO.agent, `/rest/billing/${company}/receipt?dateFrom=${phoenixToday()}&dateTo=${utcToday()}`);
    expect(body.errors).toEqual([{ field: 'dateTo', message: DATE_RANGE_MSG.endAfterToday }]);
    expect(body.error).toBe(DATE_RANGE_MSG.endAfterToday);
  });
});

describe('one set of texts, on the field at fault', () => {
  const day = () => phoenixToday();
  const before = () => addDays(phoenixToday(), -5);

  it('a start after the end is refused on the start field everywhere', async () => {
    const cases: Array<[string, string, string]> = [
      [DEMO.agent, `/rest/billing/${company}/receipt?dateFrom=${day()}&dateTo=${before()}`, 'dateFrom'],
      [DEMO.agent, `/rest/billing/logs/${company}?dateFrom=${day()}&dateTo=${before()}`, 'dateFrom'],
      [DEMO.admin, `/rest/returns?start=${day()}&end=${before()}`, 'start'],
      [DEMO.agent, `/rest/live-calls/all?start=${day()}&end=${before()}`, 'start'],
      [DEMO.agent, `/rest/leads/all?dateFrom=${day()}&dateTo=${before()}`, 'dateFrom'],
    ];
    for (const [as, url, field] of cases) {
      expect((await refusal(as, url)).errors, url).toEqual([{ field, message: DATE_RANGE_MSG.startAfterEnd }]);
    }
  });

  it('a day that is not on the calendar is refused on its own field everywhere', async () => {
    const cases: Array<[string, string, string]> = [
      [DEMO.agent, `/rest/billing/${company}/receipt?dateFrom=${before()}&dateTo=2026-02-30`, 'dateTo'],
      [DEMO.agent, `/rest/billing/logs/${company}?dateFrom=${before()}&dateTo=2026-02-30`, 'dateTo'],
      [DEMO.admin, `/rest/returns?start=${before()}&end=2026-02-30`, 'end'],
      [DEMO.agent, `/rest/live-calls/all?start=${before()}&end=2026-02-30`, 'end'],
      [DEMO.agent, `/rest/leads/all?dateFrom=${before()}&dateTo=2026-02-30`, 'dateTo'],
    ];
    for (const [as, url, field] of cases) {
      expect((await refusal(as, url)).errors, url).toEqual([{ field, message: DATE_RANGE_MSG.notADay }]);
    }
  });

  it('a list may end later than today: it is a search, not a statement', async () => {
    expect((await get(DEMO.agent, `/rest/billing/logs/${company}?dateFrom=${before()}&dateTo=${utcToday()}`)).statusCode).toBe(200);
    expect((await get(DEMO.admin, `/rest/returns?start=${before()}&end=${utcToday()}`)).statusCode).toBe(200);
  });
});
