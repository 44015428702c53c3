import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasAccess, type Role } from '../../src/domain/roles';
import { loadContract, type Operation } from '../../src/server/contract/openapi';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Who may see what (src/domain/access/scope.ts), on every operation of openapi.yaml that
 * names an object: a path parameter, a query parameter or a body field that is an id. Each
 * is tried on another company's objects (company B: its agent, its lead, call, order,
 * draft, group, a vendor that is not the demo vendor) by an agent of company A, a corporate
 * manager of another company, a regional manager of another region, a vendor, and an admin.
 * Out of scope is a 404 for a company's records (leads, returns, calls, orders, drafts,
 * groups: their existence is not told) and a 403 for a company itself (settings, billing,
 * live events) or a vendor; a role the operation does not admit is the guard's 403. An
 * operation with an id that is not listed here fails the first test until it is covered.
 */
type Json = Record<string, unknown>;
const contract = loadContract();
const ID = /(Id|Ids)$|^(company|vendor|key)$/;
const propsOf = (schema: Json | undefined) => Object.keys((schema?.properties ?? {}) as Json);
const idsOf = (op: Operation) => [
  ...propsOf(op.schema.params),
  ...propsOf(op.schema.querystring),
  ...propsOf(op.schema.body),
].filter((n) => ID.test(n));
const WITH_IDS = contract.operations.filter((op) => idsOf(op).length > 0);

/** What the scope answers out of scope: the kind of record decides (src/domain/access/scope.ts). */
type Answer = 404 | 403;

/** The objects of company B the cases aim at. */
interface Fixture {
  lead: number;
  call: number;
  order: number;
  job: number;
  company: number;
  group: number;
  vendor: number;
  agentB: string;
  listOrder: number;
  list: number;
}

interface Case {
  /** The scope's answer to a caller out of scope. */
  answer: Answer;
  url: (f: Fixture) => string;
  body?: (f: Fixture) => Json;
  /** A stream that stays open: only its refusals are tried. */
  stream?: boolean;
}

const LEAD: Answer = 404;
const ORDER: Answer = 404;
const COMPANY: Answer = 403;
const day = '2026-11-02';
const LIST_ORDER = {
  name: 'B list', status: 'active', quantity: 10, filters: [],
  territory: { geoType: 'state', regionalZip: null, regionalRadius: 20, state: 'TX', counties: [] },
  scrubbing: { callableOnly: true, doNotCall: true, existingCustomer: false },
  delivery: { startDate: null, nextRunDate: null, frequency: null, quantity: null, excludeWeekends: false,
    crms: { emails: [], leadManager: false, quoteBurst: false, roboAgent: false } },
};

