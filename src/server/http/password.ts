import { DESIGNED_MSG, MSG } from '../../domain/messages';
import { passwordError } from '../../domain/password';
import type { AppContext } from '../context';
import { liveKeyExpiry } from '../services/access-keys';
import { mailResetLink, mailResetLinkTo } from '../services/account-mail';
import { changePassword, resetWithKey } from '../services/password-change';
import { findUserByEmail, findUserById } from '../services/users';
import { authorize } from './caller';
import { throttleResets } from './throttle';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner } from './guard';
import type { Handlers } from './operations';

function checkStrength(password: string): void {
  const problem = passwordError(password);
  if (problem) throw badRequest(problem, [{ field: 'password', message: problem }]);
}

export function passwordHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

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
        await throttleResets(db, req.ip, now);
        await mailResetLinkTo(ctx, body.email, now);
        return { message: DESIGNED_MSG.resetRequested };
      }
      checkStrength(body.password);
      await throttleResets(db, req.ip, now);
      if ((await resetWithKey(db, body.resetHash, body.password, now)) === 'invalid')
        throw new HttpError(404, DESIGNED_MSG.resetKeyInvalid);
      return { message: MSG.passwordReset };
    },

    async updatePassword(req) {
      const auth = authOf(req);
      const target = await findUserById(db, req.params.userId);
      if (!target) throw new HttpError(403, DESIGNED_MSG.notAllowed);
      authorize('changePassword', auth, target);
      checkStrength(req.body.password);
      const result = await changePassword(db, {
        user: target,
        password: req.body.password,
        // The user proves who they are; an admin switched into the user need not.
        currentPassword: auth.original ? null : (req.body.currentPassword ?? ''),
        keepFamily: auth.original ? undefined : auth.session.family_id,
        originalUserId: auth.original?.id,
        now: clock.now(),
      });
      if (result === 'locked') throw new HttpError(429, DESIGNED_MSG.accountLocked, 'locked');
      if (result === 'wrong-current')
        throw new HttpError(422, DESIGNED_MSG.currentPasswordWrong, 'bad_credentials', [
          { field: 'currentPassword', message: DESIGNED_MSG.currentPasswordWrong },
        ]);
      if (result === 'unchanged')
        throw new HttpError(422, DESIGNED_MSG.passwordUnchanged, 'unchanged', [{ field: 'password', message: DESIGNED_MSG.passwordUnchanged }]);
      return { message: MSG.passwordUpdated };
    },

    async adminResetPassword(req) {
      const auth = authOf(req);
      const user = await findUserByEmail(db, req.body.email);
      if (!user) throw new HttpError(404, DESIGNED_MSG.switchTargetMissing);
      authorize('sendPasswordReset', auth, user);
      await mailResetLink(ctx, user, sessionOwner(auth).id, clock.now());
      return { message: `A password reset email was sent to ${user.email}` };
    },
  };
}
