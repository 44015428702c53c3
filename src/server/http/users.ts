import { DESIGNED_MSG } from '../../domain/messages';
import { profileErrors } from '../../domain/profile';
import { otherAdminRefusal } from '../../domain/switch-user';
import type { AppContext } from '../context';
import { audit } from '../services/audit';
import { asActor, findUserById, toApiUser } from '../services/users';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner } from './guard';
import { authState } from './auth';
import type { Handlers } from './operations';

export function userHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async updateProfile(req) {
      const auth = authOf(req);
      const actingAdmin = sessionOwner(auth).role === 'admin';
      if (req.params.userId !== auth.user.id && !actingAdmin) throw new HttpError(403, DESIGNED_MSG.notAllowed);
      const p = req.body;
      const errors = profileErrors(p);
      if (errors.length) throw badRequest(errors[0].message, errors);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await findUserById(tx, req.params.userId);
        if (!user) throw new HttpError(404, DESIGNED_MSG.userMissing);
        const owner = sessionOwner(auth);
        const refusal = otherAdminRefusal(asActor(owner), asActor(user), owner.id === user.id);
        if (refusal) throw new HttpError(403, refusal);
        const agentId = p.agentId?.trim() || null;
        if (agentId) {
          const taken = await tx.query('SELECT 1 FROM users WHERE agent_id = $1 AND id <> $2', [agentId, user.id]);
          if (taken.rows.length) throw new HttpError(409, `Sorry, ${agentId} already exists.`, 'conflict', [
            { field: 'agentId', message: `Sorry, ${agentId} already exists.` },
          ]);
        }
        let companyId = user.company_id;
        if (companyId === null) {
          const { rows } = await tx.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [p.companyName.trim()]);
          companyId = rows[0].id;
        } else if (user.role === 'provisional_user') {
          await tx.query('UPDATE companies SET name = $2 WHERE id = $1', [companyId, p.companyName.trim()]);
        }
        // Completing a provisional profile makes a user, who accepts the terms next.
        const role = user.role === 'provisional_user' ? 'user' : user.role;
        await tx.query(
          `UPDATE users SET first_name = $2, last_name = $3, phone_number = $4, address1 = $5, address2 = $6,
                  city = $7, state = $8, zipcode = $9, agent_id = COALESCE($10, agent_id), company_id = $11,
                  role = $12, updated_at = $13
            WHERE id = $1`,
          [user.id, p.firstName.trim(), p.lastName.trim(), p.phoneNumber.trim(), p.address1.trim(),
           p.address2?.trim() || null, p.city.trim(), p.state, p.zipcode.trim(), agentId, companyId, role, now],
        );
        await audit(tx, now, { userId: user.id, originalUserId: auth.original?.id, action: 'profile_update' });
      });
      const fresh = await findUserById(db, req.params.userId);
      const self = req.params.userId === auth.user.id;
      return self ? authState(fresh!, auth.original) : authState(fresh!, sessionOwner(auth));
    },

    async resetFailedLogins(req) {
      const auth = authOf(req);
      const now = clock.now();
      const { rows } = await db.query('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = $1 RETURNING id', [req.params.userId]);
      if (!rows.length) throw new HttpError(404, DESIGNED_MSG.userMissing);
      await audit(db, now, { userId: req.params.userId, originalUserId: sessionOwner(auth).id, action: 'reset_failed_logins' });
      return toApiUser((await findUserById(db, req.params.userId))!);
    },
  };
}
