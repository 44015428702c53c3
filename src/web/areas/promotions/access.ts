import { mayEditPromotions, mayEnablePromotions, mayEnrollAgents, mayRemoveAgent, mayViewAllPromotions } from '../../../domain/promotions';
import { isAdmin } from '../../../domain/roles';
import { mayOpen, screenAt } from '../../../domain/screens';
import { useSessionSelector } from '../../app/session';
import { CREATE_PATH } from './paths';

export interface PromotionAccess {
  viewAll: boolean;
  edit: boolean;
  enable: boolean;
  enroll: boolean;
  removeAgent(balanceUsedCents: number): boolean;
}

const NONE: PromotionAccess = { viewAll: false, edit: false, enable: false, enroll: false, removeAgent: () => false };

/**
 * What the session may do with promotions, by the domain's rules. An admin switched into a
 * user keeps the admin's permissions (as the lead lists do): the screens stay those of the
 * person at the keyboard.
 */
export function usePromotionAccess(): PromotionAccess {
  const auth = useSessionSelector((s) => s.context.auth);
  if (!auth) return NONE;
  const holder = auth.original && isAdmin(auth.original) ? auth.original : auth.user;
  return {
    viewAll: mayViewAllPromotions(holder),
    edit: mayEditPromotions(holder),
    enable: mayEnablePromotions(holder),
    enroll: mayEnrollAgents(holder),
    removeAgent: (balanceUsedCents) => mayRemoveAgent(holder, balanceUsedCents),
  };
}

/** May the session open the create screen? Its route is for admins (document 001: "admin only"), so edit permission alone is not enough. */
export function useMayCreate(): boolean {
  const auth = useSessionSelector((s) => s.context.auth);
  const edit = usePromotionAccess().edit;
  const screen = screenAt(CREATE_PATH);
  return edit && !!auth && !!screen && mayOpen(screen, auth.user, auth.original);
}
