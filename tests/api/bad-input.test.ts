import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../src/server/contract/openapi';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Malformed bodies on every operation that takes one: a 400 that names the field, and
 * no change in the database. Each case starts from a body that fits the contract.
 */
interface BodyCase {
  method: 'POST' | 'PUT';
  url: (self: number) => string;
  /** Who calls (null: nobody signed in). */
  as: string | null;
  valid: Record<string, unknown>;
}
const KEY = 'A'.repeat(43);
const CASES: Record<string, BodyCase> = {
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
  updateProfile: {
    method: 'PUT',
    url: (self) => `/rest/users/${self}`,
    as: DEMO.agent,
    valid: { firstName: 'A', lastName: 'B', phoneNumber: '5125550100', address1: 'x', city: 'y', state: 'TX', zipcode: '78701', companyName: 'z' },
  },
};

/** A value of another JSON type than `v`. */
const wrongType = (v: unknown): unknown => (typeof v === 'string' ? 12345 : typeof v === 'boolean' ? 'yes' : Array.isArray(v) ? 'not-a-list' : true);

const contract = loadContract();
const withBody = contract.operations.filter((o) => o.schema.body).map((o) => o.operationId);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

test('every operation that takes a body has a case', () => {
  expect(Object.keys(CASES).sort()).toEqual([...withBody].sort());
});

describe.each(Object.entries(CASES))('%s', (opId, c) => {
  const schema = contract.byId.get(opId)!.schema.body as { required?: string[]; oneOf?: Array<{ required: string[] }> };
  const required = schema.required ?? schema.oneOf?.[0].required ?? [];

  /** The caller's own id and a token (made before the snapshot: sessions are rows too). */
  let self = 1;
  let token: string | null = null;
  beforeAll(async () => {
    if (!c.as) return;
    self = await userId(t, c.as);
    token = (await sessionFor(t, c.as)).session.token;
  });

  async function send(payload: string | object, contentType = 'application/json') {
    const res = await t.request({ method: c.method, url: c.url(self), payload, token, headers: { 'content-type': contentType } });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { error: string; errors?: Array<{ field: string; message: string }> };
    expect(body.error).toBeTruthy();
    return body.errors ?? [];
  }

  test('malformed bodies are 400, name the field, and change nothing', async () => {
    const before = await snapshot(t.db);

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

    expect(await snapshot(t.db)).toEqual(before);
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
        const res = await t.request({ method: c.method, url: c.url(self), payload: JSON.stringify(payload), token });
        expect(res.statusCode).toBeLessThan(500); // and injectChecked holds it to the contract
      }),
      { numRuns: 40 },
    );
  });
});

describe('login under random input', () => {
  test('any text as the body is a clear 4xx, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        const res = await t.request({ method: 'POST', url: '/rest/authentication/login', payload: text });
        expect([400, 422, 429]).toContain(res.statusCode);
      }),
      { numRuns: 150 },
    );
  });

  test('well-formed logins with random credentials are refused without a session', async () => {
    const arb = fc.record({
      username: fc.oneof(fc.emailAddress(), fc.string({ minLength: 1, maxLength: 254 })),
      password: fc.string({ minLength: 1, maxLength: 128 }),
      captcha: fc.oneof(fc.base64String({ minLength: 1, maxLength: 400 }), fc.string({ minLength: 1, maxLength: 400 })),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (body) => {
        const res = await t.request({ method: 'POST', url: '/rest/authentication/login', payload: body });
        expect([422, 429]).toContain(res.statusCode);
        expect(res.headers['x-auth-token']).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});
