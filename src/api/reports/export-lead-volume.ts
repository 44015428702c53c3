import type { ApiClient } from '../client';
import type { LeadVolumeQuery } from './get-lead-volume';
import { csvFile } from './query';

/** GET /reports/lead-volume/export (exportLeadVolume): every period of the filter as lead_volume.csv. */
export const exportLeadVolume = (api: ApiClient, query: Omit<LeadVolumeQuery, 'limit' | 'skip'>, signal?: AbortSignal) =>
  csvFile(api.GET('/reports/lead-volume/export', { params: { query }, parseAs: 'blob', signal }), 'lead_volume.csv', 'Unable to export the lead volume report');
