import { useMutation } from '@tanstack/react-query';
import { LIST_MSG } from '../../domain/lists/messages';
import { useApi } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';

/**
 * POST /lists/{listId}/export (issueListExport): a single-use link to a ready list's CSV,
 * opened by the browser (GET /lists/export?token=, exportList), whose download manager
 * streams it to disk.
 */
export function issueListExport(api: ApiClient, listId: number, signal?: AbortSignal): Promise<components['schemas']['DownloadLink']> {
  return unwrap(api.POST('/lists/{listId}/export', { params: { path: { listId } }, signal }), LIST_MSG.exportFailed);
}

export function useIssueListExport() {
  const api = useApi();
  return useMutation({ mutationFn: (listId: number) => issueListExport(api, listId) });
}
