import { needsRegion, needsVendor, type Scope, type ScopeCaller } from '../../domain/access/scope';
import { one, type Queryable } from '../db/db';
import { vendorOfUser } from './debugger/vendor-apis';
import type { UserRow } from './users';

/**
 * Who may see what, in SQL: the scopes of src/domain/access/scope.ts as one condition on
 * the columns of a query, so every list, count, lookup and guarded update filters the
 * same way the domain's `inScope` judges a loaded row.
 */

/**
 * The region of a user, as SQL over a `users` row aliased `alias`: the region they are
 * given, else the region of their own state. Written here once; every query that needs
 * it (an order's agent, a caller's region) uses this.
 */
export const regionOfUserSql = (alias: string): string =>
  `COALESCE(${alias}.region_id, (SELECT rs.region_id FROM region_states rs WHERE rs.state = ${alias}.state))`;

/**
 * The columns (or expressions) a query offers the scope. A scope whose column a query
 * lacks matches nothing there, as `inScope` does with a row that lacks the field.
 */
export interface ScopeColumns {
  userId?: string;
  companyId?: string;
  /** The consumer's state (region scopes by state). */
  state?: string;
  /** The region of the user who placed the record (region scopes by agent): see `regionOfUserSql`. */
  userRegion?: string;
  /**
   * Instead of `userRegion`, for a query that does not join the user who placed the record:
   * that user's id, and a region scope by agent lists the region's agents by id (so an
   * index on the id serves it, as the report rollups' (user, day) index does).
   */
  agentId?: string;
  vendorId?: string;
  /**
   * A region scope by state names its states (the scope's own list, read with the caller,
   * as `inScope` judges) as a parameter instead of selecting the region's states in the
   * statement, so the planner knows how many rows they hold. The report rollups ask for it:
   * estimated blind, a region's 90 days of lead_rollup_daily at 10,000,000 leads looked 8
   * times their size and went to parallel workers (115 ms instead of 7).
   */
  statesListed?: boolean;
}

/** The columns of a lead aliased `l`. */
export const LEAD_COLUMNS: ScopeColumns = { userId: 'l.user_id', companyId: 'l.company_id', state: 'l.state', vendorId: 'l.vendor_id' };
/** The columns of an order (or a draft) aliased `alias`, placed by the user aliased `users`. */
export const orderColumns = (alias: string, users = 'u'): ScopeColumns => ({
  userId: `${alias}.user_id`, companyId: `${alias}.company_id`, userRegion: regionOfUserSql(users),
});

/** The scope's condition; `p` adds a parameter and returns its placeholder. */
export function scopeSql(scope: Scope, cols: ScopeColumns, p: (v: unknown) => string): string {
  const on = (col: string | undefined, v: unknown) => (col === undefined ? 'false' : `${col} = ${p(v)}`);
  switch (scope.kind) {
    case 'all':
      return 'true';
    case 'user':
      return on(cols.userId, scope.userId);
    case 'company':
      return on(cols.companyId, scope.companyId);
    case 'vendor':
      return on(cols.vendorId, scope.vendorId);
    case 'region':
      // A region of null matches nothing (`= NULL`), with the same text as any other region.
      if (scope.by === 'agent') {
        if (cols.userRegion !== undefined || cols.agentId === undefined) return on(cols.userRegion, scope.regionId);
        return `${cols.agentId} = ANY (ARRAY(SELECT a.id FROM users a WHERE ${regionOfUserSql('a')} = ${p(scope.regionId)}))`;
      }
      // The states as a list the planner reads per state (the state indexes of migration 011).
      if (cols.state === undefined) return 'false';
      if (cols.statesListed) return `${cols.state} = ANY (${p([...scope.states])}::text[])`;
      return `${cols.state} = ANY (ARRAY(SELECT rs.state FROM region_states rs WHERE rs.region_id = ${p(scope.regionId)}))`;
    case 'none':
      return 'false';
  }
}

/** The same condition for queries that number their parameters themselves: its placeholders start at `$first`. */
export function scopeWhere(scope: Scope, cols: ScopeColumns, first: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const sql = scopeSql(scope, cols, (v) => {
    params.push(v);
    return `$${first + params.length - 1}`;
  });
  return { sql, params };
}

/**
 * A caller as the scope needs it, from the session's owner and the user acted as: a
 * regional manager's region and its states, a vendor's vendor, each read only for that role.
 */
export async function scopeCaller(q: Queryable, owner: UserRow, actingAs: UserRow): Promise<ScopeCaller> {
  let region: ScopeCaller['region'] = null;
  if (needsRegion(actingAs.role)) {
    const r = await one<{ id: number | null; states: string[] }>(q,
      `SELECT r.id, COALESCE(ARRAY(SELECT rs.state::text FROM region_states rs WHERE rs.region_id = r.id ORDER BY rs.state), '{}') AS states
         FROM (SELECT ${regionOfUserSql('u')} AS id FROM users u WHERE u.id = $1) r`, [actingAs.id]);
    region = { id: r?.id ?? null, states: r?.states ?? [] };
  }
  let vendorId: number | null = null;
  if (needsVendor(actingAs.role)) vendorId = (await vendorOfUser(q, actingAs.id))?.id ?? null;
  return {
    owner: { id: owner.id, role: owner.role },
    actingAs: { id: actingAs.id, role: actingAs.role, companyId: actingAs.company_id },
    region,
    vendorId,
  };
}
