import { RESET_KEY_VALID_MINUTES, UNLOCK_KEY_VALID_MINUTES } from '../../domain/login-policy';
import { formatDateTime } from '../../domain/time-format';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { issueKey } from './access-keys';
import { audit } from './audit';
import { enqueueMail } from './mail';
import { hashToken, randomToken } from './tokens';
import { findUserByEmail, type UserRow } from './users';

/**
 * Mail with one-time links to an account: the key and its mail are written in one
 * transaction, and the mail is sent after commit by the outbox sender.
 */
type MailCtx = Pick<AppContext, 'db' | 'config'>;
const smtpOf = (ctx: MailCtx) => ctx.config.smtpUrl !== null;
const NO_FLUSH_WAIT = 'SET LOCAL synchronous_commit = off';

const resetMail = (ctx: MailCtx, to: Pick<UserRow, 'email' | 'first_name' | 'timezone'>, key: string, expiresAt: Date) => ({
  to: to.email,
  subject: 'Reset your Leadline password',
  text: `Hello ${to.first_name},\n\nSet a new password here:\n${ctx.config.publicUrl}/password-reset/${key}\n\nThe link works once and expires on ${formatDateTime(expiresAt, to.timezone)}. If you did not ask for it, ignore this mail.`,
});

/** A password reset link (/password-reset/{key}, 60 minutes). */
export async function mailResetLink(ctx: MailCtx, user: UserRow, createdBy: number | null, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // A request anyone may make answers without waiting for the disk, as the rehearsal for
    // an unknown email (which only rolls back) does; a key lost in a crash is asked for again.
    if (createdBy === null) await tx.query(NO_FLUSH_WAIT);
    const { key, expiresAt } = await issueKey(tx, { userId: user.id, purpose: 'reset', createdBy, now });
    await enqueueMail(tx, resetMail(ctx, user, key, expiresAt), now, smtpOf(ctx));
    if (createdBy !== null) await audit(tx, now, { userId: user.id, originalUserId: createdBy, action: 'admin_password_reset' });
  });
}

/**
 * Reset links go to active accounts only. Any other email gets the same work, rolled back,
 * so the answer's timing does not tell which emails have accounts.
 */
export async function mailResetLinkTo(ctx: MailCtx, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && user.status === 'active') await mailResetLink(ctx, user, null, now);
  else await rehearseResetLink(ctx, email, now);
}

const ROLLED_BACK = Symbol('rolled back');
/** The user whose key row the rehearsal writes and rolls back: read once, so each rehearsal runs the real request's statements. */
let standIn: number | undefined;

/**
 * The statements of mailResetLink for no account, undone by a rollback. They write a key
 * row for a real user (the first, read once), so the insert does the same index and foreign-key work
 * as a real one (a row for no user wrote nothing and answered faster); nothing survives the rollback.
 */
async function rehearseResetLink(ctx: MailCtx, email: string, now: Date): Promise<void> {
  await ctx.db
    .transaction(async (tx) => {
      await tx.query(NO_FLUSH_WAIT);
      const key = randomToken();
      const expiresAt = new Date(now.getTime() + RESET_KEY_VALID_MINUTES * 60_000);
      standIn ??= (await tx.query<{ id: number }>('SELECT min(id) AS id FROM users')).rows[0]?.id ?? -1;
      await tx.query(`UPDATE access_keys SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [standIn, 'reset', now]);
      await tx.query(
        `INSERT INTO access_keys (key_hash, purpose, user_id, created_by, created_at, expires_at)
         SELECT $1, $2, u.id, NULL, $3, $4 FROM users u WHERE u.id = $5`,
        [hashToken(key), 'reset', now, expiresAt, standIn],
      );
      await enqueueMail(tx, resetMail(ctx, { email, first_name: '', timezone: 'UTC' }, key, expiresAt), now, smtpOf(ctx));
      throw ROLLED_BACK;
    })
    .catch((e: unknown) => {
      // The rollback is the point: only another failure is one.
      if (e !== ROLLED_BACK) throw e;
    });
}

/** A sign-in link for a locked account (/sso/{key}, 60 minutes); signing in lifts the lock. */
export async function mailUnlockLink(ctx: MailCtx, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'active') return;
  await ctx.db.transaction(async (tx) => {
    const issued = await issueKey(tx, { userId: user.id, purpose: 'sso', createdBy: null, now, validMinutes: UNLOCK_KEY_VALID_MINUTES });
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Your Leadline sign-in link',
      text: `Hello ${user.first_name},\n\nSomeone (we hope you) asked for a sign-in link because the account is locked after failed logins. Sign in here:\n${ctx.config.publicUrl}/sso/${issued.key}\n\nThe link works once and expires on ${formatDateTime(issued.expiresAt, user.timezone)}. If you did not ask for it, change your password after signing in.`,
    }, now, smtpOf(ctx));
  });
}

/** An admin's one-time key for a user: a sign-in key is handed back, a terms key is also mailed. */
export async function issueAccessLink(
  ctx: MailCtx,
  target: UserRow,
  purpose: 'sso' | 'tos',
  issuerId: number,
  now: Date,
): Promise<{ key: string; url: string; expiresAt: string }> {
  return ctx.db.transaction(async (tx: Queryable) => {
    const issued = await issueKey(tx, { userId: target.id, purpose, createdBy: issuerId, now });
    const url = `${ctx.config.publicUrl}/${purpose}/${issued.key}`;
    if (purpose === 'tos')
      await enqueueMail(tx, {
        to: target.email,
        subject: 'Please accept the Leadline terms of service',
        text: `Hello ${target.first_name},\n\nPlease read and accept our terms of service here:\n${url}\n\nThe link works once and expires on ${formatDateTime(issued.expiresAt, target.timezone)}.`,
      }, now, smtpOf(ctx));
    return { key: issued.key, url, expiresAt: issued.expiresAt.toISOString() };
  });
}
