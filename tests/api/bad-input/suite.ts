import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../../src/server/contract/openapi';
import { DEMO, sessionFor, userId } from '../../helpers/accounts';
import { snapshot } from '../../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Bad input on every operation, split by area so the files run in parallel (each on a
 * database of its own): tests/api/bad-input/<area>.test.ts calls `badInputSuite(area)`,
 * and coverage.test.ts checks that every operation belongs to exactly one area.
 *   - Malformed bodies on every operation that takes one: a 400 that names the field, and
 *     no change in the database. Each case starts from a body that fits the contract.
 *   - A NUL or a lone surrogate in any text, and integers past their maximum: 400 on that
 *     field, nothing changed.
 */
export interface BodyCase {
  method: 'POST' | 'PUT' | 'PATCH';
  url: (self: number) => string;
  /** Who calls (null: nobody signed in). */
  as: string | null;
  valid: Record<string, unknown>;
}
export const KEY = 'A'.repeat(43);
/** A list order the contract and the rules accept. */
const LIST_ORDER = {
  name: 'Aged Texas', status: 'active', quantity: 100, filters: [{ name: 'vertical', value: 'autoins' }],
  territory: { geoType: 'state', regionalZip: null, regionalRadius: 20, state: 'TX', counties: [] },
  scrubbing: { callableOnly: true, doNotCall: true, existingCustomer: false },
  delivery: { startDate: null, nextRunDate: null, frequency: null, quantity: null, excludeWeekends: false,
    crms: { emails: ['agent@demo.test'], leadManager: false, quoteBurst: false, roboAgent: false } },
};

/** A promotion the contract and the rules accept. */
const PROMOTION = {
  name: 'Spring', description: 'A quarter of each lead', responsibleParty: 'marketplace', burnRate: { type: 'percent', value: 0.25 },
  budgetCents: 10_000, endDate: '2030-12-31',
};

