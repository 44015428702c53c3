import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESIGNED_MSG, MSG } from '../../src/domain/messages';
import { DEMO, login, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const tosConsent = async (email: string) =>
  (await t.db.query<{ c: boolean }>('SELECT tos_consent AS c FROM users WHERE email = $1', [email])).rows[0].c;

/** A call that is not exempt from the gate: an empty password change (400 once past it). */
const gatedCall = async (client: TestClient, email: string) =>
  client.POST('/password/update/{userId}', {
    params: { path: { userId: await userId(t, email) } },
    body: {} as { password: string },
  });

describe('terms of service gate', () => {
  let notos: TestClient;
  beforeAll(async () => {
    const signedIn = await login(t, DEMO.noTerms);
    expect(signedIn.data?.user.tosConsent).toBe(false);
    notos = signedIn.client;
  });

  test('a user without consent is refused other calls with code terms_required', async () => {
    const before = await snapshot(t.db);
    const res = await gatedCall(notos, DEMO.noTerms);
    expect(res.response.status).toBe(403);
    expect(res.error).toMatchObject({ error: DESIGNED_MSG.termsRequired, code: 'terms_required' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('who-am-I is exempt from the gate', async () => {
    const me = await notos.GET('/authentication/user');
    expect(me.data?.user).toMatchObject({ email: DEMO.noTerms, tosConsent: false });
  });

  test.each([
    [['NN', 'XY']],
    [['', '']],
    [['  ', '  ']],
    [['NN', '']],
  ])('initials %j are refused with the specification’s message', async (initials) => {
    const res = await notos.POST('/authentication/user', { body: { tos: true, initials } });
    expect(res.response.status).toBe(400);
    expect(res.error).toEqual({ error: MSG.termsInitials, errors: [{ field: 'initials', message: MSG.termsInitials }] });
    expect(await tosConsent(DEMO.noTerms)).toBe(false);
  });

  test('tos must be true', async () => {
    const res = await notos.POST('/authentication/user', { body: { tos: false as true, initials: ['NN', 'NN'] } });
    expect(res.response.status).toBe(400);
    expect(res.error?.errors).toContainEqual({ field: 'tos', message: 'must be true' });
  });

  test('an admin switched into the user cannot accept for them', async () => {
    const admin = await sessionFor(t, DEMO.admin, DEMO.noTerms);
    const res = await admin.POST('/authentication/user', { body: { tos: true, initials: ['NN', 'NN'] } });
    expect(res.response.status).toBe(403);
    expect(await tosConsent(DEMO.noTerms)).toBe(false);
  });

  test('the same initials in both boxes (any case) accept the terms and open the app', async () => {
    const res = await notos.POST('/authentication/user', { body: { tos: true, initials: ['nn', ' NN '] } });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ user: { email: DEMO.noTerms, tosConsent: true }, original: null });
    expect(await tosConsent(DEMO.noTerms)).toBe(true);
    expect((await gatedCall(notos, DEMO.noTerms)).response.status).toBe(400);
  });
});
