import { CLD_FEATURES, CLD_LIST_PATH, CLD_MSG, CLD_REFUSED_TO, CLD_ROLES, CLD_TEXT } from './cld/access';
import { REPORT_TABS, reportTitle } from './reports/tabs';
import { hasAccess, isAdmin, isSuperAdmin, type AccessMarker, type Actor } from './roles';

/**
 * Every screen of the app: its route, title and who may open it (documents 000–002).
 * `later` marks screens whose features come in later issues: they render their title
 * and say so. The web router and the end-to-end tests both read this table.
 */
export interface Screen {
  path: string;
  title: string;
  roles: readonly AccessMarker[];
  later?: boolean;
  /** Needs one of these feature flags; a non-switched admin needs none (document 000 section 5). */
  features?: readonly string[];
  /** Only professional-tier users among the roles (super admins always). */
  proOnly?: boolean;
  /** Open to every signed-in user when the server runs in development mode (APP_MODE). */
  everyoneInDevelopment?: boolean;
  /** A refused user is told this and sent there (when they may open it) instead of home. */
  refusal?: { message: string; to: string };
}

/** The mode the server runs in (APP_MODE); `development` opens developer screens to everyone. */
export type ServerMode = 'development' | 'production';

/** Who orders (document 001 section 2): the order screens and lead lists. */
const ORDER_ROLES = ['user', 'admin', 'regional'] as const;

/** The order wizard's call-vertical step (document 002 section 2: the live calls' new-order button goes there). */
export const CALL_ORDER_WIZARD_PATH = '/orders/orders/wizard/call-product';
/** The wizard's entries other screens link to: a recommended package's new draft (opens at territory, radius 30), and an order's edit at its options (the bid). */
export const RECOMMENDED_ORDER_PATH = (packageId: number): string => `/orders/orders/wizard/recommended/${packageId}`;
export const EDIT_ORDER_BID_PATH = (orderId: number): string => `/orders/orders/wizard/edit/${orderId}/options`;

export const SCREENS: readonly Screen[] = [
  { path: '/dashboard', title: 'Dashboard', roles: ['user', 'regional', 'corporate', 'admin', 'sales', 'accounting'] },
  { path: '/orders/list', title: 'Orders', roles: ORDER_ROLES },
  // The order wizard: one screen for its start, create and edit routes, so one statechart
  // lives across its steps (/product, /call-product, /create/{id}/{step}, /edit/{id}/{step}).
  { path: '/orders/orders/wizard/*', title: 'Order wizard', roles: ORDER_ROLES },
  { path: '/leads/:tab', title: 'Leads', roles: ['admin', 'user'] },
  { path: '/calls/live', title: 'Live Calls', roles: ['admin', 'user', 'regional', 'corporate'] },
  // The report tabs, from their one table (domain/reports/tabs.ts).
  ...REPORT_TABS.map((t) => ({ path: t.path, title: reportTitle(t), roles: t.roles, later: t.later, features: t.features })),
  { path: '/lists-orders/dashboard', title: 'Lead Lists', roles: ORDER_ROLES, features: ['lead-lists'] },
  { path: '/promotions/campaigns', title: 'Promotions: Campaigns', roles: ['all'] },
  // Before '/promotions/campaigns/:id', which would otherwise take 'create' for an id.
  { path: '/promotions/campaigns/create', title: 'Promotions: Create Campaigns', roles: ['admin'] },
  { path: '/promotions/campaigns/:id', title: 'Promotions: Campaign', roles: ['all'] },
  { path: '/promotions/campaignsEnrollment/:id', title: 'Promotions: Enroll Agents', roles: ['super-admin'] },
  { path: '/return-management', title: 'Return Management', roles: ['admin', 'vendor'] },
  { path: '/api/post-lead', title: 'API Debugger: Post Lead', roles: ['vendor'] },
  { path: '/api/ping-lead', title: 'API Debugger: Ping Lead', roles: ['vendor'] },
  { path: '/api/pingpost-lead', title: 'API Debugger: Ping-Post Lead', roles: ['vendor'] },
  { path: '/api/ping-call', title: 'API Debugger: Ping Call', roles: ['vendor'] },
  { path: '/api/pingpost-call', title: 'API Debugger: Ping-Post Call', roles: ['vendor'] },
  // The growth-funds program's orders (document 002): the access rule is domain/cld/access.ts.
  { path: CLD_LIST_PATH, title: CLD_TEXT.listTitle, roles: CLD_ROLES, features: CLD_FEATURES, refusal: { message: CLD_MSG.noAccess, to: CLD_REFUSED_TO } },
  { path: '/settings/billing/:tab', title: 'Billing', roles: ['admin', 'user'] },
  { path: '/user/profile', title: 'Profile', roles: ['all'] },
  { path: '/user/password', title: 'Password', roles: ['all'] },
  { path: '/user/contact', title: 'Contact Preferences', roles: ['all'] },
  { path: '/user/crm', title: 'CRM', roles: ['admin'] },
  { path: '/user/features', title: 'Features', roles: ['admin'] },
  { path: '/user/almpro', title: 'ALM Pro', roles: ['admin'] },
  { path: '/user/distribution-networks', title: 'Distribution Networks', roles: ['user', 'admin'] },
  { path: '/user/leadVantageAccess', title: 'LeadVantage Access', roles: ['super-admin'] },
  { path: '/company/concurrency', title: 'Concurrency', roles: ['super-admin', 'user'], proOnly: true },
  { path: '/company/lead-cap', title: 'Lead Cap', roles: ['super-admin'] },
  { path: '/admin/mailbox', title: 'Mailbox', roles: ['admin'] },
  // The background jobs of the server, their failures and back-off (issue 18).
  { path: '/admin/jobs', title: 'Background jobs', roles: ['admin'] },
  // The do-not-call lists every lead list is scrubbed against, imported by admins (issue 21).
  { path: '/dnc-lists', title: 'Do-not-call lists', roles: ['admin'] },
  // "Why didn't I get this lead?" (issue 9): the match breakdown of one ping (?ping=<id>).
  { path: '/why-not', title: "Why didn't I get this lead?", roles: ['user', 'admin', 'regional', 'corporate'] },
  // The statechart workbench: admins, and everyone signed in on a development server.
  { path: '/machines', title: 'Statecharts', roles: ['admin'], everyoneInDevelopment: true },
];

