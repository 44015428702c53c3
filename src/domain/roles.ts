/** Roles a user account can hold. The super admin is an admin with a flag, not a role. */
export const ROLES = [
  'user',
  'provisional_user',
  'regional',
  'corporate',
  'vendor',
  'admin',
  'sales',
  'accounting',
  'cld',
] as const;
export type Role = (typeof ROLES)[number];

/** A role as the screens name it to people (the menu, user lists). */
export const ROLE_LABELS: Record<Role, string> = {
  user: 'Agent',
  provisional_user: 'New agent',
  regional: 'Regional manager',
  corporate: 'Corporate manager',
  vendor: 'Lead vendor',
  admin: 'Administrator',
  sales: 'Sales',
  accounting: 'Accounting',
  cld: 'CLD',
};

/** The label of an actor's role; the super-admin flag has its own name. */
export function roleLabel(a: { role: Role; isSuperAdmin: boolean }): string {
  return a.role === 'admin' && a.isSuperAdmin ? 'Super administrator' : ROLE_LABELS[a.role];
}

/** Roles offered when an admin creates a user (document 000, lookups). The default is user. */
export const NEW_USER_ROLES: readonly Role[] = ['corporate', 'regional', 'sales', 'user'];

export const USER_STATUSES = ['active', 'inactive', 'archived', 'cancelled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The least a rule needs to know about who is acting. */
export interface Actor {
  role: Role;
  isSuperAdmin: boolean;
  status?: UserStatus;
  tosConsent?: boolean;
  features?: readonly string[];
}

export const isAdmin = (a: Pick<Actor, 'role'>): boolean => a.role === 'admin';
export const isSuperAdmin = (a: Pick<Actor, 'role' | 'isSuperAdmin'>): boolean =>
  a.role === 'admin' && a.isSuperAdmin;

/**
 * Access markers used in openapi.yaml `x-roles`, beside the role names:
 * `guest` (no session needed), `all` (any signed-in user), `super-admin` (the flag).
 */
export type AccessMarker = Role | 'guest' | 'all' | 'super-admin';

/** Does this actor satisfy a list of access markers? (The one rule the server's guard uses.) */
export function hasAccess(actor: Actor | null, allowed: readonly AccessMarker[]): boolean {
  if (allowed.includes('guest')) return true;
  if (!actor) return false;
  if (allowed.includes('all')) return true;
  if (allowed.includes('super-admin') && isSuperAdmin(actor)) return true;
  return allowed.includes(actor.role);
}
