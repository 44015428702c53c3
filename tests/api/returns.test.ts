import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_DESIGNED_MSG, RETURN_MSG } from '../../src/domain/returns';
import { postMovement, purchaseKey } from '../../src/server/services/ledger';
import { addUser, DEMO, sessionFor } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Returns on a real database: the whole life (request, deny, dispute, approve) with the
 * refund once, the eligibility texts of document 002 section 5 from the server, who may
 * do what (agents their own leads, vendors the leads they sold, admins all), bad input
 * refused with nothing written, a burst of concurrent approvals moving money once, and
 * return management's list and CSV export.
 */
let t: TestApp;
let agentCompany: number;
let demoVendor: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await startTestApp();
  agentCompany = (await t.db.query<{ company_id: number }>("SELECT company_id FROM users WHERE email = 'agent@demo.test'")).rows[0].company_id;
  demoVendor = (await t.db.query<{ id: number }>("SELECT id FROM vendors WHERE vendor_name = 'demo_vendor'")).rows[0].id;
  // A Wednesday noon in New York: the call windows below are counted from it.
  t.clock.advance(Date.parse('2026-11-18T17:00:00Z') - t.clock.now().getTime());
  await t.db.query("UPDATE users SET timezone = 'America/New_York'");
  for (const email of [DEMO.agent, DEMO.pro, DEMO.admin, DEMO.superAdmin, DEMO.vendor, DEMO.regional]) await tokenFor(email);
}, 60_000);
afterAll(() => t?.close());

