import type { QueryClient } from '@tanstack/react-query';
import type { ActingAs } from '../context';
import { promotionKeys } from './keys';

/**
 * Options of a promotions mutation: on success every entry of the area is refetched, since
 * a change to one promotion moves the table, its page (usage) and its agents alike.
 */
export const promotionMutationOptions = <I, O>(queryClient: QueryClient, as: ActingAs, mutationFn: (input: I) => Promise<O>) => ({
  mutationFn,
  onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all(as) }),
});
