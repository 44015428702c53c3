import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { PEOPLE_DESIGNED_MSG, PEOPLE_MSG, alreadyExists } from '../../src/domain/people/messages';
import { statusRefusal, STATUS_ACTIONS, type StatusAction } from '../../src/domain/people/status';
import { USER_STATUSES, type UserStatus } from '../../src/domain/roles';
import { DEMO, addUser, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * User management (document 000 sections 2, 4, 5 and 8): search, the new-user form's
 * checks, creating with an invitation, the status rules, the per-user settings and the
 * history. Every refusal leaves the database as it was.
 */
let t: TestApp;
let admin: TestClient;
let superAdmin: TestClient;
let agent: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionFor(t, DEMO.admin);
  superAdmin = await sessionFor(t, DEMO.superAdmin);
  agent = await sessionFor(t, DEMO.agent);
});
afterAll(() => t?.close());

const NON_ADMINS = [DEMO.agent, DEMO.pro, DEMO.regional, DEMO.corporate, DEMO.vendor];
const statusOf = async (id: number) => (await t.db.query<{ status: UserStatus }>('SELECT status FROM users WHERE id = $1', [id])).rows[0].status;

describe('GET /users/all (search)', () => {
  const search = (client: TestClient, query: Record<string, string | number>) =>
    client.GET('/users/all', { params: { query: query as never } });

  test('finds by email, name, agent id and company from 3 characters', async () => {
    expect((await search(admin, { term: 'agent@demo' })).data?.users.map((u) => u.email)).toContain(DEMO.agent);
    expect((await search(admin, { term: 'Aver' })).data?.users.map((u) => u.email)).toContain(DEMO.agent);
    expect((await search(admin, { term: 'demo001' })).data?.users.map((u) => u.email)).toEqual([DEMO.agent]);
    expect((await search(admin, { term: 'Avery Agent Agency' })).data?.users.length).toBeGreaterThan(1);
  });

  test('2 characters are refused; wildcards are text', async () => {
    const short = await search(admin, { term: 'ag' });
    expect(short.response.status).toBe(400);
    expect(short.error?.errors?.[0].field).toBe('term');
    expect((await search(admin, { term: '%%%' })).data?.users).toEqual([]);
  });

  test('exact email and agent id; role and status filters (1 active, 0 inactive, 2 archived)', async () => {
    expect((await search(admin, { email: 'AGENT@demo.test' })).data?.users.map((u) => u.email)).toEqual([DEMO.agent]);
    expect((await search(admin, { email: 'agent@demo' })).data?.users).toEqual([]);
    const admins = (await search(admin, { role: 'admin', status: 1 })).data!.users;
    expect(admins.map((u) => u.email).sort()).toEqual([DEMO.admin, DEMO.superAdmin].sort());
    const archived = await addUser(t, { status: 'archived' });
    expect((await search(admin, { status: 2, limit: 50 })).data?.users.map((u) => u.email)).toContain(archived.email);
    expect((await search(admin, { status: 3 })).response.status).toBe(400);
  });

  test('only admins may search', async () => {
    expect((await search(superAdmin, { term: 'agent' })).response.status).toBe(200);
    for (const email of NON_ADMINS) expect((await search(await sessionFor(t, email), { term: 'agent' })).response.status, email).toBe(403);
    expect((await search(t.client(), { term: 'agent' })).response.status).toBe(401);
  });
});

describe('GET /users/agent and GET /companies', () => {
  test('an agent id finds its user, or nothing', async () => {
    expect((await admin.GET('/users/agent', { params: { query: { externalAgentId: 'DEMO001' } } })).data?.results.map((u) => u.email)).toEqual([DEMO.agent]);
    expect((await admin.GET('/users/agent', { params: { query: { externalAgentId: 'NOPE99' } } })).data?.results).toEqual([]);
    expect((await agent.GET('/users/agent', { params: { query: { externalAgentId: 'DEMO001' } } })).response.status).toBe(403);
  });

  test('companies by name', async () => {
    expect((await admin.GET('/companies', { params: { query: { name: 'avery' } } })).data?.companies.map((c) => c.name)).toContain('Avery Agent Agency');
    expect((await agent.GET('/companies', { params: { query: { name: 'avery' } } })).response.status).toBe(403);
  });
});