export const CASES: Record<string, BodyCase> = {
  createListOrder: { method: 'POST', url: () => '/rest/lists/orders', as: DEMO.agent, valid: LIST_ORDER },
  createPromotion: { method: 'POST', url: () => '/rest/cost-shares', as: DEMO.admin, valid: PROMOTION },
  updatePromotion: { method: 'PATCH', url: () => '/rest/cost-shares/1', as: DEMO.admin, valid: { name: 'Renamed', budgetCents: 20_000 } },
  enrollPromotionAgents: { method: 'PATCH', url: () => '/rest/cost-shares/1/agents', as: DEMO.superAdmin, valid: { agentIds: [1] } },
  updateListOrder: { method: 'PUT', url: () => '/rest/lists/orders/1', as: DEMO.agent, valid: LIST_ORDER },
  generateList: { method: 'POST', url: () => '/rest/lists/lists', as: DEMO.agent, valid: { orderId: 1, numRecords: 100 } },
  deliverList: { method: 'POST', url: () => '/rest/lists/1/deliveries', as: DEMO.agent, valid: { destination: 'agent@demo.test' } },
  createDncImport: { method: 'POST', url: () => '/rest/dnc/imports', as: DEMO.admin, valid: { name: 'Texas', source: 'state', state: 'TX' } },
  addDncNumbers: { method: 'POST', url: () => '/rest/dnc/imports/1/numbers', as: DEMO.admin, valid: { numbers: ['5125550100'] } },
  login: { method: 'POST', url: () => '/rest/authentication/login', as: null, valid: { username: DEMO.agent, password: 'x', captcha: 'x' } },
  acceptTerms: { method: 'POST', url: () => '/rest/authentication/user', as: DEMO.agent, valid: { tos: true, initials: ['AA', 'AA'] } },
  acceptTermsByKey: { method: 'POST', url: () => `/rest/authentication/tos/${KEY}`, as: null, valid: { tos: true, initials: ['AA', 'AA'] } },
  exchangeSsoKey: { method: 'POST', url: () => '/rest/authentication/sso', as: null, valid: { key: KEY } },
  issueAccessKey: { method: 'POST', url: () => '/rest/authentication/keys', as: DEMO.admin, valid: { email: DEMO.agent, purpose: 'sso' } },
  resetPassword: { method: 'POST', url: () => '/rest/password/reset', as: null, valid: { email: DEMO.agent } },
  requestUnlock: { method: 'POST', url: () => '/rest/authentication/unlock', as: null, valid: { email: DEMO.agent, captcha: 'x' } },
  updatePassword: {
    method: 'POST',
    url: (self) => `/rest/password/update/${self}`,
    as: DEMO.agent,
    valid: { password: 'Abcdefg1!', currentPassword: 'x' },
  },
  adminResetPassword: { method: 'POST', url: () => '/rest/password/admin/reset', as: DEMO.admin, valid: { email: DEMO.agent } },
  testLiveCall: { method: 'POST', url: () => '/rest/live-calls/test', as: DEMO.agent, valid: { phoneNumber: '3125550100' } },
  createJob: { method: 'POST', url: () => '/rest/jobs', as: DEMO.agent, valid: { vertical: 'autoins', product: 'leads' } },
  updateJob: { method: 'PATCH', url: () => '/rest/jobs/1', as: DEMO.agent, valid: { name: 'Austin leads' } },
  confirmJob: { method: 'POST', url: () => '/rest/orders', as: DEMO.agent, valid: { jobId: 1, status: 'active' } },
  updateOrder: { method: 'PATCH', url: () => '/rest/orders/1', as: DEMO.agent, valid: { name: 'Dallas Auto Exclusive Leads' } },
  updateOrderCaps: { method: 'PATCH', url: () => '/rest/orders/1/caps', as: DEMO.agent, valid: { daily: 10 } },
  testDistribution: { method: 'POST', url: () => '/rest/orders/1/test-distribution', as: DEMO.agent, valid: { distribution: { type: 'email', emails: ['inbox@agency.test'] } } },
  // The vendor API (Basic authorization is checked after the body: nobody signed in here).
  vendorPing: { method: 'POST', url: () => '/rest/v2/ping', as: null, valid: { vertical: 'autoins', zipcode: '60601', housing: 'own' } },
  vendorPost: { method: 'POST', url: () => '/rest/v2/post', as: null, valid: { vertical: 'autoins', zipcode: '60601', first_name: 'A', last_name: 'B', home_phone: '5125550100' } },
  vendorPingPost: { method: 'POST', url: () => '/rest/v2/pingpost/p1', as: null, valid: { vertical: 'autoins', zipcode: '60601', first_name: 'A', last_name: 'B', home_phone: '5125550100' } },
  vendorCallMatch: { method: 'POST', url: () => '/rest/v2/calls/match', as: null, valid: { vertical: 'autoins', zipcode: '60601', caller_id: '5125550100' } },
  vendorCallPost: { method: 'POST', url: () => '/rest/v2/calls/post/c1', as: null, valid: { caller_id: '5125550100' } },
  // The vendor API debugger's proxy (live, issue 9 part B).
  debugProxy: { method: 'POST', url: () => '/rest/debug/proxy', as: DEMO.vendor, valid: { path: '/v2/ping', headers: {}, body: {}, apiId: 1 } },
  issueVendorApi: { method: 'POST', url: () => '/rest/vendors/me/apis', as: DEMO.vendor, valid: { revokes: null } },
  pauseOrder: { method: 'POST', url: () => '/rest/orders/1/pause', as: DEMO.agent, valid: { activationDate: '2030-01-01T00:00:00.000Z', reason: 'hit-caps' } },
  activateOrder: { method: 'POST', url: () => '/rest/orders/1/activate', as: DEMO.agent, valid: { status: 'active' } },
  createOrderGroup: { method: 'POST', url: () => '/rest/order-group', as: DEMO.admin, valid: { name: 'Pair', orders: [1, 2], companyId: 1 } },
  updateOrderGroup: { method: 'PATCH', url: () => '/rest/order-group/1', as: DEMO.admin, valid: { name: 'Pair', orders: [1, 2] } },
  testJobDistribution: { method: 'POST', url: () => '/rest/jobs/1/test-distribution', as: DEMO.agent, valid: { distribution: { type: 'email', emails: ['inbox@agency.test'] } } },
  optimizeVendors: {
    method: 'POST',
    url: () => '/rest/orders/optimizations',
    as: DEMO.pro,
    valid: {
      packageId: 1, vendorIds: [1], ratio: 0.5,
      territory: { geoType: 'state', state: 'TX', counties: [], zips: [], regionalZip: null, regionalRadius: 90, enableCounties: false, zipListLength: 0, manualZipsAdded: false },
    },
  },
  updateProfile: {
    method: 'PUT',
    url: (self) => `/rest/users/${self}`,
    as: DEMO.agent,
    valid: { firstName: 'A', lastName: 'B', phoneNumber: '5125550100', address1: 'x', city: 'y', state: 'TX', zipcode: '78701', companyName: 'z' },
  },
  // Lead search (issue 10): an admin on lead 1.
  setLeadStatus: { method: 'POST', url: () => '/rest/leads/status/1', as: DEMO.admin, valid: { statusName: 'contacted' } },
  setLeadDnc: { method: 'POST', url: () => '/rest/leads/dnc/1', as: DEMO.admin, valid: { dnc: true } },
  saveLeadNote: { method: 'POST', url: () => '/rest/leads/note/1', as: DEMO.admin, valid: { note: 'Call back' } },
  // Billing (document 002): the company is the agent's own, 1 in the seed; admins' money on it.
  addCard: {
    method: 'POST',
    url: () => '/rest/billing/1/cards',
    as: DEMO.agent,
    valid: { number: '4242424242424242', expirationMonth: 12, expirationYear: 2031, cvv: '123', nameOnCard: 'A B', autoBillingEligible: true },
  },
  updateCard: { method: 'PATCH', url: () => '/rest/billing/1/cards/1', as: DEMO.agent, valid: { billingPriority: 1, autoBillingEligible: true } },
  deposit: { method: 'POST', url: () => '/rest/billing/1/deposit', as: DEMO.agent, valid: { cardId: 1, chargeAmount: 100, idempotencyKey: 'bad-input-1' } },
  depositCldGrowth: { method: 'POST', url: () => '/rest/billing/1/deposit-cld-growth', as: DEMO.agent, valid: { cardId: 1, chargeAmount: 100 } },
  setRecurring: {
    method: 'POST',
    url: () => '/rest/billing/1/recurring',
    as: DEMO.agent,
    valid: { type: 'ct', chargeAmount: 25000, withdrawalThreshold: 5000, effectiveDate: '2026-01-01', ctCards: [1] },
  },
  setSubscription: {
    method: 'POST',
    url: () => '/rest/billing/1/subscription',
    as: DEMO.superAdmin,
    valid: { type: 'subscription', chargeAmount: 25000, effectiveDate: '2026-01-01', ctCards: [1] },
  },
  creditAccount: { method: 'POST', url: () => '/rest/billing/1/credit', as: DEMO.admin, valid: { amount: 100, type: 'credit', note: 'x' } },
  debitAccount: { method: 'POST', url: () => '/rest/billing/1/debit', as: DEMO.admin, valid: { amount: 100, type: 'refund', note: 'x' } },
  // Returns (issue 10).
  requestReturn: { method: 'POST', url: () => '/rest/return/1', as: DEMO.agent, valid: { returnReason: 'wrong_number' } },
  denyReturn: { method: 'POST', url: () => '/rest/return/deny/1', as: DEMO.admin, valid: { denyReason: 'contact_verified' } },
  denyReturnDispute: { method: 'POST', url: () => '/rest/return/dispute/deny/1', as: DEMO.admin, valid: { denyDisputeReason: 'denial_upheld' } },
  transferFunds: { method: 'POST', url: () => '/rest/billing/1/transfer', as: DEMO.admin, valid: { amount: 100, toCompanyId: 2, note: 'x' } },
  courtesyCredit: { method: 'POST', url: () => '/rest/courtesy-credit/credit/1', as: DEMO.admin, valid: { amount: 100, notes: 'x' } },
  getFinancialReport: { method: 'POST', url: () => '/rest/reports/financial', as: DEMO.admin, valid: { companyId: 1, dateFrom: '2026-01-01', dateTo: '2026-01-02' } },
  courtesyDebit: { method: 'POST', url: () => '/rest/courtesy-credit/debit/1', as: DEMO.admin, valid: { amount: 100, notes: 'x' } },
  // People and settings: an admin acting on their own account (their own status is refused).
  createUser: {
    method: 'POST',
    url: () => '/rest/users',
    as: DEMO.admin,
    valid: { email: 'bad-input@example.test', firstName: 'A', lastName: 'B', role: 'user', timezone: 'America/Chicago', companyName: 'C' },
  },
  cancelUser: { method: 'POST', url: (self) => `/rest/users/cancel/${self}`, as: DEMO.admin, valid: { reason: 'r' } },
  reactivateUser: { method: 'POST', url: (self) => `/rest/users/reactivate/${self}`, as: DEMO.admin, valid: { reason: 'r' } },
  setCancelExhausting: { method: 'PUT', url: (self) => `/rest/users/${self}/cancel-exhausting`, as: DEMO.admin, valid: { cancelExhausting: true } },
  updateCrm: { method: 'PUT', url: (self) => `/rest/users/crm/${self}`, as: DEMO.admin, valid: { salesforceAccountId: 'A1', salesforceContactId: 'B2' } },
  updateContact: { method: 'POST', url: (self) => `/rest/contact/update/${self}`, as: DEMO.agent, valid: { newsletter_subscription: true } },
  updateCompany: { method: 'PUT', url: (self) => `/rest/companies/${self}`, as: DEMO.superAdmin, valid: { hourlyLeadCap: 25 } },
  authenticateRegistration: { method: 'POST', url: () => '/rest/registration/authenticate', as: null, valid: { key: KEY } },
  register: {
    method: 'POST',
    url: () => '/rest/registration/register',
    as: null,
    valid: {
      key: KEY, email: 'r@example.test', firstName: 'A', lastName: 'B', phoneNumber: '5125550100', address1: 'x', city: 'y',
      zipcode: '78701', companyName: 'z', state: 'TX', country: 'US', password: 'Abcdefg1!', confirmation: 'Abcdefg1!',
    },
  },
};


