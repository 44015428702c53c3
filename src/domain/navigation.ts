import { CLD_FEATURES, CLD_LIST_PATH, CLD_ROLES } from './cld/access';
import type { Actor, Role } from './roles';
import { isSuperAdmin } from './roles';

/** The Lists tab disappears from this day on (document 000 section 2); a rule kept as data. */
export const LISTS_TAB_HIDDEN_FROM = '2021-12-31';

export interface NavTab {
  id: string;
  label: string;
  path: string;
  roles: readonly Role[];
  /** Admins see every tab whose roles they lack, except where this is false. */
  adminSees?: boolean;
  /** Shown only before this ISO day. */
  hiddenFrom?: string;
  /** Needs one of these feature flags (admins exempt). */
  features?: readonly string[];
}

/** Main navigation, in order. Roles per document 000 section 6 and documents 001/002. */
export const MAIN_TABS: readonly NavTab[] = [
  { id: 'dashboard', label: 'Dashboard', path: '/dashboard', roles: ['user', 'regional', 'corporate'] },
  { id: 'orders', label: 'Orders', path: '/orders/list', roles: ['user', 'regional'] },
  { id: 'leads', label: 'Leads', path: '/leads/new', roles: ['user'] },
  { id: 'calls', label: 'Calls', path: '/calls/live', roles: ['user', 'regional', 'corporate'] },
  { id: 'reports', label: 'Reports', path: '/reports/dashboard', roles: ['user', 'regional', 'corporate'] },
  {
    id: 'lists',
    label: 'Lists',
    path: '/lists-orders/dashboard',
    roles: ['user', 'regional'],
    hiddenFrom: LISTS_TAB_HIDDEN_FROM,
    features: ['lead-lists'],
  },
  { id: 'promotions', label: 'Promotions', path: '/promotions/campaigns', roles: ['user', 'regional', 'corporate'] },
  // The roles and flags of the CLD list itself (document 000: a tab shows for its screen's roles).
  { id: 'cld', label: 'CLD', path: CLD_LIST_PATH, roles: CLD_ROLES, features: CLD_FEATURES },
  { id: 'returns', label: 'Return Management', path: '/return-management', roles: ['vendor'] },
  { id: 'debugger', label: 'API Debugger', path: '/api/post-lead', roles: ['vendor'], adminSees: false },
];

/** Report tabs and who sees them: their one table is domain/reports/tabs.ts. */
export { REPORT_TABS } from './reports/tabs';

/** Promotion tabs (document 001): Create Campaigns is for admins in the navigation. */
export const PROMOTION_TABS: readonly NavTab[] = [
  { id: 'campaigns', label: 'Campaigns', path: '/promotions/campaigns', roles: ['user', 'regional', 'corporate'] },
  { id: 'create', label: 'Create Campaigns', path: '/promotions/campaigns/create', roles: [] },
];

/** Settings tabs: Billing, Personal, Features, Company (document 000 section 2). */
export const SETTINGS_TABS: readonly NavTab[] = [
  { id: 'billing', label: 'Billing', path: '/settings/billing/activity', roles: ['user'] },
  { id: 'personal', label: 'Personal', path: '/user/profile', roles: ['user', 'regional', 'corporate', 'vendor', 'sales', 'accounting', 'cld'] },
  { id: 'features', label: 'Features', path: '/user/features', roles: [] },
  { id: 'company', label: 'Company', path: '/company/concurrency', roles: [] },
];

/** "Shown if the user's role is among the authorized roles, or the user is an admin." */
export function tabVisible(tab: NavTab, user: Actor, today: string): boolean {
  if (tab.hiddenFrom && today >= tab.hiddenFrom) return false;
  if (user.role === 'admin' && tab.adminSees !== false) return true;
  if (!tab.roles.includes(user.role)) return false;
  if (tab.features && !tab.features.some((f) => user.features?.includes(f))) return false;
  return true;
}

/** Billing is hidden for vendor, corporate and regional roles; a super admin always sees it. */
export function billingVisible(user: Actor): boolean {
  if (isSuperAdmin(user)) return true;
  return !['vendor', 'corporate', 'regional'].includes(user.role) && user.role !== 'provisional_user';
}

export function visibleTabs(tabs: readonly NavTab[], user: Actor, today: string): NavTab[] {
  return tabs.filter((t) => tabVisible(t, user, today));
}

/** Settings tabs for a user: Company only for professional-tier users (and super admins). */
export function visibleSettingsTabs(user: Actor & { isPro?: boolean }, today: string): NavTab[] {
  return SETTINGS_TABS.filter((t) => {
    if (t.id === 'billing') return billingVisible(user);
    if (t.id === 'company') return user.isPro === true || isSuperAdmin(user);
    return tabVisible(t, user, today);
  });
}