describe('POST /users (new user with an invitation)', () => {
  const body = (n: string) => ({
    email: `new-${n}@example.test`, firstName: 'Nina', lastName: 'Novak', agentId: `NEW${n}`, role: 'user' as const,
    timezone: 'America/Chicago' as const, companyName: `Novak ${n} Insurance`,
  });

  test('creates an active user without terms consent and mails a registration link, audited', async () => {
    const res = await admin.POST('/users', { body: body('a1') });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({ email: 'new-a1@example.test', role: 'user', status: 'active', tosConsent: false, agentId: 'NEWa1', timezone: 'America/Chicago', company: { name: 'Novak a1 Insurance' } });
    const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', ['new-a1@example.test']);
    expect(rows).toHaveLength(1);
    expect(rows[0].text_body).toMatch(/\/registration\/[A-Za-z0-9_-]{20,}/);
    const history = await admin.GET('/users/{userId}/history', { params: { path: { userId: res.data!.id } } });
    expect(history.data?.entries.map((e) => e.action)).toEqual(['user_invited', 'user_created']);
    expect(history.data?.entries[0].by?.email).toBe(DEMO.admin);
  });

  test('an existing company by id', async () => {
    const company = (await t.db.query<{ id: number }>(`SELECT id FROM companies WHERE name = 'Avery Agent Agency'`)).rows[0].id;
    const { companyName: _, ...rest } = body('a2');
    const res = await admin.POST('/users', { body: { ...rest, companyId: company, role: 'regional' } });
    expect(res.data).toMatchObject({ role: 'regional', company: { id: company } });
    const missing = await admin.POST('/users', { body: { ...rest, email: 'x-a2@example.test', agentId: 'X-A2', companyId: 999_999 } });
    expect(missing.response.status).toBe(404);
  });

  test('a taken email or agent id is 409 "Sorry, {name} already exists." and nothing changes', async () => {
    const before = await snapshot(t.db);
    const email = await admin.POST('/users', { body: { ...body('b1'), email: 'Agent@Demo.test' } });
    expect(email.response.status).toBe(409);
    expect(email.error).toMatchObject({ error: alreadyExists('Agent@Demo.test'), errors: [{ field: 'email' }] });
    const agentId = await admin.POST('/users', { body: { ...body('b2'), agentId: 'DEMO001' } });
    expect(agentId.response.status).toBe(409);
    expect(agentId.error).toMatchObject({ error: alreadyExists('DEMO001'), errors: [{ field: 'agentId' }] });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('bad input is 400 with field errors, and nothing changes', async () => {
    const before = await snapshot(t.db);
    const cases: Array<[object, string]> = [
      [{ ...body('c1'), email: 'not-an-email' }, 'email'],
      [{ ...body('c2'), role: 'admin' }, 'role'],
      [{ ...body('c3'), timezone: 'Europe/Paris' }, 'timezone'],
      [{ ...body('c4'), firstName: '  ' }, 'firstName'],
      [{ ...body('c5'), companyName: undefined }, 'companyName'],
      [{ ...body('c6'), extra: 1 }, 'extra'],
    ];
    for (const [b, field] of cases) {
      const res = await t.request({ method: 'POST', url: '/rest/users', payload: b, token: admin.session.token });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field), field).toContain(field);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('only admins create users', async () => {
    for (const email of NON_ADMINS) {
      const res = await (await sessionFor(t, email)).POST('/users', { body: body(`r-${email.length}`) });
      expect(res.response.status, email).toBe(403);
    }
  });

  test('an invitation can be sent again until the user registers', async () => {
    const created = (await admin.POST('/users', { body: body('d1') })).data!;
    const again = await admin.POST('/users/{userId}/invitation', { params: { path: { userId: created.id } } });
    expect(again.data).toEqual({ message: PEOPLE_DESIGNED_MSG.invitationSent });
    const registered = await admin.POST('/users/{userId}/invitation', { params: { path: { userId: await userId(t, DEMO.agent) } } });
    expect(registered.response.status).toBe(422);
    expect(registered.error?.error).toBe(PEOPLE_DESIGNED_MSG.invitationOnlyUnregistered);
  });
});

describe('status: archive, cancel, reactivate (document 000 section 4)', () => {
  const call = (client: TestClient, action: StatusAction, id: number, reason = 'Test reason') => {
    const path = { params: { path: { userId: id } } };
    if (action === 'archive') return client.DELETE('/users/archive/{userId}', path);
    if (action === 'cancel') return client.POST('/users/cancel/{userId}', { ...path, body: { reason } });
    return client.POST('/users/reactivate/{userId}', { ...path, body: { reason } });
  };

  // Every action from every status: the domain's rule decides, the server enforces it.
  const matrix = STATUS_ACTIONS.flatMap((action) => USER_STATUSES.map((from) => [action, from] as const));
  test.each(matrix)('%s from %s', async (action, from) => {
    const u = await addUser(t, { status: from });
    const refusal = statusRefusal(action, from);
    const before = await snapshot(t.db);
    const res = await call(admin, action, u.id);
    if (refusal) {
      expect(res.response.status).toBe(422);
      expect(res.error?.error).toBe(refusal);
      expect(await snapshot(t.db)).toEqual(before);
    } else {
      expect(res.response.status).toBe(200);
      expect(res.data?.user.status).toBe({ archive: 'archived', cancel: 'cancelled', reactivate: 'active' }[action]);
      const history = (await admin.GET('/users/{userId}/history', { params: { path: { userId: u.id } } })).data!.entries;
      expect(history[0]).toMatchObject({ by: { email: DEMO.admin }, detail: { from, ...(action === 'archive' ? {} : { reason: 'Test reason' }) } });
    }
  });

  test('the allowed moves are the specification’s', () => {
    const allowed = matrix.filter(([a, f]) => statusRefusal(a, f) === null).map(([a, f]) => `${a}:${f}`);
    expect(allowed.sort()).toEqual(['archive:active', 'cancel:active', 'reactivate:archived', 'reactivate:cancelled', 'reactivate:inactive']);
    expect(statusRefusal('cancel', 'cancelled')).toBe(PEOPLE_DESIGNED_MSG.alreadyCancelled);
  });

  test('cancel and reactivate need a reason; nothing changes without one', async () => {
    const u = await addUser(t);
    const before = await snapshot(t.db);
    for (const reason of ['', '   ']) {
      const res = await call(admin, 'cancel', u.id, reason);
      expect(res.response.status).toBe(400);
      expect(res.error?.errors?.[0].field).toBe('reason');
    }
    const none = await t.request({ method: 'POST', url: `/rest/users/cancel/${u.id}`, payload: {}, token: admin.session.token });
    expect(none.statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('a cancelled user’s session ends', async () => {
    const u = await addUser(t);
    const client = await sessionFor(t, u.email);
    expect((await client.GET('/authentication/user')).response.status).toBe(200);
    await call(admin, 'cancel', u.id);
    expect((await client.GET('/authentication/user')).response.status).toBe(401);
  });

  test('the other-administrator rule: a plain admin cannot, a super admin can', async () => {
    const other = await addUser(t, { role: 'admin' });
    const before = await snapshot(t.db);
    for (const action of STATUS_ACTIONS) {
      const res = await call(admin, action, other.id);
      expect(res.response.status, action).toBe(403);
      expect(res.error?.error).toBe(MSG.switchIntoAdmin);
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect((await call(superAdmin, 'archive', other.id)).response.status).toBe(200);
    expect(await statusOf(other.id)).toBe('archived');
    expect((await call(superAdmin, 'reactivate', other.id)).response.status).toBe(200);
  });

  test('non-admins are refused; unknown users 404', async () => {
    const u = await addUser(t);
    for (const email of NON_ADMINS)
      for (const action of STATUS_ACTIONS) expect((await call(await sessionFor(t, email), action, u.id)).response.status).toBe(403);
    expect(await statusOf(u.id)).toBe('active');
    expect((await call(admin, 'archive', 999_999)).response.status).toBe(404);
  });
});

describe('per-user settings', () => {
  test('cancel-exhausting, ALM Pro, CRM, features: admins, audited', async () => {
    const u = await addUser(t);
    const path = { params: { path: { userId: u.id } } };
    expect((await admin.PUT('/users/{userId}/cancel-exhausting', { ...path, body: { cancelExhausting: true } })).data?.settings.cancelExhausting).toBe(true);
    expect((await admin.POST('/users/{userId}/almpro/grant', path)).data?.settings).toMatchObject({ almProUser: true, almProManualOverride: true });
    expect((await admin.POST('/users/{userId}/almpro/revoke', path)).data?.settings.almProUser).toBe(false);
    const crm = await admin.PUT('/users/crm/{userId}', { ...path, body: { salesforceAccountId: '001ABC', salesforceContactId: '' } });
    expect(crm.data?.settings).toMatchObject({ salesforceAccountId: '001ABC', salesforceContactId: null });
    const add = await admin.POST('/users/features/{featureId}/{userId}', { params: { path: { featureId: 'lead-lists', userId: u.id } } });
    expect(add.data?.features).toContain('lead-lists');
    const again = await admin.POST('/users/features/{featureId}/{userId}', { params: { path: { featureId: 'lead-lists', userId: u.id } } });
    expect(again.data?.features.filter((f) => f === 'lead-lists')).toHaveLength(1);
    const removed = await admin.DELETE('/users/features/{featureId}/{userId}', { params: { path: { featureId: 'lead-lists', userId: u.id } } });
    expect(removed.data?.features).not.toContain('lead-lists');
    const unknown = await admin.POST('/users/features/{featureId}/{userId}', { params: { path: { featureId: 'super-admin', userId: u.id } } });
    expect(unknown.response.status).toBe(404);
    const actions = (await admin.GET('/users/{userId}/history', path)).data!.entries.map((e) => e.action);
    expect(actions).toEqual(['feature_removed', 'feature_added', 'crm_updated', 'almpro_revoked', 'almpro_granted', 'cancel_exhausting']);
  });

  test('the flags of GET /users/features say what they do', async () => {
    const res = await admin.GET('/users/features');
    expect(res.data?.features.length).toBeGreaterThan(5);
    for (const f of res.data!.features) expect(f.description.length).toBeGreaterThan(10);
    expect((await agent.GET('/users/features')).response.status).toBe(403);
  });

  test('non-admins may not set them, nor read another user', async () => {
    const u = await addUser(t);
    const path = { params: { path: { userId: u.id } } };
    const before = await snapshot(t.db);
    expect((await agent.PUT('/users/{userId}/cancel-exhausting', { ...path, body: { cancelExhausting: true } })).response.status).toBe(403);
    expect((await agent.POST('/users/{userId}/almpro/grant', path)).response.status).toBe(403);
    expect((await agent.PUT('/users/crm/{userId}', { ...path, body: { salesforceAccountId: 'A', salesforceContactId: 'B' } })).response.status).toBe(403);
    expect((await agent.POST('/users/features/{featureId}/{userId}', { params: { path: { featureId: 'lead-lists', userId: u.id } } })).response.status).toBe(403);
    expect((await agent.GET('/users/{userId}/detail', path)).response.status).toBe(403);
    expect((await agent.POST('/contact/update/{userId}', { ...path, body: { newsletter_subscription: true } })).response.status).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('contact preferences: one’s own, and an admin’s for a user', async () => {
    const me = await userId(t, DEMO.agent);
    const own = await agent.POST('/contact/update/{userId}', { params: { path: { userId: me } }, body: { newsletter_subscription: true } });
    expect(own.data?.settings.newsletterSubscription).toBe(true);
    expect((await agent.GET('/users/{userId}/detail', { params: { path: { userId: me } } })).data?.settings.newsletterSubscription).toBe(true);
    const byAdmin = await admin.POST('/contact/update/{userId}', { params: { path: { userId: me } }, body: { newsletter_subscription: false } });
    expect(byAdmin.data?.settings.newsletterSubscription).toBe(false);
    const entries = (await admin.GET('/users/{userId}/history', { params: { path: { userId: me } } })).data!.entries;
    expect(entries.slice(0, 2).map((e) => [e.action, e.by?.email ?? null])).toEqual([['contact_updated', DEMO.admin], ['contact_updated', null]]);
  });

  test('bad input: CRM ids of other characters, a non-boolean, an unknown field; nothing changes', async () => {
    const u = await addUser(t);
    const before = await snapshot(t.db);
    const token = admin.session.token;
    for (const [url, method, payload] of [
      [`/rest/users/crm/${u.id}`, 'PUT', { salesforceAccountId: 'a b', salesforceContactId: '' }],
      [`/rest/users/crm/${u.id}`, 'PUT', { salesforceAccountId: 'x'.repeat(41), salesforceContactId: '' }],
      [`/rest/contact/update/${u.id}`, 'POST', { newsletter_subscription: 'yes' }],
      [`/rest/users/${u.id}/cancel-exhausting`, 'PUT', { cancelExhausting: true, more: 1 }],
      [`/rest/users/features/BAD ID/${u.id}`, 'POST', undefined],
    ] as const) {
      const res = await t.request({ method, url, payload, token });
      expect(res.statusCode, url).toBe(400);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('PEOPLE_MSG', () => {
  test('success and failure texts are the specification’s', () => {
    expect(PEOPLE_MSG.userArchived).toBe('User has been archived !');
    expect(PEOPLE_MSG.cancelFailed).toBe('Failed to cancel user.');
  });
});