const tokens = new Map<string, string>();
async function tokenFor(email: string): Promise<string> {
  if (!tokens.has(email)) tokens.set(email, (await sessionFor(t, email)).session.token!);
  return tokens.get(email)!;
}
async function call(as: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const token = as ? await tokenFor(as) : null;
  const res = await t.request({ method, url, payload, token });
  const fresh = res.headers['x-auth-token'];
  if (as && typeof fresh === 'string') tokens.set(as, fresh);
  return res;
}
const json = <T = Record<string, unknown>>(res: { body: string }) => JSON.parse(res.body) as T;
const balance = async () => json<{ balance: number }>(await call(DEMO.admin, 'GET', `/rest/billing/${agentCompany}`)).balance;
const refunds = async (leadId: number) =>
  (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1", [`return:lead:${leadId}`])).rows[0].n;

const used = new Set<number>();
/** A lead of the demo agent's own without a return, inserted `ageMs` ago, sold by `vendor` (the demo vendor by default). */
async function freshLead(opts: { ageMs?: number; product?: 'leads' | 'calls'; digitalAds?: boolean; vendorId?: number } = {}): Promise<{ id: number; price: number }> {
  const digital = opts.digitalAds ?? false;
  const { rows } = await t.db.query<{ id: number; price_cents: number }>(
    `SELECT l.id, l.price_cents FROM leads l JOIN vendors v ON v.id = l.vendor_id
      WHERE l.company_id = $1 AND l.user_id = (SELECT id FROM users WHERE email = 'agent@demo.test') AND l.product = $2 AND l.return_status IS NULL AND v.digital_ads = $3 AND l.price_cents > 0
        AND l.product_variant IS DISTINCT FROM 'click-to-call'
        AND NOT (l.id = ANY($4::int[])) ORDER BY l.id LIMIT 1`,
    [agentCompany, opts.product ?? 'leads', digital, [...used]],
  );
  const lead = rows[0];
  used.add(lead.id);
  await t.db.query('UPDATE leads SET inserted_at = $2, vendor_id = coalesce($3, vendor_id) WHERE id = $1',
    [lead.id, new Date(t.clock.now().getTime() - (opts.ageMs ?? HOUR)), digital ? null : (opts.vendorId ?? demoVendor)]);
  if (opts.product === 'calls') {
    await t.db.query("UPDATE calls SET status = 'completed' WHERE id = (SELECT call_id FROM leads WHERE id = $1)", [lead.id]);
  }
  return { id: lead.id, price: lead.price_cents };
}
const request = (leadId: number, returnReason: string, as: string = DEMO.agent) => call(as, 'POST', `/rest/return/${leadId}`, { returnReason });
const deny = (leadId: number, denyReason = 'contact_verified', as: string = DEMO.admin) => call(as, 'POST', `/rest/return/deny/${leadId}`, { denyReason });

describe('the life of a return', () => {
  it('request, deny, dispute, approve: each step seen by both sides, the buyer refunded once', async () => {
    const lead = await freshLead();
    const before = await balance();
    const shown = await call(DEMO.agent, 'GET', `/rest/return/${lead.id}`);
    expect(shown.statusCode).toBe(200);
    expect(json(shown)).toMatchObject({ refusal: null, reasons: ['wrong_number', 'disconnected', 'fax_machine', 'no_consumer_request',
      'consumer_already_insured', 'duplicate_lead', 'passed_filter'] });

    const requested = await request(lead.id, 'wrong_number');
    expect(requested.statusCode).toBe(200);
    expect(json(requested)).toMatchObject({ leadId: lead.id, returnStatus: 'return_pending', returnReason: 'wrong_number' });
    expect(json(await call(DEMO.vendor, 'GET', `/rest/return/${lead.id}`))).toMatchObject({ return: { returnStatus: 'return_pending' } });
    expect(json(await call(DEMO.agent, 'GET', `/rest/return/${lead.id}`))).toMatchObject({ refusal: RETURN_MSG.alreadyPending });

    const denied = await deny(lead.id);
    expect(json(denied)).toMatchObject({ returnStatus: 'return_denied', denyReason: 'contact_verified' });
    expect(json(await call(DEMO.agent, 'GET', `/rest/return/${lead.id}`))).toMatchObject({ return: { returnStatus: 'return_denied' }, disputeRefusal: null });

    const disputed = await call(DEMO.agent, 'POST', `/rest/return/dispute/${lead.id}`);
    expect(disputed.statusCode).toBe(200);
    expect(json(disputed)).toMatchObject({ returnStatus: 'return_disputed' });
    expect(json(await call(DEMO.admin, 'GET', `/rest/return/${lead.id}`))).toMatchObject({ return: { returnStatus: 'return_disputed' } });

    const approved = await call(DEMO.admin, 'POST', `/rest/return/approve/${lead.id}`);
    expect(approved.statusCode).toBe(200);
    expect(json(approved)).toMatchObject({ returnStatus: 'return_approved' });
    expect(await balance()).toBe(before + lead.price);
    // Again: answered as it is, no money moves.
    expect((await call(DEMO.admin, 'POST', `/rest/return/approve/${lead.id}`)).statusCode).toBe(200);
    expect(await balance()).toBe(before + lead.price);
    expect(await refunds(lead.id)).toBe(1);
    const steps = json<{ events: Array<{ status: string }> }>(await call(DEMO.agent, 'GET', `/rest/return/${lead.id}`)).events.map((e) => e.status);
    expect(steps).toEqual(['return_pending', 'return_denied', 'return_disputed', 'return_approved']);
  });

  it('a burst of concurrent approvals refunds once', async () => {
    const lead = await freshLead();
    expect((await request(lead.id, 'disconnected')).statusCode).toBe(200);
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(DEMO.admin, 'POST', `/rest/return/approve/${lead.id}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(await balance()).toBe(before + lead.price);
    expect(await refunds(lead.id)).toBe(1);
    const steps = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM lead_return_events WHERE lead_id = $1 AND status = 'return_approved'", [lead.id]);
    expect(steps.rows[0].n).toBe(1);
  });

  it("an engine sale's refund takes the vendor's share back from its payable account", async () => {
    const base = await freshLead();
    const copy = await t.db.query<{ id: number; price_cents: number }>(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, email, phone,
         zipcode, state, city, price_cents, inserted_at)
       SELECT order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, email, phone,
         zipcode, state, city, price_cents, inserted_at FROM leads WHERE id = $1 RETURNING id, price_cents`, [base.id]);
    const lead = { id: copy.rows[0].id, price: copy.rows[0].price_cents };
    const share = Math.floor(lead.price * 0.7);
    await t.db.transaction((tx) => postMovement(tx, { kind: 'purchase', product: 'leads', companyId: agentCompany, amountCents: lead.price,
      leadId: lead.id, vendorId: demoVendor, vendorCents: share }, { key: purchaseKey('leads', lead.id), at: t.clock.now() }));
    const payable = async () => Number((await t.db.query<{ s: string }>(
      `SELECT coalesce(sum(e.amount_cents), 0) AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.kind = 'vendor_payable' AND a.vendor_id = $1`, [demoVendor])).rows[0].s);
    const before = await payable();
    expect((await request(lead.id, 'disconnected')).statusCode).toBe(200);
    expect((await call(DEMO.admin, 'POST', `/rest/return/approve/${lead.id}`)).statusCode).toBe(200);
    expect(await payable()).toBe(before - share);
    expect(await refunds(lead.id)).toBe(1);
  });

  it('a dispute denied, with a reason; nothing moves', async () => {
    const lead = await freshLead();
    await request(lead.id, 'fax_machine');
    await deny(lead.id, 'number_in_service');
    await call(DEMO.agent, 'POST', `/rest/return/dispute/${lead.id}`);
    const before = await balance();
    const bad = await call(DEMO.admin, 'POST', `/rest/return/dispute/deny/${lead.id}`, { denyDisputeReason: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ errors: [{ field: 'denyDisputeReason', message: RETURN_DESIGNED_MSG.denyDisputeReasonRequired }] });
    const res = await call(DEMO.admin, 'POST', `/rest/return/dispute/deny/${lead.id}`, { denyDisputeReason: 'denial_upheld' });
    expect(json(res)).toMatchObject({ returnStatus: 'return_dispute_denied', denyDisputeReason: 'denial_upheld' });
    expect(await balance()).toBe(before);
    // A dispute denied is final.
    expect((await call(DEMO.admin, 'POST', `/rest/return/approve/${lead.id}`)).statusCode).toBe(422);
    expect((await call(DEMO.agent, 'POST', `/rest/return/dispute/${lead.id}`)).statusCode).toBe(422);
  });
});

describe('eligibility (document 002 section 5), from the server', () => {
  it('a digital-ads lead: refused with its text, shown before the agent tries', async () => {
    const lead = await freshLead({ digitalAds: true });
    expect(json(await call(DEMO.agent, 'GET', `/rest/return/${lead.id}`))).toMatchObject({ refusal: RETURN_MSG.digitalAds });
    const res = await request(lead.id, 'wrong_number');
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ error: RETURN_MSG.digitalAds });
  });

  it('a lead past 10 days, but a super admin may', async () => {
    const lead = await freshLead({ ageMs: 10 * DAY + 1000 });
    expect(json(await request(lead.id, 'wrong_number'))).toMatchObject({ error: RETURN_MSG.pastDeadline });
    expect(json(await call(DEMO.superAdmin, 'GET', `/rest/return/${lead.id}`))).toMatchObject({ refusal: null });
    expect((await request(lead.id, 'wrong_number', DEMO.superAdmin)).statusCode).toBe(200);
    expect(json(await request(lead.id, 'wrong_number'))).toMatchObject({ error: RETURN_MSG.alreadyPending });
  });

  it('calls: 24 hours on a Wednesday, no-answer, and their own reasons', async () => {
    const call1 = await freshLead({ product: 'calls', ageMs: 25 * HOUR });
    expect(json(await request(call1.id, 'did_not_transfer'))).toMatchObject({ error: RETURN_MSG.callTooOld });
    const call2 = await freshLead({ product: 'calls', ageMs: 2 * HOUR });
    const wrong = await request(call2.id, 'wrong_number');
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ errors: [{ field: 'returnReason', message: RETURN_DESIGNED_MSG.reasonUnknown }] });
    await t.db.query("UPDATE calls SET status = 'no-answer' WHERE id = (SELECT call_id FROM leads WHERE id = $1)", [call2.id]);
    expect(json(await request(call2.id, 'did_not_transfer'))).toMatchObject({ error: RETURN_MSG.noAnswer });
    await t.db.query("UPDATE calls SET status = 'completed' WHERE id = (SELECT call_id FROM leads WHERE id = $1)", [call2.id]);
    expect((await request(call2.id, 'did_not_transfer')).statusCode).toBe(200);
  });

  it("the agent's can_not_return_leads feature", async () => {
    const lead = await freshLead();
    await t.db.query("UPDATE users SET features = array_append(features, 'can_not_return_leads') WHERE email = 'agent@demo.test'");
    try {
      expect(json(await request(lead.id, 'wrong_number'))).toMatchObject({ error: RETURN_MSG.notAllowed });
    } finally {
      await t.db.query("UPDATE users SET features = array_remove(features, 'can_not_return_leads') WHERE email = 'agent@demo.test'");
    }
  });

  it('a denial because the lead was quoted cannot be disputed; nor one older than 10 days', async () => {
    const quoted = await freshLead();
    await request(quoted.id, 'wrong_number');
    await deny(quoted.id, 'lead_quoted');
    expect(json(await call(DEMO.agent, 'GET', `/rest/return/${quoted.id}`))).toMatchObject({ disputeRefusal: RETURN_MSG.quotedDispute });
    const res = await call(DEMO.agent, 'POST', `/rest/return/dispute/${quoted.id}`);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ error: RETURN_MSG.quotedDispute });

    const late = await freshLead();
    await request(late.id, 'wrong_number');
    await deny(late.id);
    // Sessions would not survive 10 days of the clock: the denial moves back instead.
    await t.db.query('UPDATE leads SET return_responded_at = $2 WHERE id = $1', [late.id, new Date(t.clock.now().getTime() - 10 * DAY - 1000)]);
    expect(json(await call(DEMO.agent, 'POST', `/rest/return/dispute/${late.id}`))).toMatchObject({ error: RETURN_DESIGNED_MSG.disputeWindowClosed });
    await t.db.query('UPDATE leads SET return_responded_at = $2 WHERE id = $1', [late.id, new Date(t.clock.now().getTime() - 10 * DAY)]);
    expect((await call(DEMO.agent, 'POST', `/rest/return/dispute/${late.id}`)).statusCode).toBe(200);
  });
});

