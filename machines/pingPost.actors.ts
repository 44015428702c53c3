import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { debugProxy } from '../src/api/debugger/debug-proxy';
import { ApiError } from '../src/api/errors';
import type { ProxyAnswer, ProxyRequest } from './pingPost.machine';

/**
 * The debugger's one call: POST /debug/proxy (src/api/debugger/debug-proxy.ts). Whatever
 * the vendor API answered comes back as data (its 4xx included); a refusal of the proxy
 * itself (a token no longer live, too many requests) is shown the same way, with the
 * proxy's status and error body; a 5xx or a lost network throws (the machine says the API
 * could not be reached).
 */
export function pingPostActors(api: ApiClient) {
  return {
    proxy: fromPromise<ProxyAnswer, ProxyRequest>(async ({ input, signal }) => {
      try {
        return await debugProxy(api, input, signal);
      } catch (e) {
        if (!(e instanceof ApiError) || e.status >= 500) throw e;
        return { status: e.status, headers: {}, body: { error: e.message, ...(e.code ? { code: e.code } : {}), ...(e.errors.length ? { errors: e.errors } : {}) }, durationMs: 0 };
      }
    }),
  };
}
