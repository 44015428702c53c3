import { fromPromise } from 'xstate';
import { acceptTerms } from '../src/api/auth/accept-terms';
import { exchangeSsoKey } from '../src/api/auth/exchange-sso-key';
import { getCurrentUser } from '../src/api/auth/get-current-user.fetcher';
import { login } from '../src/api/auth/login';
import { logout } from '../src/api/auth/logout';
import type { ApiClient } from '../src/api/client';
import { ApiError, orRefusal } from '../src/api/errors';
import { updateProfile } from '../src/api/people/update-profile.fetcher';
import { SESSION_CODE, type Outcome } from '../src/domain/outcome';
import type { ProfileInput } from '../src/domain/profile';
import type { SessionAuth } from '../src/domain/session';
import type { Credentials } from './session.machine';
import { switchUserMachine } from './switchUser.machine';

/**
 * The session machine's calls, through the data layer (src/api/auth, src/api/users).
 * Expected refusals (4xx) come back as `{ ok: false }` with the server's field errors;
 * anything else throws and lands in the machine's onError.
 */
export function sessionActors(api: ApiClient) {
  const checkSwitch = (email: string, signal: AbortSignal): Promise<Outcome<{ auth: SessionAuth }>> =>
    orRefusal(getCurrentUser(api, signal, email).then((auth) => ({ ok: true as const, auth })));

  return {
    /** The stored token's session; a tab's switch is re-checked, and dropped if refused. */
    restore: fromPromise<{ auth: SessionAuth; switchedTo: string | null } | null, { switchUser: string | null }>(
      async ({ input, signal }) => {
        if (input.switchUser) {
          const switched = await checkSwitch(input.switchUser, signal);
          if (switched.ok) return { auth: switched.auth, switchedTo: input.switchUser };
          if (switched.code === SESSION_CODE) return null;
        }
        try {
          return { auth: await getCurrentUser(api, signal), switchedTo: null };
        } catch (e) {
          // No session (401) or none this user may have (403): signed out, not an error.
          if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return null;
          throw e;
        }
      },
    ),

    signIn: fromPromise<Outcome<{ auth: SessionAuth; token: string }>, Credentials>(({ input, signal }) =>
      orRefusal(
        (input.kind === 'sso'
          ? exchangeSsoKey(api, input.key, signal)
          : login(api, { username: input.username, password: input.password, captcha: input.captcha }, signal)
        ).then((s) => ({ ok: true as const, ...s })),
      ),
    ),

    acceptTerms: fromPromise<Outcome<{ auth: SessionAuth }>, { initials: [string, string] }>(({ input, signal }) =>
      orRefusal(acceptTerms(api, input.initials, signal).then((auth) => ({ ok: true as const, auth }))),
    ),

    saveProfile: fromPromise<Outcome<{ auth: SessionAuth }>, { userId: number; profile: ProfileInput }>(({ input, signal }) =>
      orRefusal(updateProfile(api, input, signal).then((auth) => ({ ok: true as const, auth }))),
    ),

    /** Signing out locally never waits on the answer: a refusal (the token already gone) is done too. */
    logout: fromPromise<void, { token: string | null }>(async ({ input }) => {
      if (!input.token) return;
      await orRefusal(logout(api));
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
