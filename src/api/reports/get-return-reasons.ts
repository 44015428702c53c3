import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { reportKeys } from './keys';
import type { ReportQuery } from './query';

type ReasonsQuery = Pick<ReportQuery, 'dateFrom' | 'dateTo' | 'product' | 'vertical' | 'company'>;

/** GET /reports/returns/reasons (getReturnReasons): the returns asked per reason, and the range's lead-return stats. */
export const getReturnReasons = (api: ApiClient, query: ReasonsQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/returns/reasons', { params: { query }, signal }), 'Unable to load the return reasons');

export const returnReasonsQueryOptions = (api: ApiClient, as: ActingAs, query: ReasonsQuery) =>
  queryOptions({ queryKey: reportKeys.returnReasons(as, query), queryFn: ({ signal }) => getReturnReasons(api, query, signal), placeholderData: keepPreviousData });

export function useReturnReasons(query: ReasonsQuery) {
  return useQuery(returnReasonsQueryOptions(useApi(), useActingAs(), query));
}
