import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerMode } from '../../domain/screens';
import type { ApiClient } from '../client';
import { useApi } from '../context';
import { unwrap } from '../errors';
import { systemKeys } from './keys';

/** GET /system/mode (getServerMode): development or production (APP_MODE). */
export async function getServerMode(api: ApiClient, signal?: AbortSignal): Promise<ServerMode> {
  const answer = await unwrap(api.GET('/system/mode', { signal }), 'Unable to reach the server');
  return answer.mode;
}

/** The mode does not change while the server runs. */
export const serverModeQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: systemKeys.mode(), queryFn: ({ signal }) => getServerMode(api, signal), staleTime: Infinity });

/** Asked only where a screen depends on it (`enabled`). */
export function useServerMode(enabled = true) {
  return useQuery({ ...serverModeQueryOptions(useApi()), enabled });
}
