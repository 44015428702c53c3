import type { Db } from '../db/db';
import { consumeKey, keyIsLive } from './access-keys';
import { audit } from './audit';
import { clearFailures } from './login-failures';
import { checkUnderLock, hashPassword, passwordHashOf, verifyPassword } from './passwords';
import { revokeUserSessions } from './sessions';

export type PasswordChange = 'changed' | 'wrong-current' | 'locked' | 'unchanged';

/**
 * Change a signed-in user's password. The user proves the current one (checked under
 * the failed-login lock, like a login); an admin switched into the user passes null.
 * Other sessions of the user end; `keepFamily` (the caller's own session) goes on.
 */
export async function changePassword(
  db: Db,
  opts: { user: { id: number; email: string }; password: string; currentPassword: string | null; keepFamily?: string; originalUserId?: number; now: Date },
): Promise<PasswordChange> {
  const { user, password, currentPassword, now } = opts;
  const oldHash = await passwordHashOf(db, user.id);
  if (!oldHash) return 'wrong-current';
  if (currentPassword !== null) {
    // An empty guess is no guess: no check, nothing counted.
    if (!currentPassword) return 'wrong-current';
    const checked = await checkUnderLock(db, user.email, now, () => verifyPassword(oldHash, currentPassword));
    if (checked !== 'ok') return checked === 'locked' ? 'locked' : 'wrong-current';
    if (password === currentPassword) return 'unchanged';
  } else if (await verifyPassword(oldHash, password)) {
    return 'unchanged';
  }
  const newHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Only over the hash that was checked: a change made meanwhile wins, this one is refused.
    const { rows } = await tx.query(
      'UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1 AND password_hash = $4 RETURNING id',
      [user.id, newHash, now, oldHash],
    );
    if (!rows.length) return 'wrong-current';
    await revokeUserSessions(tx, user.id, now, opts.keepFamily);
    await audit(tx, now, { userId: user.id, originalUserId: opts.originalUserId, action: 'password_update' });
    return 'changed';
  });
}

/**
 * Set a password with an emailed reset key. The key works once; the reset lifts any lock
 * (it proves the mailbox) and ends every session of the user.
 */
export async function resetWithKey(db: Db, key: string, password: string, now: Date): Promise<'reset' | 'invalid'> {
  // A cheap look first, so an unknown key costs no password hash.
  if (!(await keyIsLive(db, key, 'reset', now))) return 'invalid';
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await consumeKey(tx, key, 'reset', now);
    if (!userId) return 'invalid';
    const { rows } = await tx.query<{ email: string }>(
      'UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1 RETURNING email',
      [userId, passwordHash, now],
    );
    await clearFailures(tx, rows[0].email);
    await revokeUserSessions(tx, userId, now);
    await audit(tx, now, { userId, action: 'password_reset' });
    return 'reset';
  });
}
