import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { components } from '../../src/api/schema';
import { DESIGNED_MSG, MSG } from '../../src/domain/messages';
import { DEMO, login, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

type Profile = components['schemas']['ProfileInput'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const PROFILE: Profile = {
  firstName: 'Noah',
  lastName: 'Newman',
  phoneNumber: '(512) 555-0142',
  address1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701-1234',
  companyName: 'Newman Insurance',
};

const saveProfile = async (client: TestClient, email: string, body: Profile) =>
  client.PUT('/users/{userId}', { params: { path: { userId: await userId(t, email) } }, body });

/** A call that is not exempt from the gates: an empty password change (400 once past them). */
const gatedCall = async (client: TestClient, email: string) =>
  client.POST('/password/update/{userId}', { params: { path: { userId: await userId(t, email) } }, body: {} as { password: string } });

describe('provisional user', () => {
  let client: TestClient;
  beforeAll(async () => {
    const signedIn = await login(t, DEMO.provisional);
    expect(signedIn.data?.user.role).toBe('provisional_user');
    client = signedIn.client;
  });

  test('is refused other calls with code profile_required until the profile is complete', async () => {
    const res = await gatedCall(client, DEMO.provisional);
    expect(res.response.status).toBe(403);
    expect(res.error).toMatchObject({ error: DESIGNED_MSG.profileIncomplete, code: 'profile_required' });
  });

  test('a profile missing required fields is refused field by field and nothing changes', async () => {
    const before = await snapshot(t.db);
    const missing = await saveProfile(client, DEMO.provisional, {} as Profile);
    expect(missing.response.status).toBe(400);
    const fields = missing.error?.errors?.map((e) => e.field).sort();
    expect(fields).toEqual(['address1', 'city', 'companyName', 'firstName', 'lastName', 'phoneNumber', 'state', 'zipcode']);

    const blank = await saveProfile(client, DEMO.provisional, { ...PROFILE, firstName: ' ', city: '' });
    expect(blank.response.status).toBe(400);
    expect(blank.error?.errors).toEqual([
      { field: 'firstName', message: MSG.profileRequired },
      { field: 'city', message: MSG.profileRequired },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    ['zipcode', { zipcode: '7870' }],
    ['state', { state: 'ZZ' }],
    ['phoneNumber', { phoneNumber: '555-01' }],
  ])('a bad %s is refused', async (field, change) => {
    const res = await saveProfile(client, DEMO.provisional, { ...PROFILE, ...change });
    expect(res.response.status).toBe(400);
    expect(res.error?.errors?.map((e) => e.field)).toEqual([field]);
  });

  test('completing the profile makes a user, who must accept the terms next', async () => {
    const res = await saveProfile(client, DEMO.provisional, PROFILE);
    expect(res.response.status).toBe(200);
    expect(res.data?.user).toMatchObject({
      role: 'user',
      tosConsent: false,
      city: 'Austin',
      zipcode: '78701-1234',
      company: { name: 'Newman Insurance' },
    });
    const gated = await gatedCall(client, DEMO.provisional);
    expect(gated.error?.code).toBe('terms_required');
    await client.POST('/authentication/user', { body: { tos: true, initials: ['NN', 'NN'] } });
    expect((await gatedCall(client, DEMO.provisional)).response.status).toBe(400);
  });
});

describe('PUT /users/{userId}', () => {
  test('a user may not save someone else’s profile', async () => {
    const agent = await sessionFor(t, DEMO.agent);
    const res = await saveProfile(agent, DEMO.pro, PROFILE);
    expect(res.response.status).toBe(403);
  });

  test('an admin may, and is the original in the answer', async () => {
    const admin = await sessionFor(t, DEMO.admin);
    const res = await saveProfile(admin, DEMO.regional, { ...PROFILE, firstName: 'Rita', companyName: 'ignored for staff' });
    expect(res.data?.user).toMatchObject({ email: DEMO.regional, firstName: 'Rita', role: 'regional' });
    expect(res.data?.original?.email).toBe(DEMO.admin);
  });

  test('an agent id another user holds is a conflict (409), and nothing changes', async () => {
    const { rows } = await t.db.query<{ agent_id: string }>('SELECT agent_id FROM users WHERE email = $1', [DEMO.agent]);
    const taken = rows[0].agent_id;
    const pro = await sessionFor(t, DEMO.pro);
    const before = await snapshot(t.db);
    const res = await saveProfile(pro, DEMO.pro, { ...PROFILE, agentId: taken });
    expect(res.response.status).toBe(409);
    expect(res.error).toMatchObject({ error: `Sorry, ${taken} already exists.`, errors: [{ field: 'agentId' }] });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('an unknown user is 404 for an admin', async () => {
    const admin = await sessionFor(t, DEMO.admin);
    const res = await admin.PUT('/users/{userId}', { params: { path: { userId: 999_999 } }, body: PROFILE });
    expect(res.response.status).toBe(404);
  });
});

describe('editing another account', () => {
  test("an admin may not edit another administrator's profile; a super admin may", async () => {
    const admin = await sessionFor(t, DEMO.admin);
    const before = await snapshot(t.db);
    const refused = await saveProfile(admin, DEMO.superAdmin, PROFILE);
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toBe(MSG.switchIntoAdmin);
    expect(await snapshot(t.db)).toEqual(before);
    const superAdmin = await sessionFor(t, DEMO.superAdmin);
    expect((await saveProfile(superAdmin, DEMO.admin, { ...PROFILE, companyName: 'Leadline HQ' })).response.status).toBe(200);
  });
});
