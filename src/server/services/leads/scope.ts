import { leadScopeOf, type LeadScope, type ScopedUser } from '../../../domain/leads/scope';

/**
 * Whose leads a caller sees is the domain's rule (src/domain/leads/scope); here is its SQL:
 * one condition per scope, each matched by an index of migration 011.
 */
export type { LeadScope };

export const scopeOf = (user: ScopedUser): LeadScope => leadScopeOf(user);

/** The columns a scope reads: the lead's (`l`) by default, or those of what stands for a lead. */
export interface ScopeColumns {
  userId: string;
  companyId: string;
  state: string;
}
const LEAD_COLUMNS: ScopeColumns = { userId: 'l.user_id', companyId: 'l.company_id', state: 'l.state' };

/** The scope's condition on leads aliased `l` (or on `cols`); `p` adds a parameter and returns its placeholder. */
export function scopeSql(scope: LeadScope, p: (v: unknown) => string, cols: ScopeColumns = LEAD_COLUMNS): string {
  switch (scope.kind) {
    case 'all':
      return 'true';
    case 'user':
      return `${cols.userId} = ${p(scope.userId)}`;
    case 'company':
      return `${cols.companyId} = ${p(scope.companyId)}`;
    case 'region':
      // The states as a literal list, so the planner can use the state index per state.
      return `${cols.state} = ANY (ARRAY(SELECT rs.state FROM region_states rs WHERE rs.region_id =
        COALESCE(${p(scope.regionId)}::int, (SELECT r2.region_id FROM region_states r2 WHERE r2.state = ${p(scope.userState)}::text))))`;
    case 'none':
      return 'false';
  }
}
