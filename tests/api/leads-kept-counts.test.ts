import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/days';
import { isoDayIn } from '../../src/domain/time/zone';
import { addUser, DEMO, sessionFor } from '../helpers/accounts';
import { dayIn } from '../helpers/day-in';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The lead search's counts through the API (issue 22): for each role's scope, over 13
 * months and over a few days, the tab counts and each tab's page count equal figures
 * worked out here from the raw lead rows (the day of each lead in the caller's zone by
 * Intl). The agent, the corporate manager and the admin in New York read the kept counts
 * (migration 034); the admin in Kolkata (a half-hour offset), a vertical filter and the
 * regional manager (a scope by state) count rows; all must agree. An agent's status
 * change through the API moves the kept counts with it.
 */
let t: TestApp;
const ZONE = 'America/New_York';
const tokens = new Map<string, string>();
async function get<T>(as: string, url: string): Promise<T> {
  if (!tokens.has(as)) tokens.set(as, (await sessionFor(t, as)).session.token!);
  const res = await t.request({ method: 'GET', url, token: tokens.get(as)! });
  const fresh = res.headers['x-auth-token'];
  if (typeof fresh === 'string') tokens.set(as, fresh);
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body) as T;
}
const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();
const TABS = ['new', 'contacted', 'quoted', 'policy', 'returns', 'all'] as const;

interface Raw { company_id: number; user_id: number; state: string | null; vertical: string; inserted_at: Date; agent_status: string; return_status: string | null }

/** The tab counts of the leads a filter keeps, from the raw rows. */
async function expected(keep: (l: Raw) => boolean, zone: string, range: { dateFrom: string; dateTo: string }) {
  const { rows } = await t.db.query<Raw>('SELECT company_id, user_id, state, vertical, inserted_at, agent_status, return_status FROM leads');
  const counts: Record<string, number> = { new: 0, contacted: 0, quoted: 0, policy: 0, attempting: 0, returns: 0, all: 0 };
  for (const l of rows) {
    const day = dayIn(new Date(l.inserted_at), zone);
    if (!keep(l) || day < range.dateFrom || day > range.dateTo) continue;
    counts.all++;
    if (l.return_status !== null) counts.returns++;
    if (l.return_status === null || l.return_status === 'return_denied' || l.return_status === 'return_dispute_denied') counts[l.agent_status]++;
  }
  return counts;
}

async function agrees(as: string, keep: (l: Raw) => boolean, zone: string, q: Record<string, string>) {
  const want = await expected(keep, zone, { dateFrom: q.dateFrom, dateTo: q.dateTo });
  expect(want.all, `${as} ${JSON.stringify(q)}`).toBeGreaterThan(0);
  expect(await get(as, `/rest/leads/counts?${qs(q)}`)).toEqual(want);
  for (const tab of TABS) expect((await get<{ meta: { count: number } }>(as, `/rest/leads/all?${qs({ ...q, tab })}`)).meta.count, tab).toBe(want[tab]);
}

let ids: { agent: number; corporateCompany: number };
/** A corporate manager of the demo agent's company (the demo's own manages a company with no leads). */
let corporate: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.db.query('UPDATE users SET timezone = $1', [ZONE]);
  const user = async (email: string) => (await t.db.query<{ id: number; company_id: number }>('SELECT id, company_id FROM users WHERE email = $1', [email])).rows[0];
  corporate = (await addUser(t, { role: 'corporate' })).email;
  await t.db.query('UPDATE users SET timezone = $1', [ZONE]);
  ids = { agent: (await user(DEMO.agent)).id, corporateCompany: (await user(corporate)).company_id };
});
afterAll(() => t?.close());

const today = () => isoDayIn(t.clock.now(), ZONE);
const ranges = () => [{ dateFrom: addDays(today(), -395), dateTo: today() }, { dateFrom: addDays(today(), -6), dateTo: addDays(today(), -2) }];

describe('lead search counts equal the raw rows', () => {
  it('for an agent, a corporate manager and an admin (kept counts), over 13 months and a few days', async () => {
    for (const r of ranges()) {
      await agrees(DEMO.agent, (l) => l.user_id === ids.agent, ZONE, r);
      await agrees(corporate, (l) => l.company_id === ids.corporateCompany, ZONE, r);
      await agrees(DEMO.admin, () => true, ZONE, r);
    }
  });
  it('for a filter, a half-hour zone and a scope by state (counting rows)', async () => {
    const [year] = ranges();
    await agrees(corporate, (l) => l.company_id === ids.corporateCompany && l.vertical === 'autoins', ZONE, { ...year, vertical: 'autoins' });
    await agrees(DEMO.regional, (l) => l.state === 'TX', ZONE, year); // the demo regional manager's region is Texas
    await t.db.query(`UPDATE users SET timezone = 'Asia/Kolkata' WHERE email = $1`, [DEMO.admin]);
    try {
      await agrees(DEMO.admin, () => true, 'Asia/Kolkata', year);
    } finally {
      await t.db.query('UPDATE users SET timezone = $2 WHERE email = $1', [DEMO.admin, ZONE]);
    }
  });
  it('after an agent changes a status through the API', async () => {
    const [year] = ranges();
    const { rows: [lead] } = await t.db.query<{ id: number }>(
      "SELECT id FROM leads WHERE user_id = $1 AND return_status IS NULL AND agent_status = 'new' ORDER BY id LIMIT 1", [ids.agent]);
    const before = await get<Record<string, number>>(DEMO.agent, `/rest/leads/counts?${qs(year)}`);
    if (!tokens.has(DEMO.agent)) tokens.set(DEMO.agent, (await sessionFor(t, DEMO.agent)).session.token!);
    const res = await t.request({ method: 'POST', url: `/rest/leads/status/${lead.id}`, payload: { statusName: 'quoted' }, token: tokens.get(DEMO.agent)! });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get<Record<string, number>>(DEMO.agent, `/rest/leads/counts?${qs(year)}`);
    expect(after).toEqual({ ...before, new: before.new - 1, quoted: before.quoted + 1 });
    await agrees(DEMO.agent, (l) => l.user_id === ids.agent, ZONE, year);
  });
});