/** Every operation with an object id, and how to aim it at company B. */
const CASES: Record<string, Case> = {
  // Leads, and what is a lead's record (its return, call, sale).
  getLead: { answer: LEAD, url: (f) => `/leads/${f.lead}` },
  setLeadStatus: { answer: LEAD, url: (f) => `/leads/status/${f.lead}`, body: () => ({ statusName: 'contacted' }) },
  setLeadDnc: { answer: LEAD, url: (f) => `/leads/dnc/${f.lead}`, body: () => ({ dnc: true }) },
  saveLeadNote: { answer: LEAD, url: (f) => `/leads/note/${f.lead}`, body: () => ({ note: 'seen' }) },
  getLeadSale: { answer: LEAD, url: (f) => `/engine/leads/${f.lead}` },
  getLeadReturn: { answer: LEAD, url: (f) => `/return/${f.lead}` },
  requestReturn: { answer: LEAD, url: (f) => `/return/${f.lead}`, body: () => ({ returnReason: 'wrong_number' }) },
  disputeReturn: { answer: LEAD, url: (f) => `/return/dispute/${f.lead}` },
  approveReturn: { answer: LEAD, url: (f) => `/return/approve/${f.lead}` },
  denyReturn: { answer: LEAD, url: (f) => `/return/deny/${f.lead}`, body: () => ({ denyReason: 'contact_verified' }) },
  denyReturnDispute: { answer: LEAD, url: (f) => `/return/dispute/deny/${f.lead}`, body: () => ({ denyDisputeReason: 'contact_verified' }) },
  getLiveCall: { answer: LEAD, url: (f) => `/live-calls/call/${f.call}` },
  getCallRecording: { answer: LEAD, url: (f) => `/live-calls/call/${f.call}/recording` },
  // Orders and drafts.
  getJob: { answer: ORDER, url: (f) => `/jobs/${f.job}` },
  updateJob: { answer: ORDER, url: (f) => `/jobs/${f.job}`, body: () => ({ name: 'Renamed' }) },
  deleteJob: { answer: ORDER, url: (f) => `/jobs/${f.job}` },
  confirmJob: { answer: ORDER, url: () => '/orders', body: (f) => ({ jobId: f.job, status: 'inactive' }) },
  testJobDistribution: { answer: ORDER, url: (f) => `/jobs/${f.job}/test-distribution`, body: () => ({ distribution: { type: 'email', emails: ['a@b.test'] } }) },
  createJob: { answer: ORDER, url: () => '/jobs', body: (f) => ({ vertical: 'autoins', product: 'leads', source: 'clone', orderId: f.order }) },
  getOrder: { answer: ORDER, url: (f) => `/orders/${f.order}` },
  updateOrder: { answer: ORDER, url: (f) => `/orders/${f.order}`, body: () => ({ name: 'Renamed' }) },
  deleteOrder: { answer: ORDER, url: (f) => `/orders/${f.order}` },
  testDistribution: { answer: ORDER, url: (f) => `/orders/${f.order}/test-distribution`, body: () => ({ distribution: { type: 'email', emails: ['a@b.test'] } }) },
  updateOrderCaps: { answer: ORDER, url: (f) => `/orders/${f.order}/caps`, body: () => ({ daily: 5 }) },
  pauseOrder: { answer: ORDER, url: (f) => `/orders/${f.order}/pause`, body: () => ({}) },
  activateOrder: { answer: ORDER, url: (f) => `/orders/${f.order}/activate`, body: () => ({}) },
  sendOrderSummary: { answer: ORDER, url: (f) => `/orders/${f.order}/summary` },
  listOrderEvents: { answer: ORDER, url: (f) => `/order-events?orderId=${f.order}` },
  orderBreakdown: { answer: ORDER, url: (f) => `/order-events/aggregate/${f.order}` },
  costEstimate: { answer: ORDER, url: (f) => `/cost-estimate?orderId=${f.order}` },
  updateOrderGroup: { answer: ORDER, url: (f) => `/order-group/${f.group}`, body: () => ({ name: 'Renamed' }) },
  deleteOrderGroup: { answer: ORDER, url: (f) => `/order-group/${f.group}` },
  // Companies: their settings, billing and live events.
  getCompany: { answer: COMPANY, url: (f) => `/companies/${f.company}` },
  updateCompany: { answer: COMPANY, url: (f) => `/companies/${f.company}`, body: () => ({ hourlyLeadCap: 25 }) },
  getBillingCompany: { answer: COMPANY, url: (f) => `/billing/${f.company}` },
  addCard: { answer: COMPANY, url: (f) => `/billing/${f.company}/cards`, body: () => ({ number: '4111111111111111', expirationMonth: 12, expirationYear: 2030, cvv: '123', nameOnCard: 'B' }) },
  updateCard: { answer: COMPANY, url: (f) => `/billing/${f.company}/cards/1`, body: () => ({ billingPriority: 1 }) },
  removeCard: { answer: COMPANY, url: (f) => `/billing/${f.company}/cards/1` },
  deposit: { answer: COMPANY, url: (f) => `/billing/${f.company}/deposit`, body: () => ({ cardId: 1, chargeAmount: 10_000 }) },
  depositCldGrowth: { answer: COMPANY, url: (f) => `/billing/${f.company}/deposit-cld-growth`, body: () => ({ cardId: 1, chargeAmount: 10_000 }) },
  setRecurring: { answer: COMPANY, url: (f) => `/billing/${f.company}/recurring`, body: () => ({ type: 'ct', chargeAmount: 25_000, withdrawalThreshold: 5_000, effectiveDate: day, ctCards: [] }) },
  setSubscription: { answer: COMPANY, url: (f) => `/billing/${f.company}/subscription`, body: () => ({ type: 'subscription', chargeAmount: 25_000, effectiveDate: day, ctCards: [] }) },
  deactivateRecharge: { answer: COMPANY, url: (f) => `/billing/${f.company}/deactivate` },
  creditAccount: { answer: COMPANY, url: (f) => `/billing/${f.company}/credit`, body: () => ({ type: 'credit', amount: 100 }) },
  debitAccount: { answer: COMPANY, url: (f) => `/billing/${f.company}/debit`, body: () => ({ type: 'refund', amount: 100 }) },
  transferFunds: { answer: COMPANY, url: (f) => `/billing/${f.company}/transfer`, body: () => ({ toCompanyId: 1, amount: 100 }) },
  listBillingLog: { answer: COMPANY, url: (f) => `/billing/logs/${f.company}?dateFrom=${day}&dateTo=${day}` },
  getBillingStatement: { answer: COMPANY, url: (f) => `/billing/${f.company}/receipt?dateFrom=${day}&dateTo=${day}` },
  getFinancialReport: { answer: COMPANY, url: () => '/reports/financial', body: (f) => ({ companyId: f.company, dateFrom: day, dateTo: day }) },
  pauseCompanyOrders: { answer: COMPANY, url: (f) => `/orders/company/${f.company}/pause` },
  activateCompanyOrders: { answer: COMPANY, url: (f) => `/orders/company/${f.company}/activate` },
  streamLiveEvents: { answer: COMPANY, url: (f) => `/live/events?company=${f.company}`, stream: true },
  listLiveCalls: { answer: COMPANY, url: (f) => `/live-calls/all?start=${day}&end=${day}&companyId=${f.company}` },
  getDashboard: { answer: COMPANY, url: (f) => `/dashboard?company=${f.company}` },
  getWeeklyStats: { answer: COMPANY, url: (f) => `/reports/weekly-stats?company=${f.company}` },
  getVendorReport: { answer: COMPANY, url: (f) => `/reports/vendor/ratings?company=${f.company}` },
  exportVendorReport: { answer: COMPANY, url: (f) => `/reports/vendor/ratings/export?company=${f.company}` },
  getReturnReasons: { answer: COMPANY, url: (f) => `/reports/returns/reasons?company=${f.company}` },
  exportReturnReasons: { answer: COMPANY, url: (f) => `/reports/returns/reasons/export?company=${f.company}` },
  getReturnRates: { answer: COMPANY, url: (f) => `/reports/returns?company=${f.company}` },
  exportReturnRates: { answer: COMPANY, url: (f) => `/reports/returns/export?company=${f.company}` },
  getRankings: { answer: COMPANY, url: (f) => `/reports?company=${f.company}` },
  exportRankings: { answer: COMPANY, url: (f) => `/reports/export?company=${f.company}` },
  getCallRankings: { answer: COMPANY, url: (f) => `/reports/calls?company=${f.company}` },
  exportCallRankings: { answer: COMPANY, url: (f) => `/reports/calls/export?company=${f.company}` },
  getAgentStatusReport: { answer: COMPANY, url: (f) => `/reports/agent-status?company=${f.company}` },
  exportAgentStatusReport: { answer: COMPANY, url: (f) => `/reports/agent-status/export?company=${f.company}` },
  getAgentStatusLeads: { answer: COMPANY, url: (f) => `/reports/agent-status/new?company=${f.company}` },
  getDigitalAdsReport: { answer: COMPANY, url: (f) => `/leads/${f.company}/digital-ads-report` },
  getReportDashboard: { answer: COMPANY, url: (f) => `/reports/dashboard?company=${f.company}` },
  getReportCohorts: { answer: COMPANY, url: (f) => `/reports/cohorts?company=${f.company}` },
  // The Lead Volume report's order filter: an order out of scope is a 404, as opening it is.
  getLeadVolume: { answer: ORDER, url: (f) => `/reports/lead-volume?orderId=${f.order}` },
  exportLeadVolume: { answer: ORDER, url: (f) => `/reports/lead-volume/export?orderId=${f.order}` },
  getLeadVolumeOrders: { answer: COMPANY, url: (f) => `/reports/orders/lead-volume?company=${f.company}` },
  getPackageReport: { answer: COMPANY, url: (f) => `/reports/packages/lead-volume?company=${f.company}` },
  exportPackageReport: { answer: COMPANY, url: (f) => `/reports/packages/lead-volume/export?company=${f.company}` },
  listOrderGroups: { answer: COMPANY, url: (f) => `/order-group?companyId=${f.company}` },
  createOrderGroup: { answer: COMPANY, url: () => '/order-group', body: (f) => ({ companyId: f.company, name: 'Group', orders: [f.order] }) },
  // Lead lists: a list order is an order of its company, a list its order's record.
  getListOrder: { answer: ORDER, url: (f) => `/lists/orders/${f.listOrder}` },
  updateListOrder: { answer: ORDER, url: (f) => `/lists/orders/${f.listOrder}`, body: () => LIST_ORDER },
  archiveListOrder: { answer: ORDER, url: (f) => `/lists/orders/${f.listOrder}` },
  archiveExpiredLists: { answer: ORDER, url: (f) => `/lists/orders/${f.listOrder}/expired-lists` },
  generateList: { answer: ORDER, url: () => '/lists/lists', body: (f) => ({ orderId: f.listOrder, numRecords: 5 }) },
  removeList: { answer: ORDER, url: (f) => `/lists/${f.list}` },
  deliverList: { answer: ORDER, url: (f) => `/lists/${f.list}/deliveries`, body: () => ({ destination: 'someone@b.test' }) },
  issueListExport: { answer: ORDER, url: (f) => `/lists/${f.list}/export` },
  listListOrders: { answer: COMPANY, url: (f) => `/lists/orders?companyId=${f.company}` },
  getListsReport: { answer: COMPANY, url: (f) => `/reports/lists?companyId=${f.company}` },
  // A vendor's tokens.
  listVendorApis: { answer: COMPANY, url: (f) => `/vendors/${f.vendor}/apis` },
  issueVendorApi: { answer: COMPANY, url: (f) => `/vendors/${f.vendor}/apis`, body: () => ({}) },
};

