import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient } from '../client';
import type { operations } from '../schema';
import { unwrap } from '../errors';
import { listKeys } from './keys';

export type ListsReport = operations['getListsReport']['responses']['200']['content']['application/json'];
export type ListsReportYear = ListsReport['years'][number];

/** GET /reports/lists (getListsReport): lists made and their records per month and year, newest year first. */
export function getListsReport(api: ApiClient, companyId: number | null, signal?: AbortSignal): Promise<ListsReport> {
  const query = companyId !== null ? { companyId } : {};
  return unwrap(api.GET('/reports/lists', { params: { query }, signal }), 'Unable to load the lists report');
}

export const listsReportQueryOptions = (api: ApiClient, as: ActingAs, companyId: number | null) =>
  queryOptions({ queryKey: listKeys.report(as, companyId), queryFn: ({ signal }) => getListsReport(api, companyId, signal), placeholderData: keepPreviousData });

/** An admin may read one company's (null: every company in the caller's scope). */
export function useListsReport(companyId: number | null) {
  return useQuery(listsReportQueryOptions(useApi(), useActingAs(), companyId));
}
