import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { sessionGate } from '../src/domain/default-screen';
import {
  IDLE_WARNING_SECONDS,
  LOGOUT_COUNTDOWN_SECONDS,
  rememberSwitch,
  type SessionAuth,
  type SignOutReason,
} from '../src/domain/session';
import { termsInitialsError } from '../src/domain/terms';

/**
 * The whole session: signing in (password with captcha, or a single-sign-on key), the
 * terms and profile gates, the idle timer with its warning, switching into a user, and
 * signing out with a reason. Views send events and read state; API calls are actors
 * provided by the app (session.actors.ts), so this file runs the same in tests.
 */

export type Credentials =
  | { kind: 'password'; username: string; password: string; captcha: string }
  | { kind: 'sso'; key: string };

/** Expected failures come back as data; a thrown error is a surprise (network, 500). */
export type Outcome<T> = ({ ok: true } & T) | { ok: false; message: string; code?: string };

export interface SessionInput {
  token: string | null;
  recentSwitches?: string[];
}

export interface SessionContext {
  token: string | null;
  auth: SessionAuth | null;
  credentials: Credentials | null;
  /** Email of the user an admin is switched into (sent as X-Switch-User), else null. */
  switchedTo: string | null;
  switchTarget: string | null;
  recentSwitches: string[];
  /** Last failure to show beside a form: login, terms or switch. */
  error: string | null;
  /** Why the running logout was started; routes to the matching signed-out state. */
  signOutReason: Exclude<SignOutReason, 'sessionLost'> | null;
  /** Bumped after each failed login, so the view fetches a fresh captcha. */
  captchaVersion: number;
}

export type SessionEvent =
  | { type: 'LOGIN'; username: string; password: string; captcha: string }
  | { type: 'SSO'; key: string }
  | { type: 'LOGOUT' }
  | { type: 'ACTIVITY' }
  | { type: 'KEEP_WORKING' }
  | { type: 'SESSION_LOST' }
  | { type: 'NOT_AUTHORIZED'; message: string }
  | { type: 'TOKEN_REFRESHED'; token: string }
  | { type: 'ACCEPT_TERMS'; initials: [string, string] }
  | { type: 'PROFILE_SAVED'; auth: SessionAuth }
  | { type: 'USER_UPDATED'; auth: SessionAuth }
  | { type: 'SWITCH_USER'; email: string }
  | { type: 'SWITCH_BACK' }
  | { type: 'DISMISS' };

