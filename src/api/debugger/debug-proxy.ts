import type { ApiClient, paths } from '../client';
import { LIVE_MSG } from '../../domain/debugger/messages';
import { unwrap } from '../errors';

type Paths = paths;
/** What the debugger sends through the proxy (a /v2 path, headers, body, the live token's id). */
export type DebugProxyRequest = Paths['/debug/proxy']['post']['requestBody']['content']['application/json'];
/** What the vendor API answered: its status, shown headers, body and time. */
export type DebugProxyAnswer = Paths['/debug/proxy']['post']['responses']['200']['content']['application/json'];

/**
 * POST /debug/proxy (debugProxy): the request goes to the real /v2 route and its answer
 * comes back as data, a 4xx of the vendor API included. Only the pingPost machine's actor
 * calls it (machines/pingPost.actors.ts): a workflow, not cached data, so no query options.
 */
export function debugProxy(api: ApiClient, request: DebugProxyRequest, signal?: AbortSignal): Promise<DebugProxyAnswer> {
  return unwrap(api.POST('/debug/proxy', { body: request, signal }), LIVE_MSG.unreachable);
}
