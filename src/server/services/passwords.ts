import { hash, verify } from '@node-rs/argon2';
import { failedCheckLocks } from '../../domain/login-policy';
import { one, type Queryable } from '../db/db';
import { clearAfterSuccess, countAttempt } from './login-failures';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1): about 50 ms here. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Checked when no user matches, so a wrong email takes as long as a wrong password. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-1A!');
  await verifyPassword(await dummyHash, password);
}

/** The stored hash of a user: read only where a password is checked, never with the user. */
export async function passwordHashOf(q: Queryable, userId: number): Promise<string | null> {
  return (await one<{ password_hash: string }>(q, 'SELECT password_hash FROM users WHERE id = $1', [userId]))?.password_hash ?? null;
}

export type CheckResult = 'ok' | 'wrong' | 'locked';

/**
 * Check a password for an email under the failed-login lock: counted before the check,
 * no check at all while locked, and the failure that uses the last attempt answers
 * 'locked'. `check` runs exactly one argon2 verification (a burnt one when there is no
 * account), so every email costs the same.
 */
export async function checkUnderLock(q: Queryable, email: string, now: Date, check: () => Promise<boolean>): Promise<CheckResult> {
  const counted = await countAttempt(q, email, now);
  if (counted.verdict === 'locked') return 'locked';
  if (!(await check())) return failedCheckLocks(counted.verdict) ? 'locked' : 'wrong';
  await clearAfterSuccess(q, counted);
  return 'ok';
}
