import { ACCESS_KEY_VALID_MINUTES, RESET_KEY_VALID_MINUTES } from '../../domain/login-policy';
import { INVITATION_VALID_DAYS } from '../../domain/people/new-user';
import { one, type Queryable } from '../db/db';
import { hashToken, randomToken } from './tokens';

export type KeyPurpose = 'reset' | 'sso' | 'tos' | 'register';

const VALID_MINUTES: Record<KeyPurpose, number> = {
  reset: RESET_KEY_VALID_MINUTES,
  sso: ACCESS_KEY_VALID_MINUTES,
  tos: ACCESS_KEY_VALID_MINUTES,
  register: INVITATION_VALID_DAYS * 24 * 60,
};

/** Issue a one-time key; earlier unused keys of the same purpose for the user stop working. */
export async function issueKey(
  q: Queryable,
  opts: { userId: number; purpose: KeyPurpose; createdBy: number | null; now: Date; validMinutes?: number },
): Promise<{ key: string; expiresAt: Date }> {
  const key = randomToken();
  const expiresAt = new Date(opts.now.getTime() + (opts.validMinutes ?? VALID_MINUTES[opts.purpose]) * 60_000);
  await q.query(
    `UPDATE access_keys SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [opts.userId, opts.purpose, opts.now],
  );
  await q.query(
    `INSERT INTO access_keys (key_hash, purpose, user_id, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(key), opts.purpose, opts.userId, opts.createdBy, opts.now, expiresAt],
  );
  return { key, expiresAt };
}

/** Spend a key: returns its user id, or null when it is unknown, used or expired. */
export async function consumeKey(q: Queryable, key: string, purpose: KeyPurpose, now: Date): Promise<number | null> {
  const row = await one<{ user_id: number }>(
    q,
    `UPDATE access_keys SET used_at = $3
      WHERE key_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
      RETURNING user_id`,
    [hashToken(key), purpose, now],
  );
  return row?.user_id ?? null;
}

/** When a usable key expires, or null when it is unknown, used or expired. (Read only.) */
export async function liveKeyExpiry(q: Queryable, key: string, purpose: KeyPurpose, now: Date): Promise<Date | null> {
  const row = await one<{ expires_at: Date }>(
    q,
    `SELECT expires_at FROM access_keys WHERE key_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
    [hashToken(key), purpose, now],
  );
  return row ? new Date(row.expires_at) : null;
}

/** Is the key usable now? (Read only: consumeKey is what spends it.) */
export const keyIsLive = async (q: Queryable, key: string, purpose: KeyPurpose, now: Date) =>
  (await liveKeyExpiry(q, key, purpose, now)) !== null;