/** Operations with an id that this test does not aim at company B, and why. */
const ELSEWHERE: Record<string, string> = {
  acceptTermsByKey: 'a guest with a single-use key: the key is the authority',
  checkResetKey: 'a guest with a single-use key: the key is the authority',
  exchangeSsoKey: 'a guest with a single-use key: the key is the authority',
  authenticateRegistration: 'a guest with a single-use key: the key is the authority',
  register: 'a guest registering: the agent id is their own',
  vendorPingPost: "the vendor API: the vendor's token decides (engine.test.ts)",
  vendorCallPost: "the vendor API: the vendor's token decides (engine.test.ts)",
  getPingMatches: "the ping is the vendor's; the orders shown are scoped as leads are (engine.test.ts: why didn't I get this lead)",
  optimizeVendors: 'packages and vendors are the marketplace’s, not a company’s',
  getOrderCaps: 'a list: the ids only narrow it, and the scope drops orders not in it (order-list.test.ts)',
  getSampleLead: 'no object: a vertical',
  getPromotion: 'a promotion is seen by the cost-share permissions, not by scope (promotions.test.ts: who may do what)',
  updatePromotion: 'a promotion is seen by the cost-share permissions, not by scope (promotions.test.ts: who may do what)',
  archivePromotion: 'a promotion is seen by the cost-share permissions, not by scope (promotions.test.ts: who may do what)',
  listPromotionAgents: 'a promotion is seen by the cost-share permissions, not by scope (promotions.test.ts: who may do what)',
  createPromotion: 'the region or vendor it names is the paying party, not a record of the caller (an unknown one is a 400)',
  enrollPromotionAgents: 'super administrators only (promotions.test.ts: who may do what)',
  removePromotionAgent: 'a promotion is seen by the cost-share permissions, not by scope (promotions.test.ts: who may do what)',
  debugProxy: "the vendor's own sales token, granted once by its id (debugger.test.ts)",
  searchUsers: 'users: acting-on-users.test.ts',
  lookupAgent: 'users: acting-on-users.test.ts',
  createUser: 'users: acting-on-users.test.ts',
  exportList: 'a guest with a single-use link: the link is the authority, issued by issueListExport (covered here)',
  addDncNumbers: "do-not-call imports are the marketplace's, for administrators only (lists.test.ts)",
};
const USERS = (op: Operation) => idsOf(op).every((n) => ['userId', 'featureId', 'agentId', 'salesforceAccountId', 'salesforceContactId'].includes(n));

