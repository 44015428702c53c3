import { useMutation } from '@tanstack/react-query';
import { useApi } from '../context';
import type { ApiClient } from '../client';
import { unwrap } from '../errors';
import type { LeadParams } from './search-leads';

/** GET /leads/export (exportLeads): the CSV of a search (streamed by the server) and its file name. */
export async function exportLeads(api: ApiClient, params: LeadParams, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const res = await api.GET('/leads/export', { params: { query: params }, parseAs: 'blob', signal });
  const data = await unwrap(Promise.resolve(res), 'Unable to export leads');
  const name = /filename="([^"]+)"/.exec(res.response.headers.get('content-disposition') ?? '')?.[1] ?? 'lead_export.csv';
  return { blob: data as Blob, fileName: name };
}

/** The export as a mutation: the view shows its pending state and toasts its error's message. */
export function useExportLeads() {
  const api = useApi();
  return useMutation({ mutationFn: (params: LeadParams) => exportLeads(api, params) });
}
