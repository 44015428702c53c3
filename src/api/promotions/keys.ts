import type { ActingAs } from '../context';

/** The promotions table's filter: active or inactive (null: both), or the archived ones. */
export interface PromotionFilter {
  isActive: boolean | null;
  isArchived: boolean;
}

/** Query keys of the promotions area; every one starts with whom the session acts as. */
export const promotionKeys = {
  all: (as: ActingAs) => ['promotions', as] as const,
  list: (as: ActingAs, f: PromotionFilter) => [...promotionKeys.all(as), 'list', f] as const,
  one: (as: ActingAs, promotionId: number) => [...promotionKeys.all(as), 'one', promotionId] as const,
  agents: (as: ActingAs, promotionId: number) => [...promotionKeys.all(as), 'agents', promotionId] as const,
  parties: (as: ActingAs) => [...promotionKeys.all(as), 'parties'] as const,
};
