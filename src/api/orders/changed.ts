import type { QueryClient } from '@tanstack/react-query';
import type { ActingAs } from '../context';
import { orderKeys } from './keys';

/** After an order changed (status, name, group, deletion): every entry of the orders area is stale. */
export const ordersChanged = (queryClient: QueryClient, as: ActingAs): Promise<void> => queryClient.invalidateQueries({ queryKey: orderKeys.all(as) });

/** Options of an orders mutation: on success the area's entries are refetched. */
export const orderMutationOptions = <I, O>(queryClient: QueryClient, as: ActingAs, mutationFn: (input: I) => Promise<O>) => ({
  mutationFn,
  onSuccess: () => ordersChanged(queryClient, as),
});
