import { fromPromise } from 'xstate';
import type { ApiClient } from '../src/api/client';
import { toApiError } from '../src/api/errors';
import { MSG } from '../src/domain/messages';
import type { ProfileInput } from '../src/domain/profile';
import { SESSION_TEXT, SWITCH_USER_HEADER, type SessionAuth } from '../src/domain/session';
import type { Outcome, Refusal } from './outcome';
import type { Credentials } from './session.machine';
import { switchUserMachine } from './switchUser.machine';

/**
 * The session machine's real API calls. Expected refusals (4xx with a message) come
 * back as `{ ok: false }` with the server's field errors; anything else throws and lands
 * in the machine's onError.
 */
export function sessionActors(api: ApiClient) {
  const checkSwitch = async (email: string, signal: AbortSignal): Promise<Outcome<{ auth: SessionAuth }>> => {
    const res = await api.GET('/authentication/user', { headers: { [SWITCH_USER_HEADER]: email }, signal });
    if (res.data) return { ok: true, auth: res.data };
    return refusal(res.response, res.error, SESSION_TEXT.switchFailed);
  };

  return {
    /** The stored token's session; a tab's switch is re-checked, and dropped if refused. */
    restore: fromPromise<{ auth: SessionAuth; switchedTo: string | null } | null, { switchUser: string | null }>(
      async ({ input, signal }) => {
        if (input.switchUser) {
          const switched = await checkSwitch(input.switchUser, signal);
          if (switched.ok) return { auth: switched.auth, switchedTo: input.switchUser };
          if (switched.code === 'session') return null;
        }
        const { data, response } = await api.GET('/authentication/user', { signal });
        if (data) return { auth: data, switchedTo: null };
        if (response.status === 401 || response.status === 403) return null;
        throw new Error(`GET /authentication/user answered ${response.status}`);
      },
    ),

    signIn: fromPromise<Outcome<{ auth: SessionAuth; token: string }>, Credentials>(async ({ input, signal }) => {
      const res =
        input.kind === 'sso'
          ? await api.POST('/authentication/sso', { body: { key: input.key }, signal })
          : await api.POST('/authentication/login', {
              body: { username: input.username, password: input.password, captcha: input.captcha },
              signal,
            });
      if (res.data) return { ok: true, auth: res.data, token: res.response.headers.get('x-auth-token') ?? '' };
      return refusal(res.response, res.error, SESSION_TEXT.signInFailed);
    }),

    acceptTerms: fromPromise<Outcome<{ auth: SessionAuth }>, { initials: [string, string] }>(async ({ input, signal }) => {
      const res = await api.POST('/authentication/user', { body: { tos: true, initials: input.initials }, signal });
      if (res.data) return { ok: true, auth: res.data };
      return refusal(res.response, res.error, MSG.saveFailed);
    }),

    saveProfile: fromPromise<Outcome<{ auth: SessionAuth }>, { userId: number; profile: ProfileInput }>(async ({ input, signal }) => {
      const p = input.profile;
      const body = { ...p, address2: p.address2 || undefined, agentId: p.agentId || undefined };
      const res = await api.PUT('/users/{userId}', { params: { path: { userId: input.userId } }, body, signal });
      if (res.data) return { ok: true, auth: res.data };
      return refusal(res.response, res.error, MSG.profileUpdateFailed);
    }),

    logout: fromPromise<void, { token: string | null }>(async ({ input }) => {
      if (!input.token) return;
      await api.POST('/authentication/logout', {});
    }),

    switchUser: switchUserMachine.provide({
      actors: {
        checkSwitch: fromPromise<Outcome<{ auth: SessionAuth }>, { email: string }>(({ input, signal }) =>
          checkSwitch(input.email, signal),
        ),
      },
    }),
  };
}

/** A 4xx answer as data (a 401 is marked `session`: the session itself is gone). */
function refusal(response: Response, error: unknown, fallback: string): Refusal {
  if (response.status >= 500) throw new Error(`${response.url} answered ${response.status}`);
  const e = toApiError(response, error, fallback);
  const code = response.status === 401 ? 'session' : e.code;
  return {
    ok: false,
    message: e.message,
    ...(code ? { code } : {}),
    ...(e.errors.length ? { errors: e.errors } : {}),
  };
}
