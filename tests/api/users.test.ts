import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO, addUser, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionFor(t, DEMO.admin);
});
afterAll(() => t?.close());

describe('DELETE /users/{userId}/failed-logins', () => {
  const reset = (client: TestClient, userId: number) =>
    client.DELETE('/users/{userId}/failed-logins', { params: { path: { userId } } });

  test('clears the count and the lock, and records who did it', async () => {
    const u = await addUser(t);
    await t.db.query('INSERT INTO login_failures (email, failures, locked_until, updated_at) VALUES (lower($1), 5, $2, $2)', [u.email, t.clock.now()]);
    const res = await reset(admin, u.id);
    expect(res.data).toMatchObject({ id: u.id, email: u.email, failedLogins: 0, lockedUntil: null });
    const { rows } = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'reset_failed_logins' AND user_id = $1 AND original_user_id IS NOT NULL`,
      [u.id],
    );
    expect(rows).toHaveLength(1);
  });

  test('an unknown user is 404; a malformed id 400', async () => {
    expect((await reset(admin, 999_999)).response.status).toBe(404);
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await t.request({ method: 'DELETE', url: `/rest/users/${id}/failed-logins`, token: admin.session.token });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().errors[0].field).toBe('userId');
    }
  });

  test('a super admin may; other roles may not; no session is 401', async () => {
    const u = await addUser(t);
    expect((await reset(await sessionFor(t, DEMO.superAdmin), u.id)).response.status).toBe(200);
    for (const email of [DEMO.agent, DEMO.vendor, DEMO.regional, DEMO.corporate])
      expect((await reset(await sessionFor(t, email), u.id)).response.status, email).toBe(403);
    expect((await reset(t.client(), u.id)).response.status).toBe(401);
  });
});