/** Events the view listens for (toasts), beside reading state. */
export type SessionEmitted =
  | { type: 'loginFailed'; message: string }
  | { type: 'notAuthorized'; message: string }
  | { type: 'switchRefused'; message: string };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    restore: fromPromise<SessionAuth | null, { token: string }>(async () => {
      throw new Error('provide the restore actor');
    }),
    signIn: fromPromise<Outcome<{ auth: SessionAuth; token: string }>, Credentials>(async () => {
      throw new Error('provide the signIn actor');
    }),
    acceptTerms: fromPromise<Outcome<{ auth: SessionAuth }>, { initials: [string, string] }>(async () => {
      throw new Error('provide the acceptTerms actor');
    }),
    switchUser: fromPromise<Outcome<{ auth: SessionAuth }>, { email: string }>(async () => {
      throw new Error('provide the switchUser actor');
    }),
    logout: fromPromise<void, { token: string | null }>(async () => {
      throw new Error('provide the logout actor');
    }),
  },
  delays: {
    idleWarning: IDLE_WARNING_SECONDS * 1000,
    logoutCountdown: LOGOUT_COUNTDOWN_SECONDS * 1000,
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    restored: (_, auth: SessionAuth | null) => auth !== null,
    needsProfile: ({ context }) => context.auth !== null && sessionGate(context.auth.user) === 'profile',
    needsTerms: ({ context }) => context.auth !== null && sessionGate(context.auth.user) === 'terms',
    succeeded: (_, outcome: Outcome<object>) => outcome.ok,
    locked: (_, outcome: Outcome<object>) => !outcome.ok && outcome.code === 'locked',
    initialsMatch: ({ event }) => {
      assertEvent(event, 'ACCEPT_TERMS');
      return termsInitialsError(event.initials[0], event.initials[1]) === null;
    },
    signedOutByIdle: ({ context }) => context.signOutReason === 'inactivity',
  },
  actions: {
    clearSession: assign({
      token: null,
      auth: null,
      credentials: null,
      switchedTo: null,
      switchTarget: null,
    }),
    storeToken: assign({
      token: ({ event }) => {
        assertEvent(event, 'TOKEN_REFRESHED');
        return event.token;
      },
    }),
    storeAuth: assign({
      auth: ({ event }) => {
        assertEvent(event, ['PROFILE_SAVED', 'USER_UPDATED']);
        return event.auth;
      },
    }),
    rememberCredentials: assign({
      credentials: ({ event }): Credentials => {
        assertEvent(event, ['LOGIN', 'SSO']);
        return event.type === 'SSO'
          ? { kind: 'sso', key: event.key }
          : { kind: 'password', username: event.username, password: event.password, captcha: event.captcha };
      },
      error: null,
      signOutReason: null,
    }),
    termsInitialsRefused: assign({
      error: ({ event }) => {
        assertEvent(event, 'ACCEPT_TERMS');
        return termsInitialsError(event.initials[0], event.initials[1]);
      },
    }),
    reasonLogout: assign({ signOutReason: 'logout' as const }),
    reasonInactivity: assign({ signOutReason: 'inactivity' as const }),
    broadcastNotAuthorized: emit(({ event }) => {
      assertEvent(event, 'NOT_AUTHORIZED');
      return { type: 'notAuthorized' as const, message: event.message };
    }),
    chooseSwitchTarget: assign({
      switchTarget: ({ event }) => {
        assertEvent(event, 'SWITCH_USER');
        return event.email.trim().toLowerCase();
      },
      error: null,
    }),
    switchBack: assign({ switchedTo: null, switchTarget: null, auth: ({ context }) => backToOriginal(context.auth) }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    auth: null,
    credentials: null,
    switchedTo: null,
    switchTarget: null,
    recentSwitches: input.recentSwitches ?? [],
    error: null,
    signOutReason: null,
    captchaVersion: 0,
  }),
  initial: 'restoring',
  on: {
    // The API client hands every fresh token from a response header to the session.
    TOKEN_REFRESHED: { actions: 'storeToken' },
  },
  states: {
    /** At start: a stored token is checked with the server; without one, sign in. */
    restoring: {
      always: [{ guard: 'hasToken', target: 'checkingToken' }, { target: 'signedOut' }],
    },
    checkingToken: {
      invoke: {
        id: 'restore',
        src: 'restore',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [
          {
            guard: { type: 'restored', params: ({ event }) => event.output },
            target: 'gate',
            actions: assign({ auth: ({ event }) => event.output }),
          },
          { target: 'signedOut', actions: 'clearSession' },
        ],
        onError: { target: 'signedOut', actions: 'clearSession' },
      },
    },
    signedOut: {
      entry: 'clearSession',
      initial: 'ready',
      on: {
        LOGIN: { target: 'signingIn', actions: 'rememberCredentials' },
        SSO: { target: 'signingIn', actions: 'rememberCredentials' },
      },
      states: {
        ready: {},
        /** The reason a session ended is shown until the user dismisses it or signs in. */
        afterLogout: { on: { DISMISS: 'ready' } },
        /** "You are protected": logged out by the idle timer. */
        afterInactivity: { on: { DISMISS: 'ready' } },
        /** A 401 arrived: the session is gone on the server. */
        sessionLost: { on: { DISMISS: 'ready' } },
        loginFailed: {},
        /** Too many failed logins: the view shows /locked. */
        locked: { on: { DISMISS: 'ready' } },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => context.credentials!,
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'gate',
            actions: assign(({ event }) => {
              const out = event.output as { auth: SessionAuth; token: string };
              return { auth: out.auth, token: out.token, credentials: null, error: null };
            }),
          },
          {
            guard: { type: 'locked', params: ({ event }) => event.output },
            target: 'signedOut.locked',
            actions: assign({ error: ({ event }) => failureMessage(event.output), credentials: null }),
          },
          {
            target: 'signedOut.loginFailed',
            actions: [
              assign({
                error: ({ event }) => failureMessage(event.output),
                credentials: null,
                captchaVersion: ({ context }) => context.captchaVersion + 1,
              }),
              emit(({ event }) => ({ type: 'loginFailed' as const, message: failureMessage(event.output) })),
            ],
          },
        ],
        onError: {
          target: 'signedOut.loginFailed',
          actions: [
            assign({
              error: 'We could not reach the server. Please try again.',
              credentials: null,
              captchaVersion: ({ context }) => context.captchaVersion + 1,
            }),
            emit({ type: 'loginFailed' as const, message: 'We could not reach the server. Please try again.' }),
          ],
        },
      },
    },
    /** Decide where a fresh session goes: the profile, the terms, or the app. */
    gate: {
      always: [
        { guard: 'needsProfile', target: 'profileRequired' },
        { guard: 'needsTerms', target: 'termsRequired' },
        { target: 'signedIn' },
      ],
    },
    profileRequired: {
      on: {
        PROFILE_SAVED: { target: 'gate', actions: 'storeAuth' },
        LOGOUT: { target: 'loggingOut', actions: 'reasonLogout' },
        SESSION_LOST: { target: 'signedOut.sessionLost' },
      },
    },
    termsRequired: {
      initial: 'reading',
      on: {
        LOGOUT: { target: 'loggingOut', actions: 'reasonLogout' },
        SESSION_LOST: { target: 'signedOut.sessionLost' },
      },
      states: {
        reading: {
          on: {
            ACCEPT_TERMS: [
              { guard: 'initialsMatch', target: 'accepting', actions: assign({ error: null }) },
              { actions: 'termsInitialsRefused' },
            ],
          },
        },
        accepting: {
          invoke: {
            id: 'acceptTerms',
            src: 'acceptTerms',
            input: ({ event }) => {
              assertEvent(event, 'ACCEPT_TERMS');
              return { initials: event.initials };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: '#session.gate',
                actions: assign({ auth: ({ event }) => (event.output as { auth: SessionAuth }).auth }),
              },
              { target: 'reading', actions: assign({ error: ({ event }) => failureMessage(event.output) }) },
            ],
            onError: { target: 'reading', actions: assign({ error: 'Unable to save changes' }) },
          },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        LOGOUT: { target: 'loggingOut', actions: 'reasonLogout' },
        SESSION_LOST: { target: 'signedOut.sessionLost' },
        NOT_AUTHORIZED: { actions: 'broadcastNotAuthorized' },
        USER_UPDATED: { actions: 'storeAuth' },
      },
      states: {
        /** The idle timer: 840 s without input opens the warning, 60 s more signs out. */
        activity: {
          initial: 'active',
          states: {
            active: {
              after: { idleWarning: { target: 'warning' } },
              on: { ACTIVITY: { target: 'active', reenter: true } },
            },
            /** 'Still working?': Keep working resumes; Log Out or the countdown ends it. */
            warning: {
              after: { logoutCountdown: { target: '#session.loggingOut', actions: 'reasonInactivity' } },
              on: {
                KEEP_WORKING: { target: 'active' },
                LOGOUT: { target: '#session.loggingOut', actions: 'reasonInactivity' },
              },
            },
          },
        },
        /** Whom the session acts as: the admin's own account or a switched-into user. */
        identity: {
          initial: 'self',
          states: {
            self: {
              on: { SWITCH_USER: { target: 'switching', actions: 'chooseSwitchTarget' } },
            },
            switching: {
              invoke: {
                id: 'switchUser',
                src: 'switchUser',
                input: ({ context }) => ({ email: context.switchTarget! }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => event.output },
                    target: 'switched',
                    actions: assign(({ context, event }) => ({
                      auth: (event.output as { auth: SessionAuth }).auth,
                      switchedTo: context.switchTarget,
                      recentSwitches: rememberSwitch(context.recentSwitches, context.switchTarget!),
                    })),
                  },
                  {
                    target: 'self',
                    actions: [
                      assign({ error: ({ event }) => failureMessage(event.output), switchTarget: null }),
                      emit(({ event }) => ({ type: 'switchRefused' as const, message: failureMessage(event.output) })),
                    ],
                  },
                ],
                onError: {
                  target: 'self',
                  actions: assign({ error: 'Unable to switch user', switchTarget: null }),
                },
              },
            },
            switched: {
              on: {
                SWITCH_BACK: { target: 'self', actions: 'switchBack' },
                SWITCH_USER: { target: 'switching', actions: 'chooseSwitchTarget' },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'signedOutByIdle', target: 'signedOut.afterInactivity' },
          { target: 'signedOut.afterLogout' },
        ],
        // Signing out locally must not depend on the server answering.
        onError: [
          { guard: 'signedOutByIdle', target: 'signedOut.afterInactivity' },
          { target: 'signedOut.afterLogout' },
        ],
      },
    },
  },
});

function failureMessage(outcome: Outcome<object>): string {
  return outcome.ok ? '' : outcome.message;
}

/** Leaving a switch: the admin is the session's user again. */
function backToOriginal(auth: SessionAuth | null): SessionAuth | null {
  if (!auth?.original) return auth;
  return { user: auth.original, original: null };
}
