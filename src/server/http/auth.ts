import { afterFailedLogin, isLocked, RESET_REQUESTS_PER_IP_PER_HOUR, UNLOCK_KEY_VALID_MINUTES } from '../../domain/login-policy';
import { DESIGNED_MSG } from '../../domain/messages';
import { TOKEN_HEADER } from '../../domain/session';
import { switchRefusal } from '../../domain/switch-user';
import { termsInitialsError } from '../../domain/terms';
import type { AppContext } from '../context';
import { consumeKey, issueKey } from '../services/access-keys';
import { audit } from '../services/audit';
import { enqueueMail } from '../services/mail';
import { burnPasswordCheck, verifyPassword } from '../services/passwords';
import { countHit } from '../services/rate-limit';
import { createSession, revokeSessionFamily } from '../services/sessions';
import { asActor, findUserByEmail, findUserById, toApiUser, type UserProfile } from '../services/users';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';

/** The body every sign-in and "who am I" answer shares. */
export const authState = (user: UserProfile, original: UserProfile | null = null) => ({
  user: toApiUser(user),
  original: original ? toApiUser(original) : null,
});
export const authStateOf = (a: RequestAuth) => authState(a.user, a.original);

function checkInitials(initials: string[]): void {
  const problem = termsInitialsError(initials[0] ?? '', initials[1] ?? '');
  if (problem) throw badRequest(problem, [{ field: 'initials', message: problem }]);
}

