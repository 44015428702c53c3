import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Role } from '../../src/domain/roles';
import { createSession } from '../../src/server/services/sessions';
import { loadContract, type Operation } from '../../src/server/contract/openapi';
import { DEMO, addUser, userId } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * x-roles on every operation, for every role: each operation gets a probe that passes
 * the guard harmlessly (mostly an invalid body, so 400 and nothing changes). The guard
 * runs before validation, so a refused caller sees 401 or 403 instead of the 400.
 */
interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (self: number) => string;
  payload?: object;
  /** The status once the guard lets the call through. */
  passes: number;
}
const PROBES: Record<string, Probe> = {
  getHealth: { method: 'GET', url: () => '/rest/health', passes: 200 },
  getServerMode: { method: 'GET', url: () => '/rest/system/mode', passes: 200 },
  listJobs: { method: 'GET', url: () => '/rest/system/jobs', passes: 200 },
  getCaptchaChallenge: { method: 'GET', url: () => '/rest/captcha/challenge', passes: 200 },
  login: { method: 'POST', url: () => '/rest/authentication/login', payload: {}, passes: 400 },
  logout: { method: 'POST', url: () => '/rest/authentication/logout', passes: 204 },
  getCurrentUser: { method: 'GET', url: () => '/rest/authentication/user', passes: 200 },
  acceptTerms: { method: 'POST', url: () => '/rest/authentication/user', payload: {}, passes: 400 },
  acceptTermsByKey: { method: 'POST', url: () => '/rest/authentication/tos/short', payload: {}, passes: 400 },
  exchangeSsoKey: { method: 'POST', url: () => '/rest/authentication/sso', payload: {}, passes: 400 },
  issueAccessKey: { method: 'POST', url: () => '/rest/authentication/keys', payload: {}, passes: 400 },
  resetPassword: { method: 'POST', url: () => '/rest/password/reset', payload: {}, passes: 400 },
  checkResetKey: { method: 'GET', url: () => '/rest/password/reset/short', passes: 400 },
  requestUnlock: { method: 'POST', url: () => '/rest/authentication/unlock', payload: {}, passes: 400 },
  updatePassword: { method: 'POST', url: (self) => `/rest/password/update/${self}`, payload: {}, passes: 400 },
  adminResetPassword: { method: 'POST', url: () => '/rest/password/admin/reset', payload: {}, passes: 400 },
  updateProfile: { method: 'PUT', url: (self) => `/rest/users/${self}`, payload: {}, passes: 400 },
  resetFailedLogins: { method: 'DELETE', url: () => '/rest/users/0/failed-logins', passes: 400 },
  listOutbox: { method: 'GET', url: () => '/rest/mail/outbox?limit=0', passes: 400 },
  // Billing: company and user 0 do not fit the contract, so a caller let through gets 400.
  listBillingCompanies: { method: 'GET', url: () => '/rest/billing/companies', passes: 200 },
  getBillingCompany: { method: 'GET', url: () => '/rest/billing/0', passes: 400 },
  addCard: { method: 'POST', url: () => '/rest/billing/0/cards', payload: {}, passes: 400 },
  updateCard: { method: 'PATCH', url: () => '/rest/billing/0/cards/0', payload: {}, passes: 400 },
  removeCard: { method: 'DELETE', url: () => '/rest/billing/0/cards/0', passes: 400 },
  deposit: { method: 'POST', url: () => '/rest/billing/0/deposit', payload: {}, passes: 400 },
  depositCldGrowth: { method: 'POST', url: () => '/rest/billing/0/deposit-cld-growth', payload: {}, passes: 400 },
  setRecurring: { method: 'POST', url: () => '/rest/billing/0/recurring', payload: {}, passes: 400 },
  setSubscription: { method: 'POST', url: () => '/rest/billing/0/subscription', payload: {}, passes: 400 },
  deactivateRecharge: { method: 'POST', url: () => '/rest/billing/0/deactivate', passes: 400 },
  creditAccount: { method: 'POST', url: () => '/rest/billing/0/credit', payload: {}, passes: 400 },
  debitAccount: { method: 'POST', url: () => '/rest/billing/0/debit', payload: {}, passes: 400 },
  // Returns (issue 10): an id of 0 or a missing query is a 400 once the guard lets the call through.
  listReturns: { method: 'GET', url: () => '/rest/returns', passes: 400 },
  exportReturns: { method: 'GET', url: () => '/rest/returns/export', passes: 400 },
  issueReturnExport: { method: 'POST', url: () => '/rest/returns/export', passes: 400 },
  getLeadReturn: { method: 'GET', url: () => '/rest/return/0', passes: 400 },
  requestReturn: { method: 'POST', url: () => '/rest/return/0', payload: {}, passes: 400 },
  disputeReturn: { method: 'POST', url: () => '/rest/return/dispute/0', passes: 400 },
  approveReturn: { method: 'POST', url: () => '/rest/return/approve/0', passes: 400 },
  denyReturn: { method: 'POST', url: () => '/rest/return/deny/0', payload: {}, passes: 400 },
  denyReturnDispute: { method: 'POST', url: () => '/rest/return/dispute/deny/0', payload: {}, passes: 400 },
  transferFunds: { method: 'POST', url: () => '/rest/billing/0/transfer', payload: {}, passes: 400 },
  listBillingLog: { method: 'GET', url: () => '/rest/billing/logs/0', passes: 400 },
  getBillingStatement: { method: 'GET', url: () => '/rest/billing/0/receipt', passes: 400 },
  getFinancialReport: { method: 'POST', url: () => '/rest/reports/financial', payload: {}, passes: 400 },
  courtesyCredit: { method: 'POST', url: () => '/rest/courtesy-credit/credit/0', payload: {}, passes: 400 },
  courtesyDebit: { method: 'POST', url: () => '/rest/courtesy-credit/debit/0', payload: {}, passes: 400 },
  // Lead search: a malformed filter or lead 0 does not fit, so a caller let through gets 400.
  searchLeads: { method: 'GET', url: () => '/rest/leads/all?limit=0', passes: 400 },
  countLeads: { method: 'GET', url: () => '/rest/leads/counts?tab=sold', passes: 400 },
  exportLeads: { method: 'GET', url: () => '/rest/leads/export?tab=sold', passes: 400 },
  issueLeadExport: { method: 'POST', url: () => '/rest/leads/export?tab=sold', passes: 400 },
  getLead: { method: 'GET', url: () => '/rest/leads/0', passes: 400 },
  setLeadStatus: { method: 'POST', url: () => '/rest/leads/status/0', payload: {}, passes: 400 },
  setLeadDnc: { method: 'POST', url: () => '/rest/leads/dnc/0', payload: {}, passes: 400 },
  saveLeadNote: { method: 'POST', url: () => '/rest/leads/note/0', payload: {}, passes: 400 },
  // People and settings
  searchUsers: { method: 'GET', url: () => '/rest/users/all?limit=0', passes: 400 },
  lookupAgent: { method: 'GET', url: () => '/rest/users/agent', passes: 400 },
  createUser: { method: 'POST', url: () => '/rest/users', payload: {}, passes: 400 },
  getUser: { method: 'GET', url: () => '/rest/users/0/detail', passes: 400 },
  userHistory: { method: 'GET', url: () => '/rest/users/0/history', passes: 400 },
  archiveUser: { method: 'DELETE', url: () => '/rest/users/archive/0', passes: 400 },
  cancelUser: { method: 'POST', url: () => '/rest/users/cancel/0', payload: {}, passes: 400 },
  reactivateUser: { method: 'POST', url: () => '/rest/users/reactivate/0', payload: {}, passes: 400 },
  setCancelExhausting: { method: 'PUT', url: () => '/rest/users/0/cancel-exhausting', payload: {}, passes: 400 },
  inviteUser: { method: 'POST', url: () => '/rest/users/0/invitation', passes: 400 },
  grantAlmPro: { method: 'POST', url: () => '/rest/users/0/almpro/grant', passes: 400 },
  revokeAlmPro: { method: 'POST', url: () => '/rest/users/0/almpro/revoke', passes: 400 },
  listFeatures: { method: 'GET', url: () => '/rest/users/features', passes: 200 },
  addFeature: { method: 'POST', url: () => '/rest/users/features/lead-lists/0', passes: 400 },
  removeFeature: { method: 'DELETE', url: () => '/rest/users/features/lead-lists/0', passes: 400 },
  updateCrm: { method: 'PUT', url: () => '/rest/users/crm/0', payload: {}, passes: 400 },
  updateContact: { method: 'POST', url: () => '/rest/contact/update/0', payload: {}, passes: 400 },
  searchCompanies: { method: 'GET', url: () => '/rest/companies', passes: 400 },
  getCompany: { method: 'GET', url: () => '/rest/companies/0', passes: 400 },
  updateCompany: { method: 'PUT', url: () => '/rest/companies/0', payload: {}, passes: 400 },
  authenticateRegistration: { method: 'POST', url: () => '/rest/registration/authenticate', payload: {}, passes: 400 },
  register: { method: 'POST', url: () => '/rest/registration/register', payload: {}, passes: 400 },
  getZips: { method: 'GET', url: () => '/rest/geo/zips?zips=1', passes: 400 },
  getCounties: { method: 'GET', url: () => '/rest/geo/counties?state=XX', passes: 400 },
  getStatesKml: { method: 'GET', url: () => '/rest/geo/states.kml?stroke=red', passes: 400 },
  testLiveCall: { method: 'POST', url: () => '/rest/live-calls/test', payload: {}, passes: 400 },
  listPackages: { method: 'GET', url: () => '/rest/packages?vertical=lifeins', passes: 400 },
  createJob: { method: 'POST', url: () => '/rest/jobs', payload: {}, passes: 400 },
  getJob: { method: 'GET', url: () => '/rest/jobs/0', passes: 400 },
  updateJob: { method: 'PATCH', url: () => '/rest/jobs/1', payload: {}, passes: 400 },
  deleteJob: { method: 'DELETE', url: () => '/rest/jobs/0', passes: 400 },
  confirmJob: { method: 'POST', url: () => '/rest/orders', payload: {}, passes: 400 },
  getOrder: { method: 'GET', url: () => '/rest/orders/0', passes: 400 },
  updateOrder: { method: 'PATCH', url: () => '/rest/orders/1', payload: {}, passes: 400 },
  updateOrderCaps: { method: 'PATCH', url: () => '/rest/orders/1/caps', payload: {}, passes: 400 },
  testDistribution: { method: 'POST', url: () => '/rest/orders/1/test-distribution', payload: {}, passes: 400 },
  // The vendor API: guests as far as sessions go (Basic authorization in the handler).
  vendorPing: { method: 'POST', url: () => '/rest/v2/ping', payload: {}, passes: 400 },
  vendorPost: { method: 'POST', url: () => '/rest/v2/post', payload: {}, passes: 400 },
  vendorPingPost: { method: 'POST', url: () => '/rest/v2/pingpost/p1', payload: {}, passes: 400 },
  vendorCallMatch: { method: 'POST', url: () => '/rest/v2/calls/match', payload: {}, passes: 400 },
  vendorCallPost: { method: 'POST', url: () => '/rest/v2/calls/post/c1', payload: {}, passes: 401 },
  getPingMatches: { method: 'GET', url: () => '/rest/engine/pings/no%20such/matches', passes: 400 },
  getLeadSale: { method: 'GET', url: () => '/rest/engine/leads/0', passes: 400 },
  listOrders: { method: 'GET', url: () => '/rest/orders/all?pageSize=7&cld=true', passes: 400 },
  getOrderCaps: { method: 'GET', url: () => '/rest/orders/caps?orderIds=x', passes: 400 },
  // The dashboard and the reports (issue 19): a company that is no number is a 400 once the guard lets the call through.
  getDashboard: { method: 'GET', url: () => '/rest/dashboard?company=x', passes: 400 },
  listRecommendedOrders: { method: 'GET', url: () => '/rest/recommend/orders', passes: 200 },
  getWeeklyStats: { method: 'GET', url: () => '/rest/reports/weekly-stats?company=x', passes: 400 },
  getReportDashboard: { method: 'GET', url: () => '/rest/reports/dashboard?company=x', passes: 400 },
  getReportCohorts: { method: 'GET', url: () => '/rest/reports/cohorts?company=x', passes: 400 },
  getVendorReport: { method: 'GET', url: () => '/rest/reports/vendor/ratings?company=x', passes: 400 },
  exportVendorReport: { method: 'GET', url: () => '/rest/reports/vendor/ratings/export?company=x', passes: 400 },
  getReturnReasons: { method: 'GET', url: () => '/rest/reports/returns/reasons?company=x', passes: 400 },
  exportReturnReasons: { method: 'GET', url: () => '/rest/reports/returns/reasons/export?company=x', passes: 400 },
  getReturnRates: { method: 'GET', url: () => '/rest/reports/returns?company=x', passes: 400 },
  exportReturnRates: { method: 'GET', url: () => '/rest/reports/returns/export?company=x', passes: 400 },
  getLeadVolume: { method: 'GET', url: () => '/rest/reports/lead-volume?company=x', passes: 400 },
  exportLeadVolume: { method: 'GET', url: () => '/rest/reports/lead-volume/export?company=x', passes: 400 },
  getLeadVolumeOrders: { method: 'GET', url: () => '/rest/reports/orders/lead-volume?company=x', passes: 400 },
  getPackageReport: { method: 'GET', url: () => '/rest/reports/packages/lead-volume?company=x', passes: 400 },
  exportPackageReport: { method: 'GET', url: () => '/rest/reports/packages/lead-volume/export?company=x', passes: 400 },
  getRankings: { method: 'GET', url: () => '/rest/reports?company=x', passes: 400 },
  exportRankings: { method: 'GET', url: () => '/rest/reports/export?company=x', passes: 400 },
  getCallRankings: { method: 'GET', url: () => '/rest/reports/calls?company=x', passes: 400 },
  exportCallRankings: { method: 'GET', url: () => '/rest/reports/calls/export?company=x', passes: 400 },
  getAgentStatusReport: { method: 'GET', url: () => '/rest/reports/agent-status?company=x', passes: 400 },
  exportAgentStatusReport: { method: 'GET', url: () => '/rest/reports/agent-status/export?company=x', passes: 400 },
  getAgentStatusLeads: { method: 'GET', url: () => '/rest/reports/agent-status/new?company=x', passes: 400 },
  getDigitalAdsReport: { method: 'GET', url: () => '/rest/leads/1/digital-ads-report?vertical=x', passes: 400 },
  pauseOrder: { method: 'POST', url: () => '/rest/orders/1/pause', payload: { reason: 1 }, passes: 400 },
  activateOrder: { method: 'POST', url: () => '/rest/orders/1/activate', payload: { status: 'x' }, passes: 400 },
  sendOrderSummary: { method: 'POST', url: () => '/rest/orders/0/summary', passes: 400 },
  deleteOrder: { method: 'DELETE', url: () => '/rest/orders/0', passes: 400 },
  pauseCompanyOrders: { method: 'POST', url: () => '/rest/orders/company/0/pause', passes: 400 },
  activateCompanyOrders: { method: 'POST', url: () => '/rest/orders/company/0/activate', passes: 400 },
  listOrderEvents: { method: 'GET', url: () => '/rest/order-events', passes: 400 },
  orderBreakdown: { method: 'GET', url: () => '/rest/order-events/aggregate/0', passes: 400 },
  listOrderGroups: { method: 'GET', url: () => '/rest/order-group?companyId=0', passes: 400 },
  createOrderGroup: { method: 'POST', url: () => '/rest/order-group', payload: { name: 1 }, passes: 400 },
  updateOrderGroup: { method: 'PATCH', url: () => '/rest/order-group/1', payload: { name: 1 }, passes: 400 },
  deleteOrderGroup: { method: 'DELETE', url: () => '/rest/order-group/0', passes: 400 },
  optimizeVendors: { method: 'POST', url: () => '/rest/orders/optimizations', payload: {}, passes: 400 },
  costEstimate: { method: 'GET', url: () => '/rest/cost-estimate', passes: 400 },
  biddingContext: { method: 'GET', url: () => '/rest/bidding-context?vertical=autoins&product=leads', passes: 400 },
  testJobDistribution: { method: 'POST', url: () => '/rest/jobs/1/test-distribution', payload: {}, passes: 400 },
  // Live calls, server push and the vendor API debugger (issue 9, part B): bad input never opens a stream.
  streamLiveEvents: { method: 'GET', url: () => '/rest/live/events?company=0', passes: 400 },
  listLiveCalls: { method: 'GET', url: () => '/rest/live-calls/all?sold=maybe', passes: 400 },
  getLiveCall: { method: 'GET', url: () => '/rest/live-calls/call/0', passes: 400 },
  getCallRecording: { method: 'GET', url: () => '/rest/live-calls/call/0/recording', passes: 400 },
  getSampleLead: { method: 'GET', url: () => '/rest/debug/lead/boat', passes: 400 },
  listVendorApis: { method: 'GET', url: () => '/rest/vendors/x/apis', passes: 400 },
  issueVendorApi: { method: 'POST', url: () => '/rest/vendors/x/apis', passes: 400 },
  debugProxy: { method: 'POST', url: () => '/rest/debug/proxy', payload: {}, passes: 400 },
  // Lead lists: id 0 and empty bodies do not fit the contract.
  listListOrders: { method: 'GET', url: () => '/rest/lists/orders?limit=7', passes: 400 },
  createListOrder: { method: 'POST', url: () => '/rest/lists/orders', payload: {}, passes: 400 },
  getListOrder: { method: 'GET', url: () => '/rest/lists/orders/0', passes: 400 },
  updateListOrder: { method: 'PUT', url: () => '/rest/lists/orders/0', payload: {}, passes: 400 },
  archiveListOrder: { method: 'DELETE', url: () => '/rest/lists/orders/0', passes: 400 },
  archiveExpiredLists: { method: 'DELETE', url: () => '/rest/lists/orders/0/expired-lists', passes: 400 },
  listLists: { method: 'GET', url: () => '/rest/lists/lists', passes: 400 },
  generateList: { method: 'POST', url: () => '/rest/lists/lists', payload: {}, passes: 400 },
  removeList: { method: 'DELETE', url: () => '/rest/lists/0', passes: 400 },
  deliverList: { method: 'POST', url: () => '/rest/lists/0/deliveries', payload: {}, passes: 400 },
  issueListExport: { method: 'POST', url: () => '/rest/lists/0/export', passes: 400 },
  exportList: { method: 'GET', url: () => '/rest/lists/0/export', passes: 400 },
  listDncImports: { method: 'GET', url: () => '/rest/dnc/imports', passes: 200 },
  createDncImport: { method: 'POST', url: () => '/rest/dnc/imports', payload: {}, passes: 400 },
  addDncNumbers: { method: 'POST', url: () => '/rest/dnc/imports/0/numbers', payload: {}, passes: 400 },
  getListsReport: { method: 'GET', url: () => '/rest/reports/lists?companyId=0', passes: 400 },
  // Promotions: id 0 and empty bodies do not fit the contract; the list and the parties answer every signed-in role (or refuse by permission).
  listPromotions: { method: 'GET', url: () => '/rest/cost-shares?agentId=0', passes: 400 },
  createPromotion: { method: 'POST', url: () => '/rest/cost-shares', payload: {}, passes: 400 },
  listPromotionParties: { method: 'GET', url: () => '/rest/cost-shares/parties', passes: 200 },
  getPromotion: { method: 'GET', url: () => '/rest/cost-shares/0', passes: 400 },
  updatePromotion: { method: 'PATCH', url: () => '/rest/cost-shares/0', payload: {}, passes: 400 },
  archivePromotion: { method: 'DELETE', url: () => '/rest/cost-shares/0', passes: 400 },
  listPromotionAgents: { method: 'GET', url: () => '/rest/cost-shares/0/agents', passes: 400 },
  enrollPromotionAgents: { method: 'PATCH', url: () => '/rest/cost-shares/0/agents', payload: {}, passes: 400 },
  removePromotionAgent: { method: 'DELETE', url: () => '/rest/cost-shares/0/agents/0', passes: 400 },

};

