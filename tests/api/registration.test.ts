import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { PEOPLE_MSG, alreadyExists } from '../../src/domain/people/messages';
import { DEMO, login, sessionFor } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * Registration by invitation (document 001 sections 2, 4, 5 and 8): the emailed key,
 * the invalid-key text, the form, then a sign-in that meets the terms first.
 */
let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionFor(t, DEMO.admin);
});
afterAll(() => t?.close());

let invites = 0;
/** An admin creates a user; the key is read from the invitation mail. */
async function invite(): Promise<{ key: string; email: string }> {
  invites += 1;
  const email = `invitee-${invites}@example.test`;
  // A fresh session: tests move the clock past a session's life.
  admin = await sessionFor(t, DEMO.admin);
  const res = await admin.POST('/users', {
    body: { email, firstName: 'Ivy', lastName: `Invitee${invites}`, role: 'user', timezone: 'America/Denver', companyName: `Ivy ${invites} Agency` },
  });
  expect(res.response.status).toBe(201);
  const mail = await t.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [email]);
  return { key: /\/registration\/([A-Za-z0-9_-]+)/.exec(mail.rows[0].text_body)![1], email };
}

const form = (key: string, email: string, more: object = {}) => ({
  key, email, firstName: 'Ivy', lastName: 'Invitee', phoneNumber: '5125550123', address1: '1 Main St', city: 'Austin',
  zipcode: '78701', companyName: 'Ivy Invitee Agency', state: 'TX', country: 'US' as const, password: 'Welcome#2026',
  confirmation: 'Welcome#2026', ...more,
});

test('the key opens the form with what the admin entered', async () => {
  const { key, email } = await invite();
  const res = await t.client().POST('/registration/authenticate', { body: { key } });
  expect(res.data).toEqual({ email, firstName: 'Ivy', lastName: `Invitee${invites}`, agentId: null, companyName: `Ivy ${invites} Agency` });
});

test('an unknown key gets the specification’s text', async () => {
  const res = await t.client().POST('/registration/authenticate', { body: { key: 'x'.repeat(43) } });
  expect(res.response.status).toBe(422);
  expect(res.error?.error).toBe(PEOPLE_MSG.registrationTokenInvalid);
});

test('registering signs in through a one-time key, meets the terms, and spends the invitation', async () => {
  const { key, email } = await invite();
  const res = await t.client().POST('/registration/register', { body: form(key, email) });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  const client = t.client();
  const signedIn = await client.POST('/authentication/sso', { body: { key: res.data!.ssoKey } });
  expect(signedIn.data?.user).toMatchObject({ email, role: 'user', tosConsent: false, phoneNumber: '5125550123', company: { name: 'Ivy Invitee Agency' } });
  expect((await client.POST('/authentication/user', { body: { tos: true, initials: ['II', 'II'] } })).data?.user.tosConsent).toBe(true);
  // The password works; the key does not, twice.
  expect((await login(t, email, 'Welcome#2026')).response.status).toBe(200);
  const again = await t.client().POST('/registration/register', { body: form(key, email) });
  expect(again.response.status).toBe(422);
  expect(again.error?.error).toBe(PEOPLE_MSG.registrationTokenInvalid);
  expect((await t.client().POST('/registration/authenticate', { body: { key } })).response.status).toBe(422);
});

test('an expired key is invalid', async () => {
  const { key, email } = await invite();
  t.clock.advance(8 * 24 * 60 * 60_000);
  const res = await t.client().POST('/registration/register', { body: form(key, email) });
  expect(res.error?.error).toBe(PEOPLE_MSG.registrationTokenInvalid);
});

test('a newer invitation replaces the older key', async () => {
  const { key, email } = await invite();
  const id = (await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])).rows[0].id;
  await admin.POST('/users/{userId}/invitation', { params: { path: { userId: id } } });
  expect((await t.client().POST('/registration/authenticate', { body: { key } })).response.status).toBe(422);
});

describe('bad input changes nothing, and the key still works after', () => {
  test.each([
    ['missing fields', { firstName: '', city: ' ' }, 'firstName'],
    ['weak password', { password: 'short', confirmation: 'short' }, 'password'],
    ['mismatched confirmation', { confirmation: 'Welcome#2027' }, 'confirmation'],
    ['bad ZIP', { zipcode: '7870' }, 'zipcode'],
    ['unknown state', { state: 'ZZ' }, 'state'],
    ['country', { country: 'FR' }, 'country'],
    ['unknown field', { extra: true }, 'extra'],
  ])('%s', async (_name, more, field) => {
    const { key, email } = await invite();
    const before = await snapshot(t.db);
    const res = await t.request({ method: 'POST', url: '/rest/registration/register', payload: form(key, email, more) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('missing fields say the specification’s text', async () => {
    const { key, email } = await invite();
    const res = await t.client().POST('/registration/register', { body: form(key, email, { lastName: '' }) });
    expect(res.error?.errors).toContainEqual({ field: 'lastName', message: MSG.profileRequired });
  });

  test('a taken email or agent id is 409, and the key may be used again', async () => {
    const { key, email } = await invite();
    const before = await snapshot(t.db);
    const taken = await t.client().POST('/registration/register', { body: form(key, email, { email: DEMO.agent }) });
    expect(taken.response.status).toBe(409);
    expect(taken.error?.error).toBe(alreadyExists(DEMO.agent));
    const agentId = await t.client().POST('/registration/register', { body: form(key, email, { agentId: 'DEMO001' }) });
    expect(agentId.error?.errors).toEqual([{ field: 'agentId', message: alreadyExists('DEMO001') }]);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await t.client().POST('/registration/register', { body: form(key, email) })).response.status).toBe(200);
  });
});
