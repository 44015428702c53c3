/**
 * Whose leads a caller sees (document 002 section 6, and the brief of issue 10): admins
 * every lead; agents their own; corporate managers their company's; regional managers
 * the leads in their region's states. One SQL condition per scope, each matched by an
 * index of migration 011.
 */
export type LeadScope =
  | { kind: 'all' }
  | { kind: 'user'; userId: number }
  | { kind: 'company'; companyId: number }
  | { kind: 'region'; regionId: number | null; userState: string | null }
  | { kind: 'none' };

export function scopeOf(user: { id: number; role: string; company_id: number | null; region_id: number | null; state: string | null }): LeadScope {
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

/** The scope's condition on leads aliased `l`; `p` adds a parameter and returns its placeholder. */
export function scopeSql(scope: LeadScope, p: (v: unknown) => string): string {
  switch (scope.kind) {
    case 'all':
      return 'true';
    case 'user':
      return `l.user_id = ${p(scope.userId)}`;
    case 'company':
      return `l.company_id = ${p(scope.companyId)}`;
    case 'region':
      // The states as a literal list, so the planner can use the state index per state.
      return `l.state = ANY (ARRAY(SELECT rs.state FROM region_states rs WHERE rs.region_id =
        COALESCE(${p(scope.regionId)}::int, (SELECT r2.region_id FROM region_states r2 WHERE r2.state = ${p(scope.userState)}::text))))`;
    case 'none':
      return 'false';
  }
}
