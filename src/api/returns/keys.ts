import type { ActingAs } from '../context';

/** Return management's filters (document 000 sections 7 and 9). */
export interface ReturnFilter {
  start: string;
  end: string;
  /** null: every vertical. */
  vertical: 'autoins' | 'homeins' | null;
  statuses: readonly string[];
  page: number;
  pageSize: number;
}

/** Query keys of the returns area; every one starts with whom the session acts as. */
export const returnKeys = {
  all: (as: ActingAs) => ['returns', as] as const,
  lists: (as: ActingAs) => [...returnKeys.all(as), 'list'] as const,
  list: (as: ActingAs, f: ReturnFilter) => [...returnKeys.lists(as), f] as const,
  lead: (as: ActingAs, leadId: number) => [...returnKeys.all(as), 'lead', leadId] as const,
};