/** The areas, by the first segment of an operation's path. */
export const AREAS = {
  auth: ['authentication', 'password', 'registration', 'captcha'],
  people: ['users', 'contact', 'companies'],
  billing: ['billing', 'courtesy-credit'],
  orders: ['jobs', 'orders', 'live-calls', 'packages', 'geo', 'cost-estimate', 'bidding-context', 'order-events', 'order-group'],
  platform: ['health', 'system', 'mail', 'warn'],
  engine: ['v2', 'engine', 'live', 'debug', 'vendors'],
  leads: ['leads', 'returns', 'return'],
  dashboard: ['dashboard', 'recommend'],
  reports: ['reports'],
  lists: ['lists', 'dnc'],
  promotions: ['cost-shares'],
} as const;
export type Area = keyof typeof AREAS;

export const contract = loadContract();

/** The area of a path (`/users/{id}` is people); undefined when no area names it. */
export function areaOf(path: string): Area | undefined {
  const first = path.split('/')[1];
  return (Object.keys(AREAS) as Area[]).find((a) => (AREAS[a] as readonly string[]).includes(first));
}
const areaOfOperation = (opId: string) => areaOf(contract.byId.get(opId)!.path);

/** A value of another JSON type than `v`. */
const wrongType = (v: unknown): unknown => (typeof v === 'string' ? 12345 : typeof v === 'boolean' ? 'yes' : Array.isArray(v) ? 'not-a-list' : true);


