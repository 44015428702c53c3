import { fromPromise } from 'xstate';
import { errorMessage, type ApiClient } from '../src/api/client';
import { SWITCH_USER_HEADER } from '../src/domain/session';
import type { SessionAuth } from '../src/domain/session';
import type { Credentials, Outcome } from './session.machine';

/**
 * The session machine's real API calls. Expected refusals (4xx with a message) come
 * back as `{ ok: false }`; anything else throws and lands in the machine's onError.
 */
export function sessionActors(api: ApiClient) {
  return {
    restore: fromPromise<SessionAuth | null, { token: string }>(async ({ signal }) => {
      const { data, response } = await api.GET('/authentication/user', { signal });
      if (data) return data;
      if (response.status === 401 || response.status === 403) return null;
      throw new Error(`GET /authentication/user answered ${response.status}`);
    }),

    signIn: fromPromise<Outcome<{ auth: SessionAuth; token: string }>, Credentials>(async ({ input, signal }) => {
      const res =
        input.kind === 'sso'
          ? await api.POST('/authentication/sso', { body: { key: input.key }, signal })
          : await api.POST('/authentication/login', {
              body: { username: input.username, password: input.password, captcha: input.captcha },
              signal,
            });
      if (res.data) return { ok: true, auth: res.data, token: res.response.headers.get('x-auth-token') ?? '' };
      return refusal(res.response, res.error, 'Unable to sign in');
    }),

    acceptTerms: fromPromise<Outcome<{ auth: SessionAuth }>, { initials: [string, string] }>(async ({ input, signal }) => {
      const res = await api.POST('/authentication/user', { body: { tos: true, initials: input.initials }, signal });
      if (res.data) return { ok: true, auth: res.data };
      return refusal(res.response, res.error, 'Unable to save changes');
    }),

    switchUser: fromPromise<Outcome<{ auth: SessionAuth }>, { email: string }>(async ({ input, signal }) => {
      const res = await api.GET('/authentication/user', {
        headers: { [SWITCH_USER_HEADER]: input.email },
        signal,
      });
      if (res.data) return { ok: true, auth: res.data };
      return refusal(res.response, res.error, 'Unable to switch user');
    }),

    logout: fromPromise<void, { token: string | null }>(async ({ input }) => {
      if (!input.token) return;
      await api.POST('/authentication/logout', {});
    }),
  };
}

function refusal(response: Response, error: unknown, fallback: string): { ok: false; message: string; code?: string } {
  if (response.status >= 500) throw new Error(`${response.url} answered ${response.status}`);
  const code = (error as { code?: string } | undefined)?.code;
  return { ok: false, message: errorMessage(error, fallback), ...(code ? { code } : {}) };
}
