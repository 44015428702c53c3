import type { QueryClient } from '@tanstack/react-query';
import type { ActingAs } from '../context';

/**
 * After a step of a return: the returns, the lead lists (badges and counters) and the
 * balances (an approval refunds the buyer) may all have changed, so every query of whom
 * the session acts as is refetched.
 */
export const returnsChanged = (queryClient: QueryClient, as: ActingAs): Promise<void> =>
  queryClient.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey[1]) === JSON.stringify(as) || q.queryKey[0] === 'returns' });
