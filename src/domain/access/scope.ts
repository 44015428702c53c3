import type { Role } from '../roles';

/**
 * Who may see what: the one place that decides which leads, returns, calls, orders,
 * drafts, order groups, companies and billing records a caller may see or act on.
 * Handlers and services ask here (the server turns a scope into SQL with
 * services/scope-sql.ts); none decides it again. Reports, promotions and lists use it too.
 *
 * Three kinds of record, each with its own rule per role:
 * - `lead`: a sold lead and what belongs to it (its return, its call, its sale, the orders
 *   that competed for its ping). The consumer's record. An agent sees the leads sold to
 *   them (their own, also their returns and calls); a corporate manager their company's;
 *   a regional manager those of consumers in their region's states; a vendor the leads
 *   it sold (their returns); an admin all.
 * - `order`: an order, a draft, their timelines, caps and groups. The company's buying:
 *   an agent (and a corporate manager) sees their company's; a regional manager those
 *   placed by agents of their region; an admin all.
 * - `company`: a company's settings, billing records and live events: one's own company;
 *   an admin any.
 *
 * Lists show what the acting user sees (an admin switched into a user sees that user's
 * lists). Opening or acting on one record by id follows the same scope, except that an
 * administrator behind the session keeps their reach while switched.
 *
 * Out of scope by id answers 404 for leads, returns, calls, orders, drafts, pings and
 * groups (their existence is not told); a company not one's own answers 403 alike whether
 * it exists or not (a company id is no secret to hide, and the refusal tells nothing more).
 */
export type Holding = 'lead' | 'order' | 'company';

export type Scope =
  | { kind: 'all' }
  /** The records of one user (an agent's own leads). */
  | { kind: 'user'; userId: number }
  | { kind: 'company'; companyId: number }
  /**
   * A region: `by: 'state'` for records of a consumer (the consumer's state is one of the
   * region's), `by: 'agent'` for records placed by a user (that user's region is this one).
   * A regional manager with no region sees nothing (regionId null).
   */
  | { kind: 'region'; by: 'state' | 'agent'; regionId: number | null; states: readonly string[] }
  | { kind: 'vendor'; vendorId: number }
  | { kind: 'none' };

/** A caller as the scope needs it. */
export interface ScopeCaller {
  /** The person behind the session: an admin behind a switch, else the user. */
  owner: { id: number; role: Role | string };
  /** The user acted as. */
  actingAs: { id: number; role: Role | string; companyId: number | null };
  /** The acting user's region (theirs, else their state's) and its states; asked for regional managers only. */
  region: { id: number | null; states: readonly string[] } | null;
  /** The vendor the acting user signs in for; asked for vendors only. */
  vendorId: number | null;
}

/** What a caller needs resolved beyond their user row: a regional manager their region, a vendor their vendor. */
export const needsRegion = (role: string): boolean => role === 'regional';
export const needsVendor = (role: string): boolean => role === 'vendor';

const NONE: Scope = { kind: 'none' };

function roleScope(c: ScopeCaller, holding: Holding): Scope {
  const u = c.actingAs;
  if (u.role === 'admin') return { kind: 'all' };
  const company: Scope = u.companyId === null ? NONE : { kind: 'company', companyId: u.companyId };
  if (holding === 'company') return company;
  const region = (by: 'state' | 'agent'): Scope => ({ kind: 'region', by, regionId: c.region?.id ?? null, states: c.region?.states ?? [] });
  switch (u.role) {
    case 'user':
      return holding === 'lead' ? { kind: 'user', userId: u.id } : company;
    case 'corporate':
      return company;
    // A CLD program user reads their company's orders on the CLD list (designed: the
    // specification gives the role a home screen and nothing else).
    case 'cld':
      return holding === 'order' ? company : NONE;
    case 'regional':
      return region(holding === 'lead' ? 'state' : 'agent');
    case 'vendor':
      return holding === 'lead' && c.vendorId !== null ? { kind: 'vendor', vendorId: c.vendorId } : NONE;
    default:
      return NONE;
  }
}

/** The records of a kind a caller's lists show: what the acting user sees. */
export const listScope = (c: ScopeCaller, holding: Holding): Scope => roleScope(c, holding);

/** The records of a kind a caller may open or act on by id: the list's, and all of them for an administrator behind the session. */
export const lookupScope = (c: ScopeCaller, holding: Holding): Scope => (c.owner.role === 'admin' ? { kind: 'all' } : roleScope(c, holding));

/** What a loaded row tells the scope; a column the row's kind lacks is left out (and then never matches). */
export interface ScopedRow {
  userId?: number | null;
  companyId?: number | null;
  /** The consumer's state (a lead's, a call's lead's). */
  state?: string | null;
  /** The region of the user who placed it (an order's, a draft's agent). */
  userRegionId?: number | null;
  vendorId?: number | null;
}

/** Is a loaded row within a scope? The same answer as the scope's SQL (services/scope-sql.ts) gives on the row. */
export function inScope(scope: Scope, row: ScopedRow): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'user':
      return row.userId === scope.userId;
    case 'company':
      return row.companyId === scope.companyId;
    case 'region':
      if (scope.regionId === null) return false;
      return scope.by === 'state' ? row.state != null && scope.states.includes(row.state) : row.userRegionId === scope.regionId;
    case 'vendor':
      return row.vendorId === scope.vendorId;
    case 'none':
      return false;
  }
}

/**
 * A list narrowed to one named company (the live calls' company filter): an admin may name
 * any; anyone else only their own (null: refused, 403); a regional manager naming their
 * own company sees it rather than their region.
 */
export function narrowToCompany(c: ScopeCaller, scope: Scope, companyId: number | null): Scope | null {
  if (companyId === null) return scope;
  if (c.actingAs.role === 'admin') return { kind: 'company', companyId };
  if (companyId !== c.actingAs.companyId) return null;
  return c.actingAs.role === 'regional' ? { kind: 'company', companyId } : scope;
}