/** The real app on a fresh database for one area's file. */
export function useTestApp(): () => TestApp {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  return () => t;
}

/**
 * Text that PostgreSQL cannot store or that is not valid Unicode: a NUL character, or half
 * of a surrogate pair. Refused with a 400 naming the field (never stripped, never a 500).
 */
const BAD_CHARS = ['\u0000', '\ud800', '\udfff', '\udc00\ud800'];
const badText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => a + bad + b);

/** Percent-encoding that keeps a lone surrogate as the UTF-8 bytes a careless client sends. */
const encodeLoose = (s: string): string =>
  [...s]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
        return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      return encodeURIComponent(ch);
    })
    .join('');

/** Every string leaf of a JSON value, as a path of keys and the value with that leaf replaced. */
function stringLeaves(v: unknown, path: string[] = []): Array<{ field: string; replace: (s: string) => unknown }> {
  if (typeof v === 'string') return [{ field: path.join('.'), replace: (s) => s }];
  const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : v && typeof v === 'object' ? Object.entries(v) : [];
  return entries.flatMap(([k, child]) =>
    stringLeaves(child, [...path, k]).map((leaf) => ({
      field: leaf.field,
      replace: (s: string) => (Array.isArray(v) ? v.map((x, i) => (String(i) === k ? leaf.replace(s) : x)) : { ...(v as object), [k]: leaf.replace(s) }),
    })),
  );
}

