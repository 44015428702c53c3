import { userActionRefusal, type Caller, type UserAction } from '../../domain/access-policy';
import type { ScopeCaller } from '../../domain/access/scope';
import type { Queryable } from '../db/db';
import { scopeCaller } from '../services/scope-sql';
import { asPerson, type UserRow } from '../services/users';
import { HttpError } from './errors';
import { sessionOwner, type RequestAuth } from './guard';

/** The access policy's view of who is calling. */
export const callerOf = (auth: RequestAuth): Caller => ({ owner: asPerson(sessionOwner(auth)), actingAs: asPerson(auth.user) });

/** The caller as the scope sees them (src/domain/access/scope.ts): read once per request. */
export function scopeCallerOf(db: Queryable, auth: Pick<RequestAuth, 'user' | 'original'>): Promise<ScopeCaller> {
  return scopeCaller(db, sessionOwner(auth), auth.user);
}


/** Ask the access policy; a refusal is a 403 with its text, and nothing has been changed yet. */
export function authorize(action: UserAction, auth: RequestAuth, target: UserRow): void {
  const refusal = userActionRefusal(action, callerOf(auth), asPerson(target));
  if (refusal) throw new HttpError(403, refusal);
}
