import { unwrap } from '../errors';
import type { ApiClient } from '../client';

export interface StatementRequest {
  companyId: number;
  dateFrom: string;
  dateTo: string;
}

/** GET /billing/{companyId}/receipt (getBillingStatement): the statement PDF and its file name. */
export async function getBillingStatement(api: ApiClient, r: StatementRequest, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const res = await api.GET('/billing/{companyId}/receipt', {
    params: { path: { companyId: r.companyId }, query: { dateFrom: r.dateFrom, dateTo: r.dateTo } },
    parseAs: 'blob',
    signal,
  });
  const data = await unwrap(Promise.resolve(res), 'Unable to make the statement');
  const response = res.response;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'billing-statement.pdf';
  return { blob: data as Blob, fileName: name };
}