/** A request that fits the contract for every operation, to spoil one part at a time. */
interface Valid {
  method: string;
  path: Record<string, string>;
  query: Record<string, string>;
  body?: Record<string, unknown>;
  as: string | null;
}
function validRequest(op: (typeof contract.operations)[number]): Valid {
  const c = CASES[op.operationId];
  const path: Record<string, string> = {};
  const params = (op.schema.params?.properties ?? {}) as Record<string, { type?: string; enum?: unknown[] }>;
  for (const [name, s] of Object.entries(params)) path[name] = name === 'userId' ? 'SELF' : s.enum ? String(s.enum[0]) : s.type === 'integer' ? '1' : KEY;
  const query: Record<string, string> = {};
  const DAYS: Record<string, string> = { dateFrom: '2026-01-01', dateTo: '2026-01-02' };
  // Query values that fit the contract where '1' does not (enums).
  const FITTING: Record<string, string> = { tab: 'all', pageSize: '10', sort: 'name', dir: 'asc' };
  for (const name of Object.keys((op.schema.querystring?.properties as object) ?? {})) query[name] = name === 'to' ? DEMO.agent : (DAYS[name] ?? FITTING[name] ?? '1');
  const signedIn = !op.roles.includes('guest');
  return { method: op.method, path, query, body: c?.valid, as: c?.as ?? (signedIn ? DEMO.admin : null) };
}

/** The parts of an operation's valid request that bad text or numbers can spoil. */
function spoilable(op: (typeof contract.operations)[number], valid: Valid) {
  const textParts = [
    ...Object.keys(valid.path).filter((k) => valid.path[k] !== 'SELF').map((k) => ({ where: 'path', name: k })),
    ...Object.keys(valid.query).filter((k) => (op.schema.querystring?.properties as Record<string, { type?: string }>)[k].type === 'string').map((k) => ({ where: 'query', name: k })),
  ];
  const bodyLeaves = stringLeaves(valid.body);
  const numbers = [
    ...Object.entries((op.schema.params?.properties as Record<string, { type?: string; maximum?: number }>) ?? {}).map(([k, s]) => ({ where: 'path', name: k, s })),
    ...Object.entries((op.schema.querystring?.properties as Record<string, { type?: string; maximum?: number }>) ?? {}).map(([k, s]) => ({ where: 'query', name: k, s })),
  ].filter((p) => p.s.type === 'integer');
  return { textParts, bodyLeaves, numbers };
}

/** Operations with neither text nor numbers to spoil (health, logout...) get no case. */
export const SPOILABLE = contract.operations.filter((op) => {
  const p = spoilable(op, validRequest(op));
  return p.textParts.length + p.bodyLeaves.length + p.numbers.length > 0;
});

