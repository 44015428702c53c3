import { DESIGNED_MSG, MSG } from './messages';
import { PEOPLE_DESIGNED_MSG } from './people/messages';
import { isAdmin, isSuperAdmin, type Actor } from './roles';
import { switchRefusal } from './switch-user';

/**
 * Row-level access: who may act on which user, and who may read which mail. Every
 * handler that touches another user's account asks here; x-roles (the guard) has already
 * said who may call the operation at all.
 */
export interface Person extends Actor {
  id: number;
}

/** Who is calling: the person behind the session, and the user they act as (the same unless switched). */
export interface Caller {
  owner: Person;
  actingAs: Person;
}

export type UserAction =
  | 'editProfile'
  | 'changePassword'
  | 'clearFailedLogins'
  | 'sendPasswordReset'
  | 'issueSignInKey'
  | 'issueTermsKey'
  // User management (document 000 sections 2 and 6): admins only, on another administrator super admins only.
  | 'changeStatus'
  | 'setCancelExhausting'
  | 'editCrm'
  | 'editFeatures'
  | 'editAlmPro'
  | 'invite'
  // One's own, or as an admin a user's (like the profile).
  | 'viewUser'
  | 'editContact'
  | 'courtesyMoney';

/**
 * Acting on another administrator's account takes a super admin, for the same reason a
 * plain admin cannot switch into one: it would hand over the stronger account.
 */
function otherAdministratorRefusal(owner: Person, target: Person): string | null {
  if (owner.id === target.id || !isAdmin(target) || isSuperAdmin(owner)) return null;
  return MSG.switchIntoAdmin;
}

/** May `caller` do `action` to `target`? Null when allowed, else the refusal's text (403). */
export function userActionRefusal(action: UserAction, caller: Caller, target: Person): string | null {
  const { owner, actingAs } = caller;
  switch (action) {
    case 'changePassword':
      // One's own, or the switched-into user's: never another account by id.
      return target.id === actingAs.id ? null : DESIGNED_MSG.notAllowed;
    case 'editProfile':
    case 'editContact':
    case 'viewUser':
      if (target.id === actingAs.id) return null;
      return isAdmin(owner) ? otherAdministratorRefusal(owner, target) : DESIGNED_MSG.notAllowed;
    case 'issueSignInKey':
      // A sign-in key is a session as the target: the rule of switching into them applies.
      return switchRefusal(owner, target);
    case 'courtesyMoney':
      // Courtesy money goes to a buyer's company; an administrator has no billing account.
      if (!isAdmin(owner)) return DESIGNED_MSG.notAllowed;
      return isAdmin(target) ? (otherAdministratorRefusal(owner, target) ?? DESIGNED_MSG.notAllowed) : null;
    case 'changeStatus':
      // Nobody archives or cancels their own account: it would end the session mid-task.
      if (target.id === owner.id) return PEOPLE_DESIGNED_MSG.notOwnStatus;
      return isAdmin(owner) ? otherAdministratorRefusal(owner, target) : DESIGNED_MSG.notAllowed;
    case 'clearFailedLogins':
    case 'sendPasswordReset':
    case 'issueTermsKey':
    case 'setCancelExhausting':
    case 'editCrm':
    case 'editFeatures':
    case 'editAlmPro':
    case 'invite':
      return isAdmin(owner) ? otherAdministratorRefusal(owner, target) : DESIGNED_MSG.notAllowed;
  }
}

/**
 * Which mail a reader may see. Reset and sign-in links to another administrator's
 * account are for super admins only: a plain admin must not take over a stronger
 * account through the mailbox.
 */
export type MailScope = { kind: 'all' } | { kind: 'non-admin-recipients'; alsoTo: string } | { kind: 'none' };

export function mailScope(reader: Actor & { email: string }): MailScope {
  if (isSuperAdmin(reader)) return { kind: 'all' };
  if (isAdmin(reader)) return { kind: 'non-admin-recipients', alsoTo: reader.email };
  return { kind: 'none' };
}

