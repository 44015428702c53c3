import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_LEADVANTAGE_SSO_URL } from '../../src/domain/people/lead-vantage';
import { loadConfig } from '../../src/server/config';
import { addUser, DEMO, login, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * LeadVantage access (document 000 section 6): a non-admin user whose company has no
 * LeadVantage access is sent to an external single-sign-on address set by configuration.
 * The server answers the address with every sign-in and "who am I"; the session machine
 * takes the browser there (tests/machines/session.paths.ts).
 */
const SSO = 'https://sso.example.test/leadvantage?from=leadline';
let t: TestApp;
let company: number;
let superAdmin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ leadVantageSsoUrl: SSO });
  superAdmin = await sessionFor(t, DEMO.superAdmin);
  company = (await t.db.query<{ id: number }>('SELECT company_id AS id FROM users WHERE email = $1', [DEMO.agent])).rows[0].id;
});
afterAll(() => t?.close());

const setAccess = async (on: boolean) => {
  const res = await superAdmin.PUT('/companies/{companyId}', { params: { path: { companyId: company } }, body: { hasLeadVantageAccess: on } });
  expect(res.response.status).toBe(200);
};
const whoAmI = async (client: TestClient) => (await client.GET('/authentication/user')).data!;

test('with access (the default), nobody is sent away', async () => {
  const { data } = await login(t, DEMO.agent);
  expect(data?.leadVantageSso).toBeNull();
  expect((await whoAmI(await sessionFor(t, DEMO.admin))).leadVantageSso).toBeNull();
});

test('without access: its users are sent to the configured address at sign-in and on every "who am I"', async () => {
  const agent = await sessionFor(t, DEMO.agent);
  const vendorOfCompany = await addUser(t, { role: 'vendor' });
  await setAccess(false);
  try {
    const signedIn = await login(t, DEMO.agent);
    expect(signedIn.response.status).toBe(200);
    expect(signedIn.data?.leadVantageSso).toBe(SSO);
    // A session already open learns it on its next check (the session cache is invalidated).
    expect((await whoAmI(agent)).leadVantageSso).toBe(SSO);
    expect((await whoAmI(await sessionFor(t, vendorOfCompany.email))).leadVantageSso).toBe(SSO);
    // Another company's users stay.
    expect((await whoAmI(await sessionFor(t, DEMO.vendor))).leadVantageSso).toBeNull();
  } finally {
    await setAccess(true);
  }
  expect((await whoAmI(agent)).leadVantageSso).toBeNull();
});

test('administrators are never sent away, nor is an admin switched into such a user', async () => {
  const adminOfCompany = await addUser(t, { role: 'admin' });
  await setAccess(false);
  try {
    expect((await whoAmI(await sessionFor(t, adminOfCompany.email))).leadVantageSso).toBeNull();
    const switched = await whoAmI(await sessionFor(t, DEMO.admin, DEMO.agent));
    expect(switched.user.email).toBe(DEMO.agent);
    expect(switched.leadVantageSso).toBeNull();
  } finally {
    await setAccess(true);
  }
});

test('the address is configuration: LEADVANTAGE_SSO_URL, an http(s) URL, with a default', () => {
  expect(loadConfig({}).leadVantageSsoUrl).toBe(DEFAULT_LEADVANTAGE_SSO_URL);
  expect(loadConfig({ LEADVANTAGE_SSO_URL: 'https://sso.agency.example/start' }).leadVantageSsoUrl).toBe('https://sso.agency.example/start');
  expect(() => loadConfig({ LEADVANTAGE_SSO_URL: 'javascript:alert(1)' })).toThrow(/LEADVANTAGE_SSO_URL/);
  expect(() => loadConfig({ LEADVANTAGE_SSO_URL: 'not a url' })).toThrow(/LEADVANTAGE_SSO_URL/);
});
