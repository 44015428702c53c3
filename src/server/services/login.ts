import type { UserStatus } from '../../domain/roles';
import { one, type Db } from '../db/db';
import { consumeKey } from './access-keys';
import { audit } from './audit';
import { clearFailures } from './login-failures';
import { burnPasswordCheck, checkUnderLock, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { findUserById, type UserRow } from './users';

export type SignedIn = { ok: true; user: UserRow; token: string };
export type SignIn = SignedIn | { ok: false; reason: 'bad_credentials' | 'locked' };

/**
 * Sign in with email and password. Unknown emails, wrong passwords and accounts that are
 * not active get one answer, cost one password check each, and count toward the same lock.
 */
export async function signIn(db: Db, email: string, password: string, now: Date): Promise<SignIn> {
  const account = await one<{ id: number; status: UserStatus; password_hash: string }>(
    db,
    'SELECT id, status, password_hash FROM users WHERE lower(email) = lower($1)',
    [email.trim()],
  );
  const result = await checkUnderLock(db, email, now, async () => {
    if (!account) {
      await burnPasswordCheck(password);
      return false;
    }
    const right = await verifyPassword(account.password_hash, password);
    // A cancelled or inactive account answers as a wrong password does, right or wrong.
    return right && account.status === 'active';
  });
  if (result !== 'ok') return { ok: false, reason: result === 'locked' ? 'locked' : 'bad_credentials' };
  return startSession(db, account!.id, now, 'login');
}

/**
 * Exchange a one-time sign-in key. The key proves the mailbox, as a reset does, so it
 * also lifts a lock. A key of an account that is no longer active is spent and refused.
 */
export async function signInWithKey(db: Db, key: string, now: Date): Promise<SignedIn | { ok: false; reason: 'invalid' | 'inactive' }> {
  const userId = await consumeKey(db, key, 'sso', now);
  const user = userId ? await findUserById(db, userId) : null;
  if (!user) return { ok: false, reason: 'invalid' };
  if (user.status !== 'active') return { ok: false, reason: 'inactive' };
  await clearFailures(db, user.email);
  return startSession(db, user.id, now, 'sso_login');
}

async function startSession(db: Db, userId: number, now: Date, action: string): Promise<SignedIn> {
  const token = await db.transaction(async (tx) => {
    await audit(tx, now, { userId, action });
    return createSession(tx, userId, now);
  });
  return { ok: true, user: (await findUserById(db, userId))!, token };
}
