import { randomUUID } from 'node:crypto';
import {
  SESSION_ABSOLUTE_EXPIRY_HOURS,
  SESSION_IDLE_EXPIRY_MINUTES,
  TOKEN_GRACE_SECONDS,
  TOKEN_ROTATE_AFTER_SECONDS,
} from '../../domain/session';
import { one, statement, type Db, type Queryable } from '../db/db';
import type { LiveSession, SessionCache } from './session-cache';
import { hashToken, randomToken } from './tokens';
import { USER_COLUMNS, type UserRow } from './users';

export type { LiveSession };
/** The session part of a lookup (the rest is its user). */
export type SessionRow = Pick<LiveSession, 'session_id' | 'family_id' | 'family_started_at' | 'created_at' | 'last_seen_at' | 'grace_until'>;

/** Last-seen is written at most this often, so a busy client does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

/** Start a session for a user; returns the token to hand out (only its hash is kept). */
export async function createSession(q: Queryable, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  await q.query(
    `INSERT INTO sessions (token_hash, family_id, user_id, family_started_at, created_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $4, $4)`,
    [hashToken(token), randomUUID(), userId, now],
  );
  return token;
}

/** The lookup of every signed-in request: a named statement, and no password hash. */
const FIND_SESSION = statement(
  'find_session',
  `SELECT s.id AS session_id, s.family_id, s.family_started_at, s.created_at, s.last_seen_at, s.grace_until,
          ${USER_COLUMNS}
     FROM sessions s
     JOIN users u ON u.id = s.user_id
     LEFT JOIN companies c ON c.id = u.company_id
    WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND u.status = 'active'`,
);

/** Not idle too long, not past its absolute end, not a rotated token past its grace. */
export function isLive(s: SessionRow, now: Date): boolean {
  const at = now.getTime();
  return (
    at - s.family_started_at.getTime() < SESSION_ABSOLUTE_EXPIRY_HOURS * 3_600_000 &&
    at - s.last_seen_at.getTime() < SESSION_IDLE_EXPIRY_MINUTES * 60_000 &&
    (s.grace_until === null || s.grace_until.getTime() > at)
  );
}

/**
 * The live session behind a token, with its user, or null when the session is lost.
 * The row may come from the cache; whether it is still live is decided here, each time.
 */
export async function findSession(q: Queryable, cache: SessionCache, token: string, now: Date): Promise<LiveSession | null> {
  const hash = hashToken(token);
  let row = cache.get(hash);
  if (!row) {
    const ticket = cache.ticket();
    const found = await one<LiveSession>(q, FIND_SESSION, [hash]);
    if (!found) return null;
    cache.store(hash, found, ticket);
    row = found;
  }
  return isLive(row, now) ? row : null;
}

const FIND_SWITCH_TARGET = statement(
  'find_switch_target',
  `SELECT ${USER_COLUMNS} FROM users u LEFT JOIN companies c ON c.id = u.company_id WHERE lower(u.email) = lower($1)`,
);

/** The user an admin asks to act as (X-Switch-User), without the password hash. */
export const findSwitchTarget = (q: Queryable, email: string) => one<UserRow>(q, FIND_SWITCH_TARGET, [email.trim()]);

const AUDIT_SWITCH = statement(
  'audit_switch',
  `INSERT INTO audit_log (at, user_id, original_user_id, action, detail)
   VALUES ($1, $2, $3, 'switch_user', jsonb_build_object('session', $4::text))
   ON CONFLICT DO NOTHING`,
);

/** Audit a switch once per session and target (the audit log's unique index makes it once). */
export async function auditSwitchOnce(
  q: Queryable,
  cache: SessionCache,
  at: Date,
  s: { familyId: string; userId: number; originalUserId: number },
): Promise<void> {
  if (cache.switchAudited(s.familyId, s.userId)) return;
  await q.query(AUDIT_SWITCH, [at, s.userId, s.originalUserId, s.familyId]);
  cache.rememberSwitchAudited(s.familyId, s.userId);
}

/**
 * Keep a session alive and rotate its token when it is old enough. Returns the new
 * token when one was issued. Only one of several concurrent requests rotates.
 */
export async function touchSession(db: Db, s: SessionRow, now: Date): Promise<string | null> {
  const age = now.getTime() - new Date(s.created_at).getTime();
  if (s.grace_until === null && age > TOKEN_ROTATE_AFTER_SECONDS * 1000) {
    return db.transaction(async (tx) => {
      const graceUntil = new Date(now.getTime() + TOKEN_GRACE_SECONDS * 1000);
      const claimed = await tx.query(
        `UPDATE sessions SET grace_until = $2, last_seen_at = $3
          WHERE id = $1 AND grace_until IS NULL RETURNING id`,
        [s.session_id, graceUntil, now],
      );
      if (claimed.rows.length === 0) return null;
      const token = randomToken();
      await tx.query(
        `INSERT INTO sessions (token_hash, family_id, user_id, family_started_at, created_at, last_seen_at)
         SELECT $1, family_id, user_id, family_started_at, $3, $3 FROM sessions WHERE id = $2`,
        [hashToken(token), s.session_id, now],
      );
      return token;
    });
  }
  if (now.getTime() - new Date(s.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [s.session_id, now]);
  }
  return null;
}

/** End a session: every token of its family stops working at once. */
export async function revokeSessionFamily(q: Queryable, familyId: string, now: Date): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [familyId, now]);
}

/** End every session of a user (after a password change or reset). */
export async function revokeUserSessions(q: Queryable, userId: number, now: Date, exceptFamily?: string): Promise<void> {
  await q.query(
    `UPDATE sessions SET revoked_at = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR family_id <> $3::uuid)`,
    [userId, now, exceptFamily ?? null],
  );
}
