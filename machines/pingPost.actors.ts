import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import type { ProxyAnswer, ProxyRequest } from './pingPost.machine';

/**
 * The debugger's one call: POST /debug/proxy. Whatever the vendor API answered comes back
 * as data (its 4xx included); a refusal of the proxy itself (a path it does not forward,
 * too many requests) is shown the same way, with the proxy's status; a 5xx or a lost
 * network throws.
 */
export function pingPostActors(api: ApiClient) {
  return {
    proxy: fromPromise<ProxyAnswer, ProxyRequest>(async ({ input, signal }) => {
      const res = await api.POST('/debug/proxy', { body: input, signal });
      if (res.data) return res.data as ProxyAnswer;
      if (res.response.status >= 500) throw new Error(`the debug proxy answered ${res.response.status}`);
      return { status: res.response.status, headers: {}, body: res.error ?? null, durationMs: 0 };
    }),
  };
}
