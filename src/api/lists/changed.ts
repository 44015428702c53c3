import type { QueryClient } from '@tanstack/react-query';
import type { ActingAs } from '../context';
import { listKeys } from './keys';

/** After a list order or a list changed: every entry of the lists area (orders, lists, report) is refetched. */
export const listsChanged = (queryClient: QueryClient, as: ActingAs): Promise<void> => queryClient.invalidateQueries({ queryKey: listKeys.all(as) });

/** Options of a lists mutation: on success the area's entries are refetched. */
export const listMutationOptions = <I, O>(queryClient: QueryClient, as: ActingAs, mutationFn: (input: I) => Promise<O>) => ({
  mutationFn,
  onSuccess: () => listsChanged(queryClient, as),
});