/** One signed-in caller per role (and the super-admin flag), plus nobody. */
const ACTORS: Array<{ name: string; role: Role | null; superAdmin?: boolean; email?: string }> = [
  { name: 'nobody', role: null },
  { name: 'user', role: 'user', email: DEMO.agent },
  { name: 'provisional_user', role: 'provisional_user', email: DEMO.provisional },
  { name: 'regional', role: 'regional', email: DEMO.regional },
  { name: 'corporate', role: 'corporate', email: DEMO.corporate },
  { name: 'vendor', role: 'vendor', email: DEMO.vendor },
  { name: 'admin', role: 'admin', email: DEMO.admin },
  { name: 'super-admin', role: 'admin', superAdmin: true, email: DEMO.superAdmin },
  { name: 'sales', role: 'sales' },
  { name: 'accounting', role: 'accounting' },
  { name: 'cld', role: 'cld' },
];

/** What x-roles promise, worked out here from the contract alone. */
function expected(op: Operation, actor: (typeof ACTORS)[number]): { status: number; code?: string } {
  const passes = { status: PROBES[op.operationId].passes };
  if (op.roles.includes('guest')) return passes;
  if (!actor.role) return { status: 401, code: 'session_lost' };
  const allowed =
    op.roles.includes('all') || op.roles.includes(actor.role) || (op.roles.includes('super-admin') && !!actor.superAdmin);
  if (!allowed) return { status: 403 };
  if (actor.role === 'provisional_user' && !op.gateExempt) return { status: 403, code: 'profile_required' };
  return passes;
}