/** The bad-input tests of one area's operations, on the app `app()` gives. */
export function badInputSuite(area: Area, app: () => TestApp): void {
  describe.each(Object.entries(CASES).filter(([opId]) => areaOfOperation(opId) === area))('%s', (opId, c) => {
    const schema = contract.byId.get(opId)!.schema.body as { required?: string[]; oneOf?: Array<{ required: string[] }> };
    const required = schema.required ?? schema.oneOf?.[0].required ?? [];

    /** The caller's own id and a token (made before the snapshot: sessions are rows too). */
    let self = 1;
    let token: string | null = null;
    beforeAll(async () => {
      if (!c.as) return;
      self = await userId(app(), c.as);
      token = (await sessionFor(app(), c.as)).session.token;
    });

    async function send(payload: string | object, contentType = 'application/json') {
      const res = await app().request({ method: c.method, url: c.url(self), payload, token, headers: { 'content-type': contentType } });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { error: string; errors?: Array<{ field: string; message: string }> };
      expect(body.error).toBeTruthy();
      return body.errors ?? [];
    }

    test('malformed bodies are 400, name the field, and change nothing', async () => {
      const before = await snapshot(app().db);

      for (const text of ['{"a": ', '', 'nul', "{'single': 'quotes'}"])
        expect(await send(text), `body ${JSON.stringify(text)}`).toContainEqual(expect.objectContaining({ field: 'body' }));
      for (const notAnObject of [[], 'text', 42, null]) expect((await send(JSON.stringify(notAnObject))).length).toBeGreaterThan(0);
      expect((await send(JSON.stringify(c.valid), 'text/plain')).length).toBeGreaterThan(0);
      expect(await send('<xml/>', 'application/xml')).toContainEqual(expect.objectContaining({ field: 'body' }));

      for (const field of required) {
        const { [field]: _gone, ...rest } = c.valid;
        expect(await send(rest), `without ${field}`).toContainEqual({ field, message: 'is required' });
      }
      expect(await send({ ...c.valid, unexpected: 1 })).toContainEqual({ field: 'unexpected', message: 'is not allowed' });
      for (const [field, value] of Object.entries(c.valid)) {
        const errors = await send({ ...c.valid, [field]: wrongType(value) });
        expect(errors.map((e) => e.field), `${field} as ${JSON.stringify(wrongType(value))}`).toContain(field);
      }

      expect(await snapshot(app().db)).toEqual(before);
    });

    test('random JSON bodies never cause a 500 or break the contract', async () => {
      const keys = [...Object.keys(c.valid), 'extra'];
      const body = fc.oneof(
        fc.jsonValue(),
        fc.dictionary(fc.constantFrom(...keys), fc.jsonValue()),
        // Mostly right, with one field replaced by anything.
        fc.tuple(fc.constantFrom(...keys), fc.jsonValue()).map(([k, v]) => ({ ...c.valid, [k]: v })),
      );
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await app().request({ method: c.method, url: c.url(self), payload: JSON.stringify(payload), token });
          expect(res.statusCode).toBeLessThan(500); // and injectChecked holds it to the contract
        }),
        { numRuns: 40 },
      );
    });
  });

  describe.each(SPOILABLE.filter((o) => areaOf(o.path) === area).map((o) => [o.operationId, o] as const))('%s under bad text and numbers', (_id, op) => {
    const valid = validRequest(op);
    let token: string | null = null;
    let self = '1';
    beforeAll(async () => {
      if (!valid.as) return;
      self = String(await userId(app(), valid.as));
      token = (await sessionFor(app(), valid.as)).session.token;
    });

    function urlOf(path: Record<string, string>, query: Record<string, string>, encode = encodeLoose): string {
      const p = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => (path[name] === 'SELF' ? self : encode(path[name])));
      const q = Object.entries(query).map(([k, v]) => `${k}=${encode(v)}`).join('&');
      return `${contract.basePath}${p}${q ? `?${q}` : ''}`;
    }
    async function refused(path: Record<string, string>, query: Record<string, string>, body: unknown, field: string) {
      const res = await app().request({ method: op.method, url: urlOf(path, query), payload: body as object | undefined, token });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field), res.body).toContain(field);
    }

    const { textParts, bodyLeaves, numbers } = spoilable(op, valid);

    if (textParts.length || bodyLeaves.length) {
      test('a NUL or a lone surrogate in any text is 400 on that field, and nothing changes', async () => {
        const before = await snapshot(app().db);
        await fc.assert(
          fc.asyncProperty(badText, fc.nat(), async (text, pick) => {
            const all = textParts.length + bodyLeaves.length;
            const i = pick % all;
            if (i < textParts.length) {
              const part = textParts[i];
              const path = part.where === 'path' ? { ...valid.path, [part.name]: text } : valid.path;
              const query = part.where === 'query' ? { ...valid.query, [part.name]: text } : valid.query;
              await refused(path, query, valid.body, part.name);
            } else {
              const leaf = bodyLeaves[i - textParts.length];
              await refused(valid.path, valid.query, leaf.replace(text), leaf.field);
            }
          }),
          { numRuns: 30 },
        );
        expect(await snapshot(app().db)).toEqual(before);
      });
    }

    if (numbers.length) {
      test('every integer parameter has a maximum, and anything past it is 400', async () => {
        for (const n of numbers) expect(n.s.maximum, `${n.name} has no maximum`).toBeLessThanOrEqual(2_147_483_647);
        const before = await snapshot(app().db);
        const outOfRange = fc.oneof(
          fc.constantFrom('2147483648', 'Infinity', '-Infinity', '1e309', 'NaN', '9'.repeat(40), '1e999'),
          fc.bigInt({ min: 2_147_483_648n, max: 10n ** 30n }).map(String),
        );
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...numbers), outOfRange, async (n, value) => {
            const path = n.where === 'path' ? { ...valid.path, [n.name]: value } : valid.path;
            const query = n.where === 'query' ? { ...valid.query, [n.name]: value } : valid.query;
            await refused(path, query, valid.body, n.name);
          }),
          { numRuns: 25 },
        );
        expect(await snapshot(app().db)).toEqual(before);
      });
    }
  });
}
