import { hasAccess, isAdmin, type Actor, type Role } from '../roles';

/**
 * Who may open the CLD (growth-funds program) order list (document 002 sections 4 and 6):
 * an admin always; a user or regional manager (and a CLD account, whose home it is,
 * document 000) with the cld or cld_growth feature. An admin switched into a user sees it
 * as that user would, as every feature-bound screen (screens.ts, featureAllows).
 */
export const CLD_LIST_PATH = '/cld/list';
export const CLD_LOGIN_PATH = '/cld/login';
export const CLD_ROLES: readonly Role[] = ['user', 'admin', 'regional', 'cld'];
export const CLD_FEATURES: readonly string[] = ['cld', 'cld_growth'];

/** Where a user refused the CLD list goes (document 002 section 4): the order list. */
export const CLD_REFUSED_TO = '/orders/list';

export const CLD_MSG = {
  noAccess: 'You do not have access to CLD at this time',
} as const;

/** Titles and texts of the CLD screens (our design: the specification names none). */
export const CLD_TEXT = {
  listTitle: 'CLD Orders',
  loginTitle: 'CLD sign in',
  loginIntro: 'Sign in to the growth-funds program (CLD) to see its orders.',
  empty: 'No CLD orders yet.',
  emptyHint: 'Orders of CLD growth packages show here once they are placed.',
  emptySearch: 'No CLD order matches your search.',
  growthFunds: 'CLD growth funds',
  allCompanies: 'Every company’s CLD orders are listed; switch into a user to see a company’s growth funds.',
} as const;

export function mayOpenCld(user: Actor, original: Actor | null = null): boolean {
  if (!hasAccess(user, CLD_ROLES) && !(original !== null && hasAccess(original, CLD_ROLES))) return false;
  if (original === null && isAdmin(user)) return true;
  return CLD_FEATURES.some((f) => user.features?.includes(f));
}
