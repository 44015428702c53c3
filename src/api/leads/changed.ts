import type { QueryClient } from '@tanstack/react-query';
import type { ActingAs } from '../context';
import { leadKeys } from './keys';
import type { LeadPage, LeadRow } from './search-leads';
import type { LeadDetails } from './get-lead';

/** Put a changed lead into every cached page and its cached details, without a refetch. */
export function patchLead(queryClient: QueryClient, as: ActingAs, id: number, patch: Partial<LeadRow>): void {
  queryClient.setQueriesData<LeadPage>({ queryKey: leadKeys.searches(as) }, (page) =>
    page ? { ...page, results: page.results.map((r) => (r.id === id ? { ...r, ...patch } : r)) } : page,
  );
  queryClient.setQueryData<LeadDetails>(leadKeys.lead(as, id), (d) => (d ? { ...d, lead: { ...d.lead, ...patch } } : d));
}