describe('who may do what, and bad input', () => {
  it('agents request and dispute; vendors and admins decide; others are refused', async () => {
    const lead = await freshLead();
    expect((await call(DEMO.vendor, 'POST', `/rest/return/${lead.id}`, { returnReason: 'wrong_number' })).statusCode).toBe(403);
    expect((await call(DEMO.regional, 'GET', `/rest/return/${lead.id}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/rest/return/${lead.id}`)).statusCode).toBe(401);
    await request(lead.id, 'wrong_number');
    expect((await call(DEMO.agent, 'POST', `/rest/return/approve/${lead.id}`)).statusCode).toBe(403);
    expect((await call(DEMO.agent, 'GET', '/rest/returns?start=2026-11-01&end=2026-11-30')).statusCode).toBe(403);
  });

  it("another company's agent and another vendor do not even see the lead (404)", async () => {
    const own = await freshLead();
    const other = await freshLead({ vendorId: (await t.db.query<{ id: number }>("SELECT id FROM vendors WHERE vendor_name = 'apex_leads'")).rows[0].id });
    await request(own.id, 'wrong_number');
    await request(other.id, 'wrong_number');
    const proCompany = (await t.db.query<{ company_id: number }>("SELECT company_id FROM users WHERE email = 'pro@demo.test'")).rows[0].company_id;
    if (proCompany !== agentCompany) expect((await call(DEMO.pro, 'GET', `/rest/return/${own.id}`)).statusCode).toBe(404);
    expect((await call(DEMO.vendor, 'POST', `/rest/return/approve/${other.id}`)).statusCode).toBe(404);
    expect((await deny(other.id, 'contact_verified', DEMO.vendor)).statusCode).toBe(404);
    expect((await deny(own.id, 'contact_verified', DEMO.vendor)).statusCode).toBe(200);
  });

  it("a colleague's lead is not the agent's: its return is a 404 to them, as the lead is (src/domain/access/scope)", async () => {
    const own = await freshLead();
    await request(own.id, 'wrong_number');
    const colleague = await addUser(t, { role: 'user' });
    expect((await call(colleague.email, 'GET', `/rest/return/${own.id}`)).statusCode).toBe(404);
    expect((await call(colleague.email, 'GET', `/rest/leads/${own.id}`)).statusCode).toBe(404);
    expect((await call(colleague.email, 'POST', `/rest/return/dispute/${own.id}`)).statusCode).toBe(404);
    expect((await call(DEMO.agent, 'GET', `/rest/return/${own.id}`)).statusCode).toBe(200);
  });

  it('malformed bodies are 400 and change nothing', async () => {
    const lead = await freshLead();
    const before = await snapshot(t.db);
    const bad: Array<[string, object | undefined]> = [
      [`/rest/return/${lead.id}`, {}],
      [`/rest/return/${lead.id}`, { returnReason: '' }],
      [`/rest/return/${lead.id}`, { returnReason: 7 }],
      [`/rest/return/${lead.id}`, { returnReason: 'wrong_number', extra: 1 }],
      [`/rest/return/${lead.id}`, { returnReason: 'did_not_transfer' }],
      [`/rest/return/deny/${lead.id}`, { denyReason: 'because' }],
      [`/rest/return/deny/${lead.id}`, undefined],
      ['/rest/return/0', { returnReason: 'wrong_number' }],
      ['/rest/return/abc', { returnReason: 'wrong_number' }],
    ];
    for (const [url, body] of bad) {
      const as = url.includes('deny') ? DEMO.admin : DEMO.agent;
      expect((await call(as, 'POST', url, body)).statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
    expect((await call(DEMO.admin, 'GET', '/rest/returns?start=2026-11-30&end=2026-11-01')).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'GET', '/rest/returns?start=2026-11-01&end=2026-11-30&returnStatus=nope')).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'GET', '/rest/returns?start=2026-11-01&end=2026-11-30&limit=7')).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('return management', () => {
  it('lists returns newest first, by vertical and status; vendors see their own leads only', async () => {
    const q = '/rest/returns?start=2026-11-01&end=2026-11-30&vertical=autoins&limit=100';
    const admin = json<{ results: Array<{ leadId: number; insertDate: string; vendorName: string; vertical: string }>; meta: { count: number } }>(
      await call(DEMO.admin, 'GET', q));
    expect(admin.meta.count).toBeGreaterThan(0);
    expect(admin.results.every((r) => r.vertical === 'autoins')).toBe(true);
    const dates = admin.results.map((r) => r.insertDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const vendor = json<{ results: Array<{ vendorName: string }>; meta: { count: number } }>(await call(DEMO.vendor, 'GET', q));
    expect(vendor.meta.count).toBeGreaterThan(0);
    expect(vendor.meta.count).toBeLessThan(admin.meta.count);
    expect(new Set(vendor.results.map((r) => r.vendorName))).toEqual(new Set(['Val Vendor Media']));
    const pending = json<{ results: Array<{ returnStatus: string }> }>(await call(DEMO.admin, 'GET', `${q}&returnStatus=return_pending`));
    expect(pending.results.length).toBeGreaterThan(0);
    expect(pending.results.every((r) => r.returnStatus === 'return_pending')).toBe(true);
  });

  it('exports CSV with formula cells guarded by a tab', async () => {
    const lead = await freshLead();
    await request(lead.id, 'wrong_number');
    await t.db.query("UPDATE leads SET first_name = '=HYPERLINK(1)' WHERE id = $1", [lead.id]);
    const link = await call(DEMO.admin, 'POST', '/rest/returns/export?start=2026-11-01&end=2026-11-30&returnStatus=return_pending');
    expect(link.statusCode, link.body).toBe(201);
    const { url, token } = json<{ url: string; token: string }>(link);
    expect(url).toBe(`/rest/returns/export?token=${token}`);
    // The browser opens the link without a session; it works once.
    const res = await call(null, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect((await call(null, 'GET', url)).statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('returns_export.csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Lead Id,Insert Date,Vertical/);
    const row = lines.find((l) => l.startsWith(`${lead.id},`))!;
    expect(row).toContain('\t=HYPERLINK(1)');
    expect(row).toContain('Return Pending');
  });

  it('a vendor\'s export link holds the vendor\'s leads only; an agent gets no link; bad filters are 400 before any link', async () => {
    const q = 'start=2026-01-01&end=2026-12-31';
    const link = json<{ url: string }>(await call(DEMO.vendor, 'POST', `/rest/returns/export?${q}`));
    const lines = (await call(null, 'GET', link.url)).body.trim().split('\n').slice(1);
    const listed = json<{ meta: { count: number } }>(await call(DEMO.vendor, 'GET', `/rest/returns?${q}&limit=10`)).meta.count;
    expect(lines.length).toBe(listed);
    expect(lines.every((l) => l.includes('Val Vendor Media'))).toBe(true);
    // Another user signed in cannot use it.
    const other = json<{ url: string }>(await call(DEMO.vendor, 'POST', `/rest/returns/export?${q}`));
    expect((await call(DEMO.admin, 'GET', other.url)).statusCode).toBe(403);
    expect((await call(DEMO.agent, 'POST', `/rest/returns/export?${q}`)).statusCode).toBe(403);
    expect((await call(DEMO.admin, 'POST', '/rest/returns/export?start=2026-12-31&end=2026-01-01')).statusCode).toBe(400);
  });
});
