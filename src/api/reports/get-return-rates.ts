import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import { reportKeys } from './keys';
import type { ReportQuery } from './query';

type RatesQuery = Omit<ReportQuery, 'sort' | 'order'>;

/** GET /reports/returns (getReturnRates): a page of the highest return rates, by vendor or package. */
export const getReturnRates = (api: ApiClient, query: RatesQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/reports/returns', { params: { query }, signal }), 'Unable to load the return rates');

export const returnRatesQueryOptions = (api: ApiClient, as: ActingAs, query: RatesQuery) =>
  queryOptions({ queryKey: reportKeys.returnRates(as, query), queryFn: ({ signal }) => getReturnRates(api, query, signal), placeholderData: keepPreviousData });

export function useReturnRates(query: RatesQuery) {
  return useQuery(returnRatesQueryOptions(useApi(), useActingAs(), query));
}
