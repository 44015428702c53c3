import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { billingKeys } from './keys';

export type FinancialReportInput = components['schemas']['FinancialReportInput'];

/** POST /reports/financial (getFinancialReport): a company's balance over a period, summed by kind (it changes nothing). */
export const getFinancialReport = (api: ApiClient, body: FinancialReportInput, signal?: AbortSignal) =>
  unwrap(api.POST('/reports/financial', { body, signal }), 'Unable to load the financial summary');

export const financialReportQueryOptions = (api: ApiClient, as: ActingAs, body: FinancialReportInput) =>
  queryOptions({ queryKey: billingKeys.financial(as, body), queryFn: ({ signal }) => getFinancialReport(api, body, signal), placeholderData: keepPreviousData });

/** Read only for a range the statement's rule accepts (`enabled`). */
export function useFinancialReport(body: FinancialReportInput, enabled: boolean) {
  return useQuery({ ...financialReportQueryOptions(useApi(), useActingAs(), body), enabled });
}
