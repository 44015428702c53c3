import { isAdmin, type Role } from '../roles';

/**
 * Whose leads a caller sees (document 002 section 6, and the brief of issue 10): admins
 * every lead; agents their own; corporate managers their company's; regional managers
 * the leads in their region's states (their region, else the region of their own state).
 * The lead list, a lead's details and the export use it, and so does "Why didn't I get
 * this lead?": the orders a caller may see for a ping are those whose lead they would see.
 */
export type LeadScope =
  | { kind: 'all' }
  | { kind: 'user'; userId: number }
  | { kind: 'company'; companyId: number }
  | { kind: 'region'; regionId: number | null; userState: string | null }
  | { kind: 'none' };

/** The fields of a user the scope depends on. */
export interface ScopedUser {
  id: number;
  role: string;
  company_id: number | null;
  region_id: number | null;
  state: string | null;
}

export function leadScopeOf(user: ScopedUser): LeadScope {
  switch (user.role) {
    case 'admin':
      return { kind: 'all' };
    case 'user':
      return { kind: 'user', userId: user.id };
    case 'corporate':
      return user.company_id === null ? { kind: 'none' } : { kind: 'company', companyId: user.company_id };
    case 'regional':
      return { kind: 'region', regionId: user.region_id, userState: user.state };
    default:
      return { kind: 'none' };
  }
}

/**
 * "Why didn't I get this lead?": the orders considered for a ping that a caller may see.
 * An administrator behind the session sees every order (also while switched into a user,
 * as before); anyone else the orders whose lead would be in their lead list.
 */
export function pingMatchScope(caller: { owner: { role: string }; actingAs: ScopedUser }): LeadScope {
  return isAdmin({ role: caller.owner.role as Role }) ? { kind: 'all' } : leadScopeOf(caller.actingAs);
}
