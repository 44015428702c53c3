import type { QueryClient } from '@tanstack/react-query';
import type { ActingAs } from '../context';
import { billingKeys } from './keys';

/**
 * After money moved or a card changed: the company's record, its log and the companies'
 * balances are stale (all of the billing area's entries of whom the session acts as).
 */
export const billingChanged = (queryClient: QueryClient, as: ActingAs): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: billingKeys.all(as) });

/** Options of a billing mutation: on success the billing area's entries are refetched. */
export const billingMutationOptions = <I, O>(queryClient: QueryClient, as: ActingAs, mutationFn: (input: I) => Promise<O>) => ({
  mutationFn,
  onSuccess: () => billingChanged(queryClient, as),
});
