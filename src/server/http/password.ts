import { RESET_REQUESTS_PER_IP_PER_HOUR } from '../../domain/login-policy';
import { DESIGNED_MSG, MSG } from '../../domain/messages';
import { passwordError } from '../../domain/password';
import { otherAdminRefusal } from '../../domain/switch-user';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { consumeKey, issueKey, keyIsLive, liveKeyExpiry } from '../services/access-keys';
import { audit } from '../services/audit';
import { enqueueMail } from '../services/mail';
import { hashPassword, verifyPassword } from '../services/passwords';
import { countHit } from '../services/rate-limit';
import { revokeUserSessions } from '../services/sessions';
import { asActor, findUserByEmail, passwordHashOf, type UserRow } from '../services/users';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner } from './guard';
import type { Handlers } from './operations';

function checkStrength(password: string): void {
  const problem = passwordError(password);
  if (problem) throw badRequest(problem, [{ field: 'password', message: problem }]);
}

export function passwordHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  const smtp = ctx.config.smtpUrl !== null;

  /** Email a reset link; the key is stored hashed and works once. */
  async function sendResetMail(tx: Queryable, user: UserRow, createdBy: number | null, now: Date) {
    const { key, expiresAt } = await issueKey(tx, { userId: user.id, purpose: 'reset', createdBy, now });
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Reset your Leadline password',
      text: `Hello ${user.first_name},\n\nSet a new password here:\n${ctx.config.publicUrl}/password-reset/${key}\n\nThe link works once and expires on ${expiresAt.toUTCString()}. If you did not ask for it, ignore this mail.`,
    }, now, smtp);
  }

  return {
    async checkResetKey(req) {
      const expiresAt = await liveKeyExpiry(db, req.params.key, 'reset', clock.now());
      if (!expiresAt) throw new HttpError(404, DESIGNED_MSG.resetKeyInvalid);
      return { expiresAt: expiresAt.toISOString() };
    },

    async resetPassword(req) {
      const now = clock.now();
      const body = req.body;
      if ('email' in body) {
        if ((await countHit(db, `reset:${req.ip}`, 3600, now)) > RESET_REQUESTS_PER_IP_PER_HOUR)
          throw new HttpError(429, DESIGNED_MSG.throttled, 'throttled');
        const user = await findUserByEmail(db, body.email);
        if (user && user.status === 'active') await db.transaction((tx) => sendResetMail(tx, user, null, now));
        return { message: DESIGNED_MSG.resetRequested };
      }
      checkStrength(body.password);
      if ((await countHit(db, `reset:${req.ip}`, 3600, now)) > RESET_REQUESTS_PER_IP_PER_HOUR)
        throw new HttpError(429, DESIGNED_MSG.throttled, 'throttled');
      // A cheap look first, so an unknown key costs no password hash.
      if (!(await keyIsLive(db, body.resetHash, 'reset', now))) throw new HttpError(404, DESIGNED_MSG.resetKeyInvalid);
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const userId = await consumeKey(tx, body.resetHash, 'reset', now);
        if (!userId) throw new HttpError(404, DESIGNED_MSG.resetKeyInvalid);
        await tx.query(
          'UPDATE users SET password_hash = $2, failed_logins = 0, locked_until = NULL, updated_at = $3 WHERE id = $1',
          [userId, passwordHash, now],
        );
        await revokeUserSessions(tx, userId, now);
        await audit(tx, now, { userId, action: 'password_reset' });
      });
      return { message: MSG.passwordReset };
    },

    async updatePassword(req) {
      const auth = authOf(req);
      const now = clock.now();
      if (req.params.userId !== auth.user.id) throw new HttpError(403, DESIGNED_MSG.notAllowed);
      checkStrength(req.body.password);
      // The user proves who they are; an admin switched into the user need not.
      if (!auth.original) {
        const current = req.body.currentPassword ?? '';
        if (!(await verifyPassword((await passwordHashOf(db, auth.user.id)) ?? '', current)))
          throw new HttpError(422, DESIGNED_MSG.currentPasswordWrong, 'bad_credentials', [
            { field: 'currentPassword', message: DESIGNED_MSG.currentPasswordWrong },
          ]);
      }
      const passwordHash = await hashPassword(req.body.password);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [auth.user.id, passwordHash, now]);
        // Other sessions of the user end; the one making the change goes on.
        await revokeUserSessions(tx, auth.user.id, now, auth.original ? undefined : auth.session.family_id);
        await audit(tx, now, { userId: auth.user.id, originalUserId: auth.original?.id, action: 'password_update' });
      });
      return { message: MSG.passwordUpdated };
    },

    async adminResetPassword(req) {
      const auth = authOf(req);
      const now = clock.now();
      const user = await findUserByEmail(db, req.body.email);
      if (!user) throw new HttpError(404, DESIGNED_MSG.switchTargetMissing);
      const admin = sessionOwner(auth);
      const refusal = otherAdminRefusal(asActor(admin), asActor(user), admin.id === user.id);
      if (refusal) throw new HttpError(403, refusal);
      await db.transaction(async (tx) => {
        await sendResetMail(tx, user, admin.id, now);
        await audit(tx, now, { userId: user.id, originalUserId: admin.id, action: 'admin_password_reset' });
      });
      return { message: `A password reset email was sent to ${user.email}` };
    },
  };
}