test('every operation with an object id is covered here or named with where it is', () => {
  const uncovered = WITH_IDS.filter((op) => !CASES[op.operationId] && !ELSEWHERE[op.operationId] && !USERS(op)).map((op) => op.operationId);
  expect(uncovered).toEqual([]);
  for (const name of Object.keys(CASES)) expect(WITH_IDS.map((o) => o.operationId), name).toContain(name);
});

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await startTestApp();
  const one = async <T>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows[0];
  const demoVendor = (await one<{ id: number }>('SELECT id FROM vendors WHERE user_id = $1', [await userId(t, DEMO.vendor)])).id;
  const staff = await one<{ a: number; hq: number; region: number }>(
    `SELECT (SELECT company_id FROM users WHERE email = $1) AS a, (SELECT company_id FROM users WHERE email = $2) AS hq,
            (SELECT region_id FROM users WHERE email = $3) AS region`, [DEMO.agent, DEMO.corporate, DEMO.regional]);
  // Company B: an agent outside the demo regional manager's region, with a call whose lead (a consumer outside it too) another vendor sold.
  const states = (await t.db.query<{ s: string }>('SELECT state::text AS s FROM region_states WHERE region_id = $1', [staff.region])).rows.map((r) => r.s);
  const outside = (state: string) => `NOT (${state}::text = ANY ($4::text[]))`;
  const call = await one<{ id: number; company: number; email: string; lead: number; order: number }>(
    `SELECT c.id, c.company_id AS company, u.email, l.id AS lead, c.order_id AS order
       FROM calls c JOIN orders o ON o.id = c.order_id JOIN users u ON u.id = o.user_id JOIN leads l ON l.call_id = c.id
      WHERE c.company_id NOT IN ($1, $2) AND u.role = 'user' AND u.region_id IS DISTINCT FROM ${staff.region} AND l.vendor_id <> $3
        AND ${outside('l.state')} AND ${outside('u.state')}
      LIMIT 1`, [staff.a, staff.hq, demoVendor, states]);
  expect(call, 'company B has an agent with a call outside the region').toBeTruthy();
  const b = { lead: call.lead, order: call.order };
  const now = t.clock.now();
  await t.db.query(
    `INSERT INTO call_recordings (call_id, content_type, seconds, audio, created_at) VALUES ($1, 'audio/wav', 1, '\\x00', $2) ON CONFLICT DO NOTHING`, [call.id, now]);
  const draft = await (await sessionFor(t, call.email)).POST('/jobs', { body: { vertical: 'autoins', product: 'leads' } });
  const job = { id: draft.data!.id };
  const group = await one<{ id: number }>('INSERT INTO order_groups (company_id, name, created_at) VALUES ($1, $2, $3) RETURNING id', [call.company, 'B', now]);
  const vendor = await one<{ id: number }>('SELECT id FROM vendors WHERE id <> $1 ORDER BY id LIMIT 1', [demoVendor]);
  // Company B's lead-list order and a ready list of it; its agent may order lists.
  await t.db.query(`UPDATE users SET features = array_append(features, 'lead-lists') WHERE email = $1`, [call.email]);
  const listOrder = await one<{ id: number }>(
    `INSERT INTO list_orders (company_id, user_id, name, quantity, territory, scrubbing, delivery, created_at, updated_at)
     SELECT $1, id, $2, 10, $3, $4, $5, $6, $6 FROM users WHERE email = $7 RETURNING id`,
    [call.company, LIST_ORDER.name, LIST_ORDER.territory, LIST_ORDER.scrubbing, LIST_ORDER.delivery, now, call.email]);
  const list = await one<{ id: number }>(
    `INSERT INTO lists (order_id, company_id, requested_records, processed_status, created_at, ready_at, expires_at)
     VALUES ($1, $2, 10, 'ready', $3, $3, $3::timestamptz + interval '30 days') RETURNING id`, [listOrder.id, call.company, now]);
  f = {
    lead: b.lead, call: call.id, order: b.order, job: job.id, company: call.company, group: group.id, vendor: vendor.id, agentB: call.email,
    listOrder: listOrder.id, list: list.id,
  };
}, 60_000);
afterAll(() => t?.close());

