import { DESIGNED_MSG } from '../../domain/messages';
import { alreadyExists } from '../../domain/people/messages';
import { profileErrors } from '../../domain/profile';
import type { AppContext } from '../context';
import { liftLock } from '../services/login-failures';
import { saveProfile } from '../services/profile';
import { findUserById, toApiUser } from '../services/users';
import { authState } from './auth';
import { authorize } from './caller';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner } from './guard';
import type { Handlers } from './operations';

export function profileHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async updateProfile(req) {
      const auth = authOf(req);
      const user = await findUserById(db, req.params.userId);
      // Someone else's id is refused alike whether or not it exists; an admin learns of a 404.
      if (!user && sessionOwner(auth).role !== 'admin') throw new HttpError(403, DESIGNED_MSG.notAllowed);
      if (!user) throw new HttpError(404, DESIGNED_MSG.userMissing);
      authorize('editProfile', auth, user);
      const errors = profileErrors(req.body);
      if (errors.length) throw badRequest(errors[0].message, errors);
      const saved = await saveProfile(db, user, req.body, { now: clock.now(), originalUserId: auth.original?.id });
      if (!saved.ok) {
        const message = alreadyExists(saved.agentId);
        throw new HttpError(409, message, 'conflict', [{ field: 'agentId', message }]);
      }
      const fresh = (await findUserById(db, user.id))!;
      return user.id === auth.user.id ? authState(ctx.config, fresh, auth.original) : authState(ctx.config, fresh, sessionOwner(auth));
    },

    async resetFailedLogins(req) {
      const auth = authOf(req);
      const user = await findUserById(db, req.params.userId);
      if (!user) throw new HttpError(404, DESIGNED_MSG.userMissing);
      authorize('clearFailedLogins', auth, user);
      await liftLock(db, user, sessionOwner(auth).id, clock.now());
      return toApiUser((await findUserById(db, user.id))!);
    },
  };
}
