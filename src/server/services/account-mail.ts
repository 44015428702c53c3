import { UNLOCK_KEY_VALID_MINUTES } from '../../domain/login-policy';
import { formatDateTime } from '../../domain/time-format';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { issueKey } from './access-keys';
import { audit } from './audit';
import { enqueueMail } from './mail';
import { findUserByEmail, type UserRow } from './users';

/**
 * Mail with one-time links to an account: the key and its mail are written in one
 * transaction, and the mail is sent after commit by the outbox sender.
 */
type MailCtx = Pick<AppContext, 'db' | 'config'>;
const smtpOf = (ctx: MailCtx) => ctx.config.smtpUrl !== null;

/** A password reset link (/password-reset/{key}, 60 minutes). */
export async function mailResetLink(ctx: MailCtx, user: UserRow, createdBy: number | null, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { key, expiresAt } = await issueKey(tx, { userId: user.id, purpose: 'reset', createdBy, now });
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Reset your Leadline password',
      text: `Hello ${user.first_name},\n\nSet a new password here:\n${ctx.config.publicUrl}/password-reset/${key}\n\nThe link works once and expires on ${formatDateTime(expiresAt, user.timezone)}. If you did not ask for it, ignore this mail.`,
    }, now, smtpOf(ctx));
    if (createdBy !== null) await audit(tx, now, { userId: user.id, originalUserId: createdBy, action: 'admin_password_reset' });
  });
}

/** Reset links go to active accounts only; any other email is quietly ignored. */
export async function mailResetLinkTo(ctx: MailCtx, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && user.status === 'active') await mailResetLink(ctx, user, null, now);
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
