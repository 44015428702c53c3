import { DESIGNED_MSG } from '../messages';
import { isAdmin, isSuperAdmin, type Actor } from '../roles';

/**
 * Who may read or change which part of a company (document 000 sections 2 and 6): the
 * distribution networks are for its users and admins; the LeadVantage access and the
 * lead cap for super admins; the concurrency schedule for super admins and for a
 * professional-tier user of the company. An admin switched into a user keeps the admin's
 * rights (the owner), the company is the acted-as user's.
 */
export type CompanyAction = 'read' | 'editDistributions' | 'editLeadVantage' | 'editConcurrency' | 'editLeadCap';

export interface CompanyCaller {
  owner: Actor;
  actingAs: Actor & { companyId: number | null; isPro?: boolean };
}

export function companyActionRefusal(action: CompanyAction, caller: CompanyCaller, companyId: number): string | null {
  const { owner, actingAs } = caller;
  const own = actingAs.companyId === companyId;
  switch (action) {
    case 'read':
    case 'editDistributions':
      return isAdmin(owner) || own ? null : DESIGNED_MSG.notAllowed;
    case 'editLeadVantage':
    case 'editLeadCap':
      return isSuperAdmin(owner) ? null : DESIGNED_MSG.notAllowed;
    case 'editConcurrency':
      return isSuperAdmin(owner) || (own && actingAs.isPro === true && actingAs.role === 'user') ? null : DESIGNED_MSG.notAllowed;
  }
}
