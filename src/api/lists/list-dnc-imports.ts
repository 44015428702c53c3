import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, useActingAs, type ActingAs } from '../context';
import type { ApiClient, components } from '../client';
import { unwrap } from '../errors';
import { listKeys } from './keys';

export type DncImport = components['schemas']['DncImport'];
export type DncSource = DncImport['source'];

/** GET /dnc/imports (listDncImports): the imported do-not-call lists, newest first, and how many numbers agents flagged. */
export function listDncImports(api: ApiClient, signal?: AbortSignal): Promise<{ results: DncImport[]; agentFlagged: number }> {
  return unwrap(api.GET('/dnc/imports', { signal }), 'Unable to load the do-not-call lists');
}

export const dncImportsQueryOptions = (api: ApiClient, as: ActingAs) =>
  queryOptions({ queryKey: listKeys.dncImports(as), queryFn: ({ signal }) => listDncImports(api, signal) });

export function useDncImports() {
  return useQuery(dncImportsQueryOptions(useApi(), useActingAs()));
}
