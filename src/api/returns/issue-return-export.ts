import { useMutation } from '@tanstack/react-query';
import { RETURN_DESIGNED_MSG } from '../../domain/returns/messages';
import { useApi } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import type { ReturnFilter } from './keys';
import { returnQuery } from './list-returns';

/**
 * POST /returns/export (issueReturnExport): a single-use link to the CSV of return
 * management's filters, opened by the browser (GET /returns/export?token=, exportReturns).
 */
export function issueReturnExport(api: ApiClient, f: ReturnFilter, signal?: AbortSignal): Promise<components['schemas']['DownloadLink']> {
  return unwrap(api.POST('/returns/export', { params: { query: returnQuery(f) }, signal }), RETURN_DESIGNED_MSG.exportFailed);
}

export function useIssueReturnExport() {
  const api = useApi();
  return useMutation({ mutationFn: (f: ReturnFilter) => issueReturnExport(api, f) });
}
