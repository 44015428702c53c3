import createClient, { type Middleware } from 'openapi-fetch';
import { SERVER_TIME_HEADER } from '../domain/clock';
import { SWITCH_USER_HEADER, TOKEN_HEADER } from '../domain/session';
import { GUEST_OPERATIONS } from './guest-operations';
import type { paths } from './schema';

export type { components, paths } from './schema';

/** The API's base path, as openapi.yaml's `servers` names it. */
export const API_BASE = '/rest';

/** What the client needs from its surroundings; the web app wires these to the session. */
export interface ClientHooks {
  getToken(): string | null;
  setToken(token: string): void;
  getSwitchUser(): string | null;
  /**
   * A 401 on a call that needed a session, with the token the call sent: the session is
   * lost, unless the stored token has changed since (another tab rotated it).
   */
  onSessionLost(sentToken: string | null): void;
  /** A 403: signed in, but not allowed. */
  onForbidden(message: string): void;
  /** Count of requests in flight changed (for the loading indicator). */
  onBusy?(inFlight: number): void;
  /** An answer told the server's time (epoch ms): the web app's clock follows it. */
  onServerTime?(ms: number): void;
}

/** A path template of openapi.yaml as a pattern: `/users/{userId}` matches `/users/7`. */
const templatePattern = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
const GUEST = GUEST_OPERATIONS.map(([method, path]) => ({ method, pattern: templatePattern(path) }));

/** Guest operations (x-roles: guest): their 401/403 answers are their own flow, not a lost session. */
export function isGuestOperation(method: string, path: string): boolean {
  return GUEST.some((g) => g.method === method.toUpperCase() && g.pattern.test(path));
}
/** Beside guest operations, the session's own check reads its 403 (a refused switch). */
const READS_OWN_FORBIDDEN = ['/authentication/user'];

export function createApiClient(hooks: ClientHooks, baseUrl = API_BASE, fetchImpl?: typeof fetch) {
  const client = createClient<paths>({ baseUrl, fetch: fetchImpl });
  let inFlight = 0;
  const busy = (d: number) => {
    inFlight += d;
    hooks.onBusy?.(inFlight);
  };
  const session: Middleware = {
    onRequest({ request }) {
      busy(1);
      const token = hooks.getToken();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      const switched = hooks.getSwitchUser();
      if (switched && !request.headers.has(SWITCH_USER_HEADER)) request.headers.set(SWITCH_USER_HEADER, switched);
      return request;
    },
    async onResponse({ request, response }) {
      busy(-1);
      const serverTime = response.headers.get(SERVER_TIME_HEADER);
      if (serverTime) hooks.onServerTime?.(Number(serverTime));
      const fresh = response.headers.get(TOKEN_HEADER);
      if (fresh) hooks.setToken(fresh);
      const path = new URL(request.url).pathname.slice(baseUrl.length);
      const guest = isGuestOperation(request.method, path);
      if (response.status === 401 && !guest) hooks.onSessionLost(sentToken(request));
      if (response.status === 403 && !guest && !READS_OWN_FORBIDDEN.includes(path)) {
        const body = (await response.clone().json().catch(() => ({}))) as { error?: string };
        hooks.onForbidden(body.error ?? 'Not allowed');
      }
      return response;
    },
    onError() {
      busy(-1);
    },
  };
  client.use(session);
  return client;
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** The bearer token a request carried, or null. */
function sentToken(request: Request): string | null {
  const m = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '');
  return m ? m[1] : null;
}
