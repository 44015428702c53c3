import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/time/days';
import { dayStartIn } from '../../src/domain/time/zone';
import { isoDayIn } from '../../src/domain/time/zone';
import { DOWNLOAD_LINK_SECONDS, DOWNLOAD_MSG } from '../../src/domain/downloads';
import { LEADS_DESIGNED_MSG, LEADS_MSG } from '../../src/domain/leads/messages';
import { addUser, DEMO, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Lead search on a real database (issue 10): the scope of each role, every filter, the
 * tab counts against the page counts, the agent status with its refusals, DNC, notes
 * with their texts, the details, the streamed export with its cell guard, and malformed
 * filters refused with 400 and nothing changed.
 */
let t: TestApp;
const ZONE = 'America/New_York';
const tokens = new Map<string, string>();
async function tokenFor(email: string) {
  if (!tokens.has(email)) tokens.set(email, (await sessionFor(t, email)).session.token!);
  return tokens.get(email)!;
}
async function call(as: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.request({ method, url, payload, token: as ? await tokenFor(as) : null });
  const fresh = res.headers['x-auth-token'];
  if (as && typeof fresh === 'string') tokens.set(as, fresh);
  return res;
}
type Row = { id: number; agentStatus: string; returnStatus: string | null; state: string | null; vertical: string; product: string; insertDate: string;
  firstName: string; lastName: string; email: string | null; phone: string | null; company: { id: number; name: string }; user: { id: number }; note: unknown; dnc: boolean; price: number };
type Page = { results: Row[]; meta: { count: number } };
const json = <T,>(res: { body: string }) => JSON.parse(res.body) as T;
const today = () => isoDayIn(t.clock.now(), ZONE);
const qs = (o: Record<string, string | number>) => new URLSearchParams(Object.entries(o).map(([k, v]) => [k, String(v)])).toString();
/** A year of leads: wide enough that every filter finds some. */
const year = () => ({ dateFrom: addDays(today(), -364), dateTo: today() });
async function page(as: string, q: Record<string, string | number>): Promise<Page> {
  const res = await call(as, 'GET', `/rest/leads/all?${qs(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<Page>(res);
}
async function sqlCountOf(sql: string, params: unknown[] = []): Promise<number> {
  return (await t.db.query<{ n: number }>(`SELECT (${sql})::int AS n`, params)).rows[0].n;
}
async function sqlCount(where: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads l WHERE ${where}`, params);
  return rows[0].n;
}
let agentId: number;

beforeAll(async () => {
  t = await startTestApp();
  await t.db.query('UPDATE users SET timezone = $1', [ZONE]);
  agentId = await userId(t, DEMO.agent);
  for (const e of [DEMO.agent, DEMO.pro, DEMO.admin, DEMO.regional, DEMO.corporate, DEMO.vendor]) await tokenFor(e);
});
afterAll(() => t?.close());

/** The year's bounds in the zone, as the server computes them; $1 is a placeholder the tests pass as year().dateFrom. */
const from = () => `l.inserted_at >= '${dayStartIn(year().dateFrom, ZONE).toISOString()}' AND l.inserted_at < '${dayStartIn(addDays(today(), 1), ZONE).toISOString()}' AND $1::text IS NOT NULL`;

describe('scope per role', () => {
  it('admins see every lead; an agent only their own; corporate their company; regional their region', async () => {
    const all = await page(DEMO.admin, { tab: 'all', ...year() });
    const agent = await page(DEMO.agent, { tab: 'all', ...year(), limit: 100 });
    expect(all.meta.count).toBeGreaterThan(agent.meta.count);
    expect(agent.meta.count).toBeGreaterThan(0);
    expect(agent.results.every((r) => r.user.id === agentId)).toBe(true);
    const corp = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO.corporate])).rows[0].company_id;
    const corporate = await page(DEMO.corporate, { tab: 'all', ...year(), limit: 100 });
    expect(corporate.results.every((r) => r.company.id === corp)).toBe(true);
    const regional = await page(DEMO.regional, { tab: 'all', ...year(), limit: 100 });
    expect(regional.meta.count).toBeGreaterThan(0);
    expect(regional.results.every((r) => r.state === 'TX')).toBe(true); // the demo regional manager's region is Texas
  });
  it('vendors are refused (403), guests 401; a lead of someone else is 404 to an agent', async () => {
    expect((await call(DEMO.vendor, 'GET', '/rest/leads/all')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/rest/leads/all')).statusCode).toBe(401);
    const other = (await t.db.query<{ id: number }>('SELECT id FROM leads WHERE user_id <> $1 LIMIT 1', [agentId])).rows[0].id;
    const res = await call(DEMO.agent, 'GET', `/rest/leads/${other}`);
    expect(res.statusCode).toBe(404);
    expect(json<{ error: string }>(res).error).toBe(LEADS_DESIGNED_MSG.leadMissing);
    expect((await call(DEMO.admin, 'GET', `/rest/leads/${other}`)).statusCode).toBe(200);
  });
});

