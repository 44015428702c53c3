import type { Challenge } from 'altcha-lib';
import type { Role, UserStatus } from '../../src/domain/roles';
import { DEMO_PASSWORD } from '../../src/server/seed/accounts';
import { solveCaptcha } from '../../src/server/services/captcha';
import { createSession } from '../../src/server/services/sessions';
import type { TestApp, TestClient } from './test-app';

export { DEMO_PASSWORD };

/** Seeded demo accounts the tests sign in as (src/server/seed/accounts.ts). */
export const DEMO = {
  agent: 'agent@demo.test',
  pro: 'pro@demo.test',
  regional: 'regional@demo.test',
  corporate: 'corporate@demo.test',
  vendor: 'vendor@demo.test',
  admin: 'admin@demo.test',
  superAdmin: 'super@demo.test',
  provisional: 'newagent@demo.test',
  noTerms: 'notos@demo.test',
  cancelled: 'cancelled@demo.test',
} as const;

export async function userId(t: TestApp, email: string): Promise<number> {
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

/** A captcha solved the way the login form's widget solves it. */
export async function solvedCaptcha(client: TestClient): Promise<string> {
  const { data } = await client.GET('/captcha/challenge');
  return solveCaptcha(data as unknown as Challenge);
}

/** Sign in through POST /authentication/login; the returned client holds the token. */
export async function login(t: TestApp, email: string, password = DEMO_PASSWORD, client = t.client()) {
  const res = await client.POST('/authentication/login', {
    body: { username: email, password, captcha: await solvedCaptcha(client) },
  });
  return { client, ...res };
}

/** A signed-in client without the cost of a login (argon2): the session is made directly. */
export async function sessionFor(t: TestApp, email: string, switchUser: string | null = null): Promise<TestClient> {
  const token = await createSession(t.db, await userId(t, email), t.clock.now());
  return t.client({ token, switchUser });
}

let added = 0;
/** A user of any role or status, with the demo password, so a test can spoil it freely. */
export async function addUser(
  t: TestApp,
  opts: { role?: Role; status?: UserStatus; tosConsent?: boolean; superAdmin?: boolean; email?: string } = {},
): Promise<{ id: number; email: string }> {
  added += 1;
  const email = opts.email ?? `${opts.role ?? 'user'}-${added}-${process.pid}@test.test`;
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, role, is_super_admin, status, tos_consent, first_name, last_name, company_id)
     SELECT $1, password_hash, $2, $3, $4, $5, 'Test', 'User ' || $6, company_id FROM users WHERE email = $7
     RETURNING id`,
    [email, opts.role ?? 'user', opts.superAdmin ?? false, opts.status ?? 'active', opts.tosConsent ?? true, String(added), DEMO.agent],
  );
  return { id: rows[0].id, email };
}
