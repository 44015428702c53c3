import type { ActingAs } from '../context';

/** Query keys of lead search; every one starts with whom the session acts as. */
export const leadKeys = {
  all: (as: ActingAs) => ['leads', as] as const,
  searches: (as: ActingAs) => [...leadKeys.all(as), 'search'] as const,
  search: (as: ActingAs, params: Record<string, string>) => [...leadKeys.searches(as), params] as const,
  counts: (as: ActingAs) => [...leadKeys.all(as), 'counts'] as const,
  count: (as: ActingAs, params: Record<string, string>) => [...leadKeys.counts(as), params] as const,
  lead: (as: ActingAs, id: number) => [...leadKeys.all(as), 'lead', id] as const,
};