describe('filters', () => {
  it('defaults: tab new, the last 10 days, 10 a page, newest first', async () => {
    const p = await page(DEMO.admin, {});
    expect(p.results.length).toBeLessThanOrEqual(10);
    const since = new Date(`${addDays(today(), -10)}T00:00:00Z`).getTime();
    expect(p.results.every((r) => r.agentStatus === 'new' && new Date(r.insertDate).getTime() >= since)).toBe(true);
    const dates = p.results.map((r) => r.insertDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
  it('page sizes 10, 30, 50, 100; any other is 400', async () => {
    for (const limit of [10, 30, 50, 100]) expect((await page(DEMO.admin, { tab: 'all', ...year(), limit })).results.length).toBe(limit);
    expect((await call(DEMO.admin, 'GET', '/rest/leads/all?limit=20')).statusCode).toBe(400);
    const p1 = await page(DEMO.admin, { tab: 'all', ...year(), limit: 10 });
    const p2 = await page(DEMO.admin, { tab: 'all', ...year(), limit: 10, page: 2 });
    expect(p2.results[0].id).not.toBe(p1.results[0].id);
    expect(new Date(p2.results[0].insertDate) <= new Date(p1.results[9].insertDate)).toBe(true);
  });
  it('states, vertical and product filter the rows and the count', async () => {
    const tx = await page(DEMO.admin, { tab: 'all', ...year(), states: 'TX,FL', limit: 100 });
    expect(tx.results.every((r) => r.state === 'TX' || r.state === 'FL')).toBe(true);
    expect(tx.meta.count).toBe(await sqlCount(`${from()} AND state IN ('TX','FL')`, [year().dateFrom]));
    const home = await page(DEMO.admin, { tab: 'all', ...year(), vertical: 'homeins', limit: 100 });
    expect(home.meta.count).toBeGreaterThan(0);
    expect(home.results.every((r) => r.vertical === 'homeins')).toBe(true);
    const calls = await page(DEMO.admin, { tab: 'all', ...year(), product: 'calls', limit: 100 });
    expect(calls.meta.count).toBeGreaterThan(0);
    expect(calls.results.every((r) => r.product === 'calls')).toBe(true);
    const opt = await page(DEMO.admin, { tab: 'all', ...year(), product: 'optimizer', limit: 100 });
    expect(opt.meta.count).toBeGreaterThan(0);
  });
  it('Calls only for admins or call_orders; Optimizer only for admins or admin_managed_vendors', async () => {
    const plain = await addUser(t); // no feature at all
    const res = await call(plain.email, 'GET', '/rest/leads/all?product=calls');
    expect(res.statusCode).toBe(400);
    expect(json<{ error: string }>(res).error).toBe(LEADS_DESIGNED_MSG.productNotAllowed);
    expect((await call(plain.email, 'GET', '/rest/leads/all?product=optimizer')).statusCode).toBe(400);
    expect((await call(DEMO.agent, 'GET', '/rest/leads/all?product=optimizer')).statusCode).toBe(400);
    expect((await call(DEMO.agent, 'GET', '/rest/leads/all?product=calls')).statusCode).toBe(200);
    expect((await call(DEMO.pro, 'GET', '/rest/leads/all?product=calls')).statusCode).toBe(200);
    expect((await call(DEMO.pro, 'GET', '/rest/leads/all?product=optimizer')).statusCode).toBe(200);
    expect((await call(DEMO.agent, 'GET', '/rest/leads/all?product=leads')).statusCode).toBe(200);
  });
  it('return status filters, and the returns tab holds every return status', async () => {
    const returns = await page(DEMO.admin, { tab: 'returns', ...year(), limit: 100 });
    expect(returns.meta.count).toBe(await sqlCount(`${from()} AND return_status IS NOT NULL`, [year().dateFrom]));
    const denied = await page(DEMO.admin, { tab: 'returns', ...year(), returnStatus: 'return_denied', limit: 100 });
    expect(denied.meta.count).toBeGreaterThan(0);
    expect(denied.results.every((r) => r.returnStatus === 'return_denied')).toBe(true);
    // A status tab keeps denied returns but not pending or approved ones (section 4).
    const news = await page(DEMO.admin, { tab: 'new', ...year(), limit: 100 });
    expect(news.results.every((r) => r.returnStatus === null || r.returnStatus === 'return_denied' || r.returnStatus === 'return_dispute_denied')).toBe(true);
  });
  it('a search term finds a lead by id, last name, email and phone', async () => {
    const lead = (await page(DEMO.admin, { tab: 'all', ...year() })).results[0];
    const byId = await page(DEMO.admin, { tab: 'all', ...year(), term: String(lead.id) });
    expect(byId.results.map((r) => r.id)).toContain(lead.id);
    const byName = await page(DEMO.admin, { tab: 'all', ...year(), term: lead.lastName.toLowerCase(), limit: 100 });
    expect(byName.results.every((r) => r.lastName.toLowerCase().startsWith(lead.lastName.toLowerCase()) || r.firstName.toLowerCase().startsWith(lead.lastName.toLowerCase()))).toBe(true);
    const byEmail = await page(DEMO.admin, { tab: 'all', ...year(), term: lead.email!.toUpperCase() });
    expect(byEmail.results.map((r) => r.id)).toContain(lead.id);
    const byPhone = await page(DEMO.admin, { tab: 'all', ...year(), term: `(${lead.phone!.slice(0, 3)}) ${lead.phone!.slice(3, 6)}-${lead.phone!.slice(6)}`, limit: 100 });
    expect(byPhone.results.map((r) => r.id)).toContain(lead.id);
  });
  it('the custom search is an equals filter on first name, last name or company name, trimmed; blank is refused', async () => {
    const lead = (await page(DEMO.admin, { tab: 'all', ...year() })).results[0];
    const first = await page(DEMO.admin, { tab: 'all', ...year(), customField: 'firstName', customValue: `  ${lead.firstName}  `, limit: 100 });
    expect(first.meta.count).toBe(await sqlCount(`${from()} AND first_name = $2`, [year().dateFrom, lead.firstName]));
    const last = await page(DEMO.admin, { tab: 'all', ...year(), customField: 'lastName', customValue: lead.lastName, limit: 100 });
    expect(last.results.every((r) => r.lastName === lead.lastName)).toBe(true);
    const company = await page(DEMO.admin, { tab: 'all', ...year(), customField: 'companyName', customValue: lead.company.name, limit: 100 });
    expect(company.results.every((r) => r.company.id === lead.company.id)).toBe(true);
    const blank = await call(DEMO.admin, 'GET', `/rest/leads/all?${qs({ customField: 'firstName', customValue: '   ' })}`);
    expect(blank.statusCode).toBe(400);
    expect(json<{ errors: Array<{ field: string; message: string }> }>(blank).errors).toContainEqual({ field: 'customValue', message: LEADS_DESIGNED_MSG.customBlank });
  });
  it('allstate lists Allstate-quoted leads on the quoted tab and resets on the others', async () => {
    const quoted = await page(DEMO.admin, { tab: 'quoted', ...year(), allstate: 'true' });
    expect(quoted.meta.count).toBe(await sqlCount(`${from()} AND quoted AND (return_status IS NULL OR return_status IN ('return_denied','return_dispute_denied'))`, [year().dateFrom]));
    const newWith = await page(DEMO.admin, { tab: 'new', ...year(), allstate: 'true' });
    const newWithout = await page(DEMO.admin, { tab: 'new', ...year() });
    expect(newWith.meta.count).toBe(newWithout.meta.count);
  });
  it('a custom date range bounds the rows in the caller\'s zone', async () => {
    const day = addDays(today(), -3);
    const p = await page(DEMO.admin, { tab: 'all', dateFrom: day, dateTo: day, limit: 100 });
    expect(p.results.every((r) => isoDayIn(new Date(r.insertDate), ZONE) === day)).toBe(true);
    expect((await call(DEMO.admin, 'GET', `/rest/leads/all?dateFrom=${today()}&dateTo=${addDays(today(), -1)}`)).statusCode).toBe(400);
  });
});

describe('tab counts', () => {
  it('each tab\'s counter equals its page count, and attempting and the returns make up the rest', async () => {
    const q = { ...year(), vertical: 'autoins' };
    const res = await call(DEMO.agent, 'GET', `/rest/leads/counts?${qs(q)}`);
    expect(res.statusCode).toBe(200);
    const counts = json<Record<string, number>>(res);
    for (const tab of ['new', 'contacted', 'quoted', 'policy', 'returns', 'all']) {
      expect(counts[tab], tab).toBe((await page(DEMO.agent, { ...q, tab })).meta.count);
    }
    const returnedOut = await sqlCount(`${from()} AND user_id = $2 AND vertical = 'autoins' AND return_status IN ('return_pending','return_approved','return_disputed')`, [year().dateFrom, agentId]);
    expect(counts.new + counts.contacted + counts.quoted + counts.policy + counts.attempting + returnedOut).toBe(counts.all);
  });
});

describe('agent status, DNC and notes', () => {
  it('changes the status and answers with the old and new; a returned lead is 422; a bad status 400', async () => {
    const { rows } = await t.db.query<{ id: number; agent_status: string }>(
      "SELECT id, agent_status FROM leads WHERE user_id = $1 AND return_status IS NULL AND agent_status <> 'policy' LIMIT 1", [agentId]);
    const res = await call(DEMO.agent, 'POST', `/rest/leads/status/${rows[0].id}`, { statusName: 'policy' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ id: rows[0].id, agentStatus: 'policy', previousStatus: rows[0].agent_status });
    const pending = (await t.db.query<{ id: number }>("SELECT id FROM leads WHERE user_id = $1 AND return_status = 'return_pending' LIMIT 1", [agentId])).rows[0];
    if (pending) expect((await call(DEMO.agent, 'POST', `/rest/leads/status/${pending.id}`, { statusName: 'quoted' })).statusCode).toBe(422);
    const before = await snapshot(t.db);
    expect((await call(DEMO.agent, 'POST', `/rest/leads/status/${rows[0].id}`, { statusName: 'sold' })).statusCode).toBe(400);
    expect((await call(DEMO.agent, 'POST', `/rest/leads/status/${rows[0].id}`, {})).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await call(DEMO.corporate, 'POST', `/rest/leads/status/${rows[0].id}`, { statusName: 'new' })).statusCode).toBe(403);
  });
  it('flags DNC and saves a note with the specification\'s text; another agent\'s lead is 404', async () => {
    const id = (await page(DEMO.agent, { tab: 'all', ...year() })).results[0].id;
    expect(json(await call(DEMO.agent, 'POST', `/rest/leads/dnc/${id}`, { dnc: true }))).toEqual({ id, dnc: true });
    const saved = await call(DEMO.agent, 'POST', `/rest/leads/note/${id}`, { note: 'Call back Friday' });
    expect(saved.statusCode).toBe(200);
    const body = json<{ message: string; note: { content: string; modifiedDate: string } }>(saved);
    expect(body.message).toBe(LEADS_MSG.noteSaved);
    expect(body.note.content).toBe('Call back Friday');
    expect(body.note.modifiedDate).toBe(t.clock.now().toISOString());
    const detail = json<{ lead: Row }>(await call(DEMO.agent, 'GET', `/rest/leads/${id}`));
    expect(detail.lead.dnc).toBe(true);
    expect(detail.lead.note).toEqual(body.note);
    const other = (await t.db.query<{ id: number }>('SELECT id FROM leads WHERE user_id <> $1 LIMIT 1', [agentId])).rows[0].id;
    expect((await call(DEMO.agent, 'POST', `/rest/leads/note/${other}`, { note: 'x' })).statusCode).toBe(404);
    expect((await call(DEMO.agent, 'POST', `/rest/leads/dnc/${other}`, { dnc: true })).statusCode).toBe(404);
    expect((await call(DEMO.agent, 'POST', `/rest/leads/note/${id}`, { note: 'x'.repeat(2001) })).statusCode).toBe(400);
  });
});

describe('what a call\'s lead cost', () => {
  it('a call lead says whether its call was charged; a lead says null', async () => {
    const { rows } = await t.db.query<{ id: number; sold: boolean }>(
      `SELECT DISTINCT ON (ca.sold) l.id, ca.sold FROM leads l JOIN calls ca ON ca.id = l.call_id WHERE ca.status IN ('completed', 'no-answer') ORDER BY ca.sold, l.id`);
    expect(rows.map((r) => r.sold)).toEqual([false, true]);
    for (const r of rows) {
      const d = json<{ lead: { callSold: boolean | null } }>(await call(DEMO.admin, 'GET', `/rest/leads/${r.id}`));
      expect(d.lead.callSold).toBe(r.sold);
    }
    const p = await page(DEMO.admin, { ...year(), tab: 'all', product: 'leads', limit: 10 });
    expect(p.results.length).toBeGreaterThan(0);
    expect(p.results.every((l) => (l as { callSold?: boolean | null }).callSold === null)).toBe(true);
  });
});

describe('details', () => {
  it('an auto lead carries policy, drivers and vehicles; a home lead its property', async () => {
    for (const vertical of ['autoins', 'homeins']) {
      const id = (await t.db.query<{ id: number }>('SELECT id FROM leads WHERE vertical = $1 ORDER BY id DESC LIMIT 1', [vertical])).rows[0].id;
      const d = json<{ verticalData: Array<Record<string, unknown>>; details: Record<string, unknown>; lead: { leadTransactionKey: string } }>(
        await call(DEMO.admin, 'GET', `/rest/leads/${id}`));
      const vd = d.verticalData[0];
      if (vertical === 'autoins') {
        expect(vd).toMatchObject({ driver1: expect.objectContaining({ licenseAge: expect.any(Number), occupation: expect.any(String) }),
          vehicle1: expect.objectContaining({ vin: expect.stringMatching(/^[A-Z0-9]{17}$/) }) });
        expect(vd.desiredCoverageType).toEqual(expect.any(String));
      } else {
        expect(vd).toMatchObject({ propertyType: expect.any(String), roofType: expect.any(String), foundation: expect.any(String) });
      }
      expect(d.details).toMatchObject({ dob: expect.any(String), selfCreditRating: expect.any(String) });
      expect(d.lead.leadTransactionKey).toMatch(/^[0-9A-F-]{36}$/);
    }
  });
});

describe('export through a single-use download link', () => {
  type Link = { token: string; url: string; expiresAt: string };
  /** POST the page's filters for a link (as the page does), answered 201. */
  async function linkFor(as: string, q: Record<string, string | number>): Promise<Link> {
    const res = await call(as, 'POST', `/rest/leads/export?${qs(q)}`);
    expect(res.statusCode, res.body).toBe(201);
    return json<Link>(res);
  }
  /** The browser's request: no session, the link alone. */
  const open = (link: Link, as: string | null = null) => call(as, 'GET', link.url);
  const links = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM download_links')).rows[0].n;

  it('streams the link\'s filter as lead_export.csv without a session, every row, with formula cells guarded by a tab', async () => {
    const id = (await page(DEMO.agent, { tab: 'all', ...year() })).results[0].id;
    await t.db.query("UPDATE leads SET first_name = '=HYPERLINK(\"x\")', last_name = '+1', email = '@x', city = '-2' WHERE id = $1", [id]);
    const q = { tab: 'all', ...year() };
    const link = await linkFor(DEMO.agent, q);
    expect(link.url).toBe(`/rest/leads/export?token=${link.token}`);
    expect(new Date(link.expiresAt).getTime() - t.clock.now().getTime()).toBe(DOWNLOAD_LINK_SECONDS * 1000);
    // Only the token's hash is kept.
    expect(await sqlCountOf('SELECT count(*) FROM download_links WHERE token_hash = $1', [link.token])).toBe(0);
    const res = await open(link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="lead_export.csv"');
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Lead ID,Insert Date,First Name,Last Name/);
    expect(lines.length - 1).toBe((await page(DEMO.agent, q)).meta.count);
    const line = lines.find((l) => l.startsWith(`${id},`))!;
    expect(line).toContain('"\t=HYPERLINK(""x"")"');
    expect(line).toContain('\t+1');
    expect(line).toContain('\t@x');
    expect(line).toContain('\t-2');
  });

  it('honours the filter and the scope of the user who asked: a corporate manager\'s Texas leads of the year', async () => {
    const q = { tab: 'all', ...year(), states: 'TX' };
    const shown = await page(DEMO.corporate, { ...q, limit: 100 });
    const corp = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO.corporate])).rows[0].company_id;
    const lines = (await open(await linkFor(DEMO.corporate, q))).body.trim().split('\n').slice(1);
    expect(lines.length).toBe(shown.meta.count);
    const ids = new Set(lines.map((l) => Number(l.split(',')[0])));
    expect(await sqlCountOf(`SELECT count(*) FROM leads WHERE id = ANY($1::int[]) AND (state <> 'TX' OR company_id <> $2)`, [[...ids], corp])).toBe(0);
    expect([...ids].sort()).toEqual(shown.results.map((r) => r.id).sort());
    // The same filter for the agent: their own leads only, not the corporate manager's.
    const agents = (await open(await linkFor(DEMO.agent, q))).body.trim().split('\n').slice(1);
    expect(agents.length).toBe((await page(DEMO.agent, q)).meta.count);
    expect(await sqlCountOf('SELECT count(*) FROM leads WHERE id = ANY($1::int[]) AND user_id <> $2',
      [agents.map((l) => Number(l.split(',')[0])), agentId])).toBe(0);
  });

  it('works once: the second request is 404 with the link-gone text', async () => {
    const link = await linkFor(DEMO.agent, { tab: 'new', ...year() });
    expect((await open(link)).statusCode).toBe(200);
    const again = await open(link);
    expect(again.statusCode).toBe(404);
    expect(json<{ error: string }>(again).error).toBe(DOWNLOAD_MSG.linkGone);
  });

  it('expires on the clock: usable for its 60 seconds, then 404', async () => {
    const [early, late] = [await linkFor(DEMO.agent, { tab: 'new', ...year() }), await linkFor(DEMO.agent, { tab: 'new', ...year() })];
    t.clock.advanceSeconds(DOWNLOAD_LINK_SECONDS - 1);
    expect((await open(early)).statusCode).toBe(200);
    t.clock.advanceSeconds(1);
    const expired = await open(late);
    expect(expired.statusCode).toBe(404);
    expect(json<{ error: string }>(expired).error).toBe(DOWNLOAD_MSG.linkGone);
  });

  it('another user\'s link is refused (403, the link stays unused for its owner); a signed-out owner\'s is gone', async () => {
    const link = await linkFor(DEMO.agent, { tab: 'new', ...year() });
    const refused = await open(link, DEMO.pro);
    expect(refused.statusCode).toBe(403);
    expect(json<{ error: string }>(refused).error).toBe(DOWNLOAD_MSG.notYours);
    expect((await open(link, DEMO.agent)).statusCode).toBe(200);

    // Signing out ends the session's links.
    const owner = await addUser(t, { role: 'corporate' });
    const session = await sessionFor(t, owner.email);
    const res = await t.request({ method: 'POST', url: `/rest/leads/export?${qs({ tab: 'new', ...year() })}`, token: session.session.token! });
    expect(res.statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: '/rest/authentication/logout', token: session.session.token! })).statusCode).toBe(204);
    expect((await open(json<Link>(res))).statusCode).toBe(404);
  });

  it('checks the owner again when the link is opened: a user no longer allowed gets 403', async () => {
    const owner = await addUser(t, { role: 'regional' });
    const session = await sessionFor(t, owner.email);
    const issue = () => t.request({ method: 'POST', url: `/rest/leads/export?${qs({ tab: 'new', ...year() })}`, token: session.session.token! });
    const link = json<Link>(await issue());
    await t.db.query("UPDATE users SET role = 'vendor' WHERE id = $1", [owner.id]);
    expect((await open(link)).statusCode).toBe(403);
    await t.db.query("UPDATE users SET role = 'regional', status = 'archived' WHERE id = $1", [owner.id]);
    expect((await open(link)).statusCode).toBe(403);
  });

  it('a malformed filter is a 400 before any link; a missing, unknown or returns-kind token is 400 or 404', async () => {
    const before = await links();
    const res = await call(DEMO.agent, 'POST', '/rest/leads/export?states=Texas');
    expect(res.statusCode).toBe(400);
    expect(json<{ error: string }>(res).error).toBe(LEADS_DESIGNED_MSG.badState);
    expect(await links()).toBe(before);
    expect((await call(null, 'GET', '/rest/leads/export')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/rest/leads/export?token=nope')).statusCode).toBe(404);
    const returns = json<Link>(await call(DEMO.admin, 'POST', `/rest/returns/export?start=${addDays(today(), -30)}&end=${today()}`));
    expect((await call(null, 'GET', `/rest/leads/export?token=${returns.token}`)).statusCode).toBe(404);
    // A guest cannot ask for a link.
    expect((await call(null, 'POST', `/rest/leads/export?${qs({ tab: 'new' })}`)).statusCode).toBe(401);
  });
});

describe('malformed filters', () => {
  it('any query string gets 200 or a 400 naming a field, never a 500', async () => {
    const key = fc.constantFrom('tab', 'dateFrom', 'dateTo', 'states', 'vertical', 'product', 'returnStatus', 'term', 'customField', 'customValue',
      'allstate', 'page', 'limit', 'sort', 'order', 'bogus');
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('new', 'all', '2026-02-30', 'TX,,FL', '%00', 'true', '0', '-1', '1e3', 'calls'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 4 }), async (pairs) => {
        const res = await call(DEMO.admin, 'GET', `/rest/leads/all?${new URLSearchParams(pairs).toString()}`);
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 400) expect(json<{ errors?: unknown[] }>(res).errors?.length ?? 0).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });
});
