/**
 * Who may do what with promotions (document 001 section 6: permissions cost-share.view,
 * cost-share.edit and cost-share.enable; the enrollment page for super admins only).
 *
 * Designed: the three permissions are feature flags an administrator grants on the user's
 * features screen, like every other flag; administrators hold all three by their role.
 * - view: sees every promotion. Without it one sees only the promotions one's own agent
 *   takes part in (an agent theirs, a corporate manager their company's agents').
 * - edit: creates promotions, changes them, archives them and removes agents.
 * - enable: turns a promotion on or off.
 * Enrolling agents is for super administrators; removing an agent needs edit and that the
 * agent has used none of the promotion (balanceUsed 0, section 4).
 */
import { isAdmin, isSuperAdmin, type Role } from '../roles';

export const COST_SHARE = { view: 'cost-share.view', edit: 'cost-share.edit', enable: 'cost-share.enable' } as const;

interface Holder {
  role: Role;
  isSuperAdmin: boolean;
  features: readonly string[];
}

const holds = (u: Holder, permission: string): boolean => isAdmin(u) || u.features.includes(permission);

export const mayViewAllPromotions = (u: Holder): boolean => holds(u, COST_SHARE.view);
export const mayEditPromotions = (u: Holder): boolean => holds(u, COST_SHARE.edit);
export const mayEnablePromotions = (u: Holder): boolean => holds(u, COST_SHARE.enable);
export const mayEnrollAgents = (u: Holder): boolean => isSuperAdmin(u);
export const mayRemoveAgent = (u: Holder, balanceUsedCents: number): boolean => mayEditPromotions(u) && balanceUsedCents === 0;