/** The callers out of company B's scope, with their role. */
const OUTSIDERS: Array<[who: string, email: string, role: Role]> = [
  ["an agent of company A on company B's object", DEMO.agent, 'user'],
  ['a corporate manager of another company', DEMO.corporate, 'corporate'],
  ['a regional manager of another region', DEMO.regional, 'regional'],
  ['a vendor', DEMO.vendor, 'vendor'],
];

async function send(email: string, c: Case) {
  const client = await sessionFor(t, email);
  const op = Object.values(CASES).indexOf(c);
  const name = Object.keys(CASES)[op];
  const o = contract.operations.find((x) => x.operationId === name)!;
  return t.request({ method: o.method, url: contract.basePath + c.url(f), payload: c.body?.(f), token: client.session.token });
}

describe.each(Object.entries(CASES))('%s', (name, c) => {
  const op = contract.operations.find((x) => x.operationId === name)!;

  test.each(OUTSIDERS)('%s: the scope refuses, or the role is not admitted', async (_who, email, role) => {
    const res = await send(email, c);
    const admitted = hasAccess({ role, isSuperAdmin: false }, op.roles);
    // A vendor's own object is its vendor record; the demo vendor is not company B's vendor.
    expect(res.statusCode, res.body).toBe(admitted ? c.answer : 403);
  });

  test.runIf(op.method === 'GET' && !c.stream)('an admin is in scope (a read is not refused)', async () => {
    const res = await send(DEMO.superAdmin, c);
    expect([403, 404], res.body).not.toContain(res.statusCode);
  });

  test.runIf(op.method === 'GET' && !c.stream && hasAccess({ role: 'user', isSuperAdmin: false }, op.roles) && c.answer !== 403)(
    "company B's own agent is in scope (a read is not refused)",
    async () => {
      const res = await send(f.agentB, c);
      expect([403, 404], res.body).not.toContain(res.statusCode);
    },
  );
});
