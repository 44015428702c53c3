import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { returnKeys, type ReturnFilter } from './keys';

export type LeadReturn = components['schemas']['LeadReturn'];
export interface ReturnPage {
  results: LeadReturn[];
  meta: { count: number };
}

/** The query of GET /returns and /returns/export for these filters. */
export const returnQuery = (f: ReturnFilter) => ({
  start: f.start,
  end: f.end,
  ...(f.vertical ? { vertical: f.vertical } : {}),
  ...(f.statuses.length ? { returnStatus: f.statuses.join(',') } : {}),
});

/** GET /returns (listReturns): one page of return management's table. */
export function listReturns(api: ApiClient, f: ReturnFilter, signal?: AbortSignal): Promise<ReturnPage> {
  const query = { ...returnQuery(f), limit: f.pageSize as 10 | 30 | 50 | 100, skip: (f.page - 1) * f.pageSize };
  return unwrap(api.GET('/returns', { params: { query }, signal }), 'Unable to load the returns');
}

/** The previous page stays on screen while the next one loads. */
export const returnsQueryOptions = (api: ApiClient, as: ActingAs, f: ReturnFilter) =>
  queryOptions({ queryKey: returnKeys.list(as, f), queryFn: ({ signal }) => listReturns(api, f, signal), placeholderData: keepPreviousData });

export function useReturns(f: ReturnFilter, enabled = true) {
  return useQuery({ ...returnsQueryOptions(useApi(), useActingAs(), f), enabled: enabled && f.statuses.length > 0 });
}
