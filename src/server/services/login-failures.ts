import { attemptVerdict, lockEnd, MAX_FAILED_LOGINS, type AttemptVerdict } from '../../domain/login-policy';
import type { Db, Queryable } from '../db/db';
import { audit } from './audit';

/**
 * The failed-login count of an email, kept whether or not an account has that email, so
 * known and unknown emails answer alike. Every change is one statement: parallel attempts
 * each get a number of their own, and no write is based on a value read earlier.
 */

/** The key of an email: what sign-in matches users by (lower of the trimmed text). */
const KEY = 'lower($1::text)';

export interface CountedAttempt {
  email: string;
  attempt: number;
  verdict: AttemptVerdict;
}

/**
 * Count a password attempt before its password is checked. The attempt that reaches the
 * limit sets the lock in the same statement; an ended lock starts the count again.
 */
export async function countAttempt(q: Queryable, email: string, now: Date): Promise<CountedAttempt> {
  const { rows } = await q.query<{ failures: number }>(
    `INSERT INTO login_failures AS f (email, failures, locked_until, updated_at)
     VALUES (${KEY}, 1, NULL, $2::timestamptz)
     ON CONFLICT (email) DO UPDATE SET
       failures = CASE WHEN f.locked_until <= $2::timestamptz THEN 1
                       ELSE LEAST(f.failures + 1, $3::int + 1) END,
       locked_until = CASE WHEN f.locked_until > $2::timestamptz THEN f.locked_until
                           WHEN f.locked_until IS NULL AND f.failures + 1 >= $3::int THEN $4::timestamptz
                      END,
       updated_at = $2::timestamptz
     RETURNING failures`,
    [email.trim(), now, MAX_FAILED_LOGINS, lockEnd(now)],
  );
  const attempt = rows[0].failures;
  return { email, attempt, verdict: attemptVerdict(attempt) };
}

/**
 * A right password: the count starts again. A lock is lifted only by the attempt that
 * set it; one set meanwhile by other attempts stays (their passwords were wrong).
 */
export async function clearAfterSuccess(q: Queryable, counted: CountedAttempt): Promise<void> {
  await q.query(`DELETE FROM login_failures WHERE email = ${KEY} AND (locked_until IS NULL OR $2::int >= $3::int)`, [
    counted.email.trim(), counted.attempt, MAX_FAILED_LOGINS,
  ]);
}

/** Forget an email's failures and lift its lock (unlock link, password reset, an admin). */
export async function clearFailures(q: Queryable, email: string): Promise<void> {
  await q.query(`DELETE FROM login_failures WHERE email = ${KEY}`, [email.trim()]);
}

/** An admin lifts a user's lock; the audit log records who. */
export async function liftLock(db: Db, user: { id: number; email: string }, byUserId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await clearFailures(tx, user.email);
    await audit(tx, now, { userId: user.id, originalUserId: byUserId, action: 'reset_failed_logins' });
  });
}

/** Counts idle for a day, with no lock running, are forgotten (the table stays small). */
export async function sweepFailures(q: Queryable, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await q.query('DELETE FROM login_failures WHERE updated_at < $1 AND (locked_until IS NULL OR locked_until < $2)', [dayAgo, now]);
}
