import type { ApiClient } from '../client';
import { RETURN_DESIGNED_MSG } from '../../domain/returns/messages';
import { unwrap } from '../errors';
import type { ReturnFilter } from './keys';
import { returnQuery } from './list-returns';

/** GET /returns/export (exportReturns): the CSV of the current filters and its file name. */
export async function exportReturns(api: ApiClient, f: ReturnFilter, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const res = await api.GET('/returns/export', { params: { query: returnQuery(f) }, parseAs: 'blob', signal });
  const data = await unwrap(Promise.resolve(res), RETURN_DESIGNED_MSG.exportFailed);
  const name = /filename="([^"]+)"/.exec(res.response.headers.get('content-disposition') ?? '')?.[1] ?? 'returns_export.csv';
  return { blob: data as Blob, fileName: name };
}