const operations = loadContract().operations;
let t: TestApp;
const emails = new Map<string, string>();
beforeAll(async () => {
  t = await startTestApp();
  for (const a of ACTORS) {
    if (a.email) emails.set(a.name, a.email);
    else if (a.role) emails.set(a.name, (await addUser(t, { role: a.role })).email);
  }
});
afterAll(() => t?.close());

test('every operation of openapi.yaml has a probe', () => {
  expect(Object.keys(PROBES).sort()).toEqual(operations.map((o) => o.operationId).sort());
});

describe.each(operations.map((o) => [`${o.operationId} (x-roles: ${o.roles.join(', ')})`, o] as const))('%s', (_n, op) => {
  test.each(ACTORS.map((a) => [a.name, a] as const))('as %s', async (_name, actor) => {
    const email = emails.get(actor.name);
    const self = email ? await userId(t, email) : 1;
    // A session of its own per case: the logout probe ends it.
    const token = email ? await createSession(t.db, self, t.clock.now()) : null;
    const probe = PROBES[op.operationId];
    const res = await t.request({ method: probe.method, url: probe.url(self), payload: probe.payload, token });
    const want = expected(op, actor);
    expect(res.statusCode, res.body).toBe(want.status);
    if (want.code) expect(res.json().code).toBe(want.code);
  });
});

test('HEAD, which Fastify adds to every GET, is guarded the same way', async () => {
  const agent = await createSession(t.db, await userId(t, DEMO.agent), t.clock.now());
  for (const op of operations.filter((o) => o.method === 'GET')) {
    const url = PROBES[op.operationId].url(1);
    for (const token of [null, agent]) {
      const headers = token ? { authorization: `Bearer ${token}` } : {};
      const [get, head] = await Promise.all([
        t.app.inject({ method: 'GET', url, headers }),
        t.app.inject({ method: 'HEAD', url, headers }),
      ]);
      expect(head.statusCode, `HEAD ${url}`).toBe(get.statusCode);
      expect(head.body).toBe('');
    }
  }
});
