import { useMutation } from '@tanstack/react-query';
import { LEADS_DESIGNED_MSG } from '../../domain/leads/messages';
import { useApi } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import type { LeadParams } from './search-leads';

export type DownloadLink = components['schemas']['DownloadLink'];

/**
 * POST /leads/export (issueLeadExport): a single-use link to the CSV of a search. The
 * browser opens the link itself (GET /leads/export?token=, exportLeads), so its download
 * manager streams the file to disk and the page never holds it.
 */
export function issueLeadExport(api: ApiClient, params: LeadParams, signal?: AbortSignal): Promise<DownloadLink> {
  return unwrap(api.POST('/leads/export', { params: { query: params }, signal }), LEADS_DESIGNED_MSG.exportFailed);
}

/** The link as a mutation: the view shows its pending state, opens the link, and toasts an error's message. */
export function useIssueLeadExport() {
  const api = useApi();
  return useMutation({ mutationFn: (params: LeadParams) => issueLeadExport(api, params) });
}
