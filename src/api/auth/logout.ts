import type { ApiClient } from '../client';
import { unwrap } from '../errors';

/** POST /authentication/logout (logout): the session's token stops working. */
export const logout = async (api: ApiClient, signal?: AbortSignal): Promise<void> => {
  await unwrap(api.POST('/authentication/logout', { signal }));
};
