import { userActionRefusal, type Caller, type UserAction } from '../../domain/access-policy';
import { lookupScope, listScope, type Holding, type Scope, type ScopeCaller } from '../../domain/access/scope';
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

/** The scopes of one caller for one kind of record: what their lists show, and what they may open by id. */
export async function scopesOf(db: Queryable, auth: Pick<RequestAuth, 'user' | 'original'>, holding: Holding): Promise<{ list: Scope; lookup: Scope; caller: ScopeCaller }> {
  const caller = await scopeCallerOf(db, auth);
  return { list: listScope(caller, holding), lookup: lookupScope(caller, holding), caller };
}

/** Ask the access policy; a refusal is a 403 with its text, and nothing has been changed yet. */
export function authorize(action: UserAction, auth: RequestAuth, target: UserRow): void {
  const refusal = userActionRefusal(action, callerOf(auth), asPerson(target));
  if (refusal) throw new HttpError(403, refusal);
}
