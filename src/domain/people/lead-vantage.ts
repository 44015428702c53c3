import { isAdmin, type Role } from '../roles';

/**
 * LeadVantage access (document 000 section 6): "A non-admin user without LeadVantage
 * access is redirected to an external single-sign-on application." Access is the
 * company's (`hasLeadVantageAccess`, section 3, set by a super admin on
 * /user/leadVantageAccess). The rule is judged on the person signed in: an admin switched
 * into such a user stays in the app. A user without a company is not sent away.
 */
export function sentToLeadVantageSso(person: { role: Role }, companyHasAccess: boolean | null): boolean {
  return !isAdmin(person) && companyHasAccess === false;
}

/** The external address when none is configured (LEADVANTAGE_SSO_URL; docs/settings.md). */
export const DEFAULT_LEADVANTAGE_SSO_URL = 'https://sso.leadvantage.test/';