export function authHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  const smtp = ctx.config.smtpUrl !== null;

  return {
    async login(req, reply) {
      const now = clock.now();
      if ((await countHit(db, `login:${req.ip}`, 60, now)) > ctx.config.loginsPerIpPerMinute)
        throw new HttpError(429, DESIGNED_MSG.throttled, 'throttled');
      const { username, password, captcha } = req.body;
      if (!(await ctx.captcha.verify(db, captcha)))
        throw new HttpError(422, DESIGNED_MSG.captchaFailed, 'captcha', [{ field: 'captcha', message: DESIGNED_MSG.captchaFailed }]);
      const user = await findUserByEmail(db, username);
      if (!user) {
        await burnPasswordCheck(password);
        throw new HttpError(422, DESIGNED_MSG.badCredentials, 'bad_credentials');
      }
      if (isLocked(user.locked_until, now)) throw new HttpError(429, DESIGNED_MSG.accountLocked, 'locked');
      if (!(await verifyPassword(user.password_hash, password))) {
        // Past a lock that has run out the count starts again: the 5th failure in a row locks.
        const next = afterFailedLogin(user.locked_until ? 0 : user.failed_logins, now);
        await db.query('UPDATE users SET failed_logins = $2, locked_until = $3 WHERE id = $1', [
          user.id, next.failedLogins, next.lockedUntil,
        ]);
        if (next.lockedUntil) throw new HttpError(429, DESIGNED_MSG.accountLocked, 'locked');
        throw new HttpError(422, DESIGNED_MSG.badCredentials, 'bad_credentials');
      }
      if (user.status !== 'active') throw new HttpError(403, DESIGNED_MSG.accountInactive, 'inactive');
      const token = await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1', [user.id]);
        await audit(tx, now, { userId: user.id, action: 'login' });
        return createSession(tx, user.id, now);
      });
      reply.header(TOKEN_HEADER, token);
      return authState({ ...user, failed_logins: 0, locked_until: null });
    },

    async logout(req, reply) {
      await revokeSessionFamily(db, authOf(req).session.family_id, clock.now());
      return reply.code(204).send();
    },

    async getCurrentUser(req) {
      return authStateOf(authOf(req));
    },

    async acceptTerms(req) {
      const auth = authOf(req);
      if (auth.original) throw new HttpError(403, DESIGNED_MSG.termsOnlyByUser);
      checkInitials(req.body.initials);
      await db.query('UPDATE users SET tos_consent = true, updated_at = $2 WHERE id = $1', [auth.user.id, clock.now()]);
      return authState({ ...auth.user, tos_consent: true });
    },

    async acceptTermsByKey(req) {
      checkInitials(req.body.initials);
      await db.transaction(async (tx) => {
        const now = clock.now();
        const userId = await consumeKey(tx, req.params.key, 'tos', now);
        if (!userId) throw new HttpError(404, DESIGNED_MSG.accessKeyInvalid);
        await tx.query('UPDATE users SET tos_consent = true, updated_at = $2 WHERE id = $1', [userId, now]);
        await audit(tx, now, { userId, action: 'accept_terms_by_key' });
      });
      return { message: 'Thank you. The terms of service are accepted.' };
    },

    async exchangeSsoKey(req, reply) {
      const now = clock.now();
      const { token, user } = await db.transaction(async (tx) => {
        const userId = await consumeKey(tx, req.body.key, 'sso', now);
        const found = userId ? await findUserById(tx, userId) : null;
        if (!found) throw new HttpError(404, DESIGNED_MSG.accessKeyInvalid);
        if (found.status !== 'active') throw new HttpError(403, DESIGNED_MSG.accountInactive, 'inactive');
        // A sign-in link proves the mailbox, as a reset does: it also lifts a lock.
        await tx.query('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1', [found.id]);
        await audit(tx, now, { userId: found.id, action: 'sso_login' });
        return { token: await createSession(tx, found.id, now), user: found };
      });
      reply.header(TOKEN_HEADER, token);
      return authState(user);
    },

    async requestUnlock(req) {
      const now = clock.now();
      if ((await countHit(db, `reset:${req.ip}`, 3600, now)) > RESET_REQUESTS_PER_IP_PER_HOUR)
        throw new HttpError(429, DESIGNED_MSG.throttled, 'throttled');
      if (!(await ctx.captcha.verify(db, req.body.captcha)))
        throw new HttpError(422, DESIGNED_MSG.captchaFailed, 'captcha', [{ field: 'captcha', message: DESIGNED_MSG.captchaFailed }]);
      const user = await findUserByEmail(db, req.body.email);
      if (user && user.status === 'active')
        await db.transaction(async (tx) => {
          const issued = await issueKey(tx, { userId: user.id, purpose: 'sso', createdBy: null, now, validMinutes: UNLOCK_KEY_VALID_MINUTES });
          await enqueueMail(tx, {
            to: user.email,
            subject: 'Your Leadline sign-in link',
            text: `Hello ${user.first_name},\n\nSomeone (we hope you) asked for a sign-in link because the account is locked after failed logins. Sign in here:\n${ctx.config.publicUrl}/sso/${issued.key}\n\nThe link works once and expires on ${issued.expiresAt.toUTCString()}. If you did not ask for it, change your password after signing in.`,
          }, now, smtp);
        });
      return { message: DESIGNED_MSG.unlockRequested };
    },

    async issueAccessKey(req, reply) {
      const auth = authOf(req);
      const now = clock.now();
      const target = await findUserByEmail(db, req.body.email);
      if (!target) throw new HttpError(404, DESIGNED_MSG.switchTargetMissing);
      const purpose = req.body.purpose;
      const issuer = sessionOwner(auth);
      if (purpose === 'sso') {
        // A sign-in key is a session as the target: the rule of switching into them applies.
        const refusal = switchRefusal(asActor(issuer), asActor(target));
        if (refusal) throw new HttpError(403, refusal);
      }
      const result = await db.transaction(async (tx) => {
        const issued = await issueKey(tx, { userId: target.id, purpose, createdBy: issuer.id, now });
        const url = `${ctx.config.publicUrl}/${purpose}/${issued.key}`;
        if (purpose === 'tos')
          await enqueueMail(tx, {
            to: target.email,
            subject: 'Please accept the Leadline terms of service',
            text: `Hello ${target.first_name},\n\nPlease read and accept our terms of service here:\n${url}\n\nThe link works once and expires on ${issued.expiresAt.toUTCString()}.`,
          }, now, smtp);
        return { key: issued.key, url, expiresAt: issued.expiresAt.toISOString() };
      });
      return reply.code(201).send(result);
    },
  };
}