/** Old and parent routes that lead to a screen. */
export const REDIRECTS: ReadonlyArray<[from: string, to: string]> = [
  ['/', '/login'],
  ['/settings', '/settings/billing/activity'],
  ['/settings/billing', '/settings/billing/activity'],
  ['/settings/user', '/user/profile'],
  ['/leads', '/leads/new'],
  ['/calls', '/calls/live'],
  ['/reports', '/reports/dashboard'],
  ['/promotions', '/promotions/campaigns'],
  ['/lists-orders', '/lists-orders/dashboard'],
  ['/cld', CLD_LIST_PATH],
  ['/orders', '/orders/list'],
  ['/api', '/api/post-lead'],
];

/** The browser tab's title of a screen: "Orders · Leadline". */
export const pageTitle = (title: string): string => `${title} · Leadline`;

/** Titles of the screens outside SCREENS: the session's steps and the public pages. */
export const STEP_TITLES = {
  login: 'Sign in',
  locked: 'Account locked',
  terms: 'Terms of service',
  profile: 'Complete your profile',
  passwordReset: 'Reset your password',
  termsKey: 'Terms of service',
  sso: 'Signing you in',
  registration: 'Create your account',
  privacy: 'Privacy policy',
  cldLogin: CLD_TEXT.loginTitle,
  notFound: 'Page not found',
} as const;

const patternOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+').replace(/\/\*$/, '/.+')}/?$`);
const MATCHERS = SCREENS.map((s) => [patternOf(s.path), s] as const);

/** The screen at an address (query and hash ignored), if any. */
export function screenAt(location: string): Screen | null {
  const path = location.split(/[?#]/)[0];
  return MATCHERS.find(([re]) => re.test(path))?.[1] ?? null;
}

/**
 * A route that needs a feature is open to a non-switched admin, otherwise by the flag
 * (document 000 section 5); a professional-tier screen needs the tier or a super admin.
 */
export function featureAllows(screen: Screen, user: Actor & { isPro?: boolean }, original: Actor | null = null): boolean {
  if (screen.proOnly && !(user.isPro === true || isSuperAdmin(user) || (original !== null && isSuperAdmin(original)))) return false;
  if (!screen.features) return true;
  if (original === null && isAdmin(user)) return true;
  return screen.features.some((f) => user.features?.includes(f));
}

/**
 * May this user open the screen? An admin switched into a user keeps the admin's screens;
 * on a development server the developer screens are open to everyone signed in.
 */
export function mayOpen(screen: Screen, user: Actor & { isPro?: boolean }, original: Actor | null = null, mode: ServerMode = 'production'): boolean {
  if (screen.everyoneInDevelopment && mode === 'development') return true;
  const byRole = hasAccess(user, screen.roles) || (original !== null && hasAccess(original, screen.roles));
  return byRole && featureAllows(screen, user, original);
}

/**
 * Settings sections: the menu's "Personal" and "Company" each open a section whose tab
 * bar lists the screens of SCREENS the user may open.
 */
export interface Section {
  id: string;
  title: string;
  paths: readonly string[];
}
export const SETTINGS_SECTIONS: readonly Section[] = [
  {
    id: 'personal',
    title: 'Personal',
    paths: ['/user/profile', '/user/password', '/user/contact', '/user/crm', '/user/almpro', '/user/distribution-networks', '/user/leadVantageAccess'],
  },
  { id: 'company', title: 'Company', paths: ['/company/concurrency', '/company/lead-cap'] },
  { id: 'features', title: 'Features', paths: ['/user/features'] },
];

/** The settings section a screen belongs to, if any. */
export const sectionOf = (path: string): Section | null => SETTINGS_SECTIONS.find((s) => s.paths.includes(path)) ?? null;

/** A section's screens this user may open, in order. */
export function sectionScreens(section: Section, user: Actor, original: Actor | null = null): Screen[] {
  return section.paths.map((p) => SCREENS.find((s) => s.path === p)!).filter((s) => mayOpen(s, user, original));
}
