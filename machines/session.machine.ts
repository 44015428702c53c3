import { assertEvent, assign, emit, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { defaultScreen, landingScreen, sessionGate } from '../src/domain/default-screen';
import { MSG } from '../src/domain/messages';
import { profileErrors, type ProfileInput } from '../src/domain/profile';
import { isAdmin } from '../src/domain/roles';
import { lockedScreen, rememberSwitch, SESSION_TEXT, type SessionAuth, type SignOutReason } from '../src/domain/session';
import { termsInitialsError } from '../src/domain/terms';
import { idleMachine } from './idle.machine';
import type { FieldError } from '../src/domain/field-error';
import { refusalMessage, type Outcome } from '../src/domain/outcome';
import { switchUserMachine, type SwitchOutput } from './switchUser.machine';

/**
 * The whole session: signing in (password with captcha, or a single-sign-on link), the
 * profile and terms gates, the signed-in app with its idle timer (idle.machine.ts) and
 * switching into a user (switchUser.machine.ts), and signing out with a reason. Views
 * read tags and context and send events; where the browser goes is this machine's
 * decision, emitted as `navigate`. API calls are actors provided by the app
 * (session.actors.ts), so this file runs the same in tests.
 */

export type Credentials =
  | { kind: 'password'; username: string; password: string; captcha: string }
  | { kind: 'sso'; key: string };

export type { Outcome } from '../src/domain/outcome';

export interface SessionInput {
  token: string | null;
  recentSwitches?: string[];
  /** The user this tab was switched into before a reload (sessionStorage), re-checked at start. */
  switchedTo?: string | null;
  /** The key of the /sso/{key} link the page was opened with. */
  ssoKey?: string | null;
}

export interface SessionContext {
  token: string | null;
  auth: SessionAuth | null;
  credentials: Credentials | null;
  /** Email of the user an admin is switched into (sent as X-Switch-User), else null. */
  switchedTo: string | null;
  /** A switch to re-check while restoring the session after a reload. */
  resumeSwitch: string | null;
  switchTarget: string | null;
  recentSwitches: string[];
  /** Last failure to show beside a form: login, terms, profile. */
  error: string | null;
  /** Field errors of the profile form (early checks or the server's). */
  fieldErrors: FieldError[];
  /** Why the running logout was started; routes to the matching signed-out state. */
  signOutReason: Exclude<SignOutReason, 'sessionLost'> | null;
  /** Bumped after each failed login, so the view fetches a fresh captcha. */
  captchaVersion: number;
  /** The screen asked for while signed out; opened after signing in when allowed. */
  returnTo: string | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; username: string; password: string; captcha: string }
  | { type: 'SSO'; key: string }
  | { type: 'LOGOUT' }
  | { type: 'ACTIVITY' }
  | { type: 'KEEP_WORKING' }
  | { type: 'IDLE_LOGOUT' }
  | { type: 'SESSION_LOST' }
  | { type: 'NOT_AUTHORIZED'; message: string }
  | { type: 'TOKEN_REFRESHED'; token: string }
  /** Another tab of the browser stored a token (it signed in) while this one had none. */
  | { type: 'SIGNED_IN_ELSEWHERE'; token: string }
  /** Another tab of the browser cleared the stored token: the session ended there. */
  | { type: 'SIGNED_OUT_ELSEWHERE' }
  | { type: 'ACCEPT_TERMS'; initials: [string, string] }
  | { type: 'SAVE_PROFILE'; profile: ProfileInput }
  | { type: 'USER_UPDATED'; auth: SessionAuth }
  | { type: 'SWITCH_USER'; email: string }
  | { type: 'SWITCH_BACK' }
  | { type: 'SCREEN_REQUESTED'; path: string }
  | { type: 'DISMISS' };

/** Events the app listens for beside reading state: where to go, and toasts. */
export type SessionEmitted =
  | { type: 'navigate'; to: string }
  /** Leave the app for another address (the LeadVantage single sign-on). */
  | { type: 'leave'; to: string }
  | { type: 'notAuthorized'; message: string }
  /** A password sign-in was refused or could not reach the server (a warning toast, document 000 section 8). */
  | { type: 'loginFailed'; message: string }
  | { type: 'switchRefused'; message: string };

type Restored = { auth: SessionAuth; switchedTo: string | null } | null;
type SignedIn = Outcome<{ auth: SessionAuth; token: string }>;
type Saved = Outcome<{ auth: SessionAuth }>;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
    children: {} as {
      restore: 'restore';
      signIn: 'signIn';
      acceptTerms: 'acceptTerms';
      saveProfile: 'saveProfile';
      logout: 'logout';
      idle: 'idle';
      switchUser: 'switchUser';
    },
  },
  actors: {
    restore: fromPromise<Restored, { switchUser: string | null }>(async () => {
      throw new Error('provide the restore actor');
    }),
    signIn: fromPromise<SignedIn, Credentials>(async () => {
      throw new Error('provide the signIn actor');
    }),
    acceptTerms: fromPromise<Saved, { initials: [string, string] }>(async () => {
      throw new Error('provide the acceptTerms actor');
    }),
    saveProfile: fromPromise<Saved, { userId: number; profile: ProfileInput }>(async () => {
      throw new Error('provide the saveProfile actor');
    }),
    logout: fromPromise<void, { token: string | null }>(async () => {
      throw new Error('provide the logout actor');
    }),
    idle: idleMachine,
    switchUser: switchUserMachine,
  },
  guards: {
    hasSsoKey: ({ context }) => context.credentials?.kind === 'sso',
    hasToken: ({ context }) => context.token !== null,
    restored: (_, restored: Restored) => restored !== null,
    /** The server answered an external address: the person has no LeadVantage access. */
    sentElsewhere: ({ context }) => !!context.auth?.leadVantageSso,
    needsProfile: ({ context }) => context.auth !== null && sessionGate(context.auth.user) === 'profile',
    needsTerms: ({ context }) => context.auth !== null && sessionGate(context.auth.user) === 'terms',
    isSwitched: ({ context }) => context.switchedTo !== null,
    /** Only an administrator acts as other users (the admin behind a switch included). */
    administrator: ({ context }) => context.auth !== null && isAdmin(context.auth.original ?? context.auth.user),
    succeeded: (_, outcome: Outcome<object>) => outcome.ok,
    locked: (_, outcome: Outcome<object>) => !outcome.ok && outcome.code === 'locked',
    initialsMatch: ({ event }) => {
      assertEvent(event, 'ACCEPT_TERMS');
      return termsInitialsError(event.initials[0], event.initials[1]) === null;
    },
    profileComplete: ({ event }) => {
      assertEvent(event, 'SAVE_PROFILE');
      return profileErrors(event.profile).length === 0;
    },
    signedOutByIdle: ({ context }) => context.signOutReason === 'inactivity',
  },
  actions: {
    // The API client hands every fresh token from a response header to the session;
    // only states with a session (or one on its way) keep it.
    clearSession: assign({
      token: null,
      auth: null,
      credentials: null,
      switchedTo: null,
      resumeSwitch: null,
      switchTarget: null,
      fieldErrors: [],
    }),
    storeToken: assign({
      token: ({ event }) => {
        assertEvent(event, ['TOKEN_REFRESHED', 'SIGNED_IN_ELSEWHERE']);
        return event.token;
      },
    }),
    storeUserUpdate: assign({
      auth: ({ event }) => {
        assertEvent(event, 'USER_UPDATED');
        return event.auth;
      },
    }),
    storeRestored: assign((_, restored: Restored) => ({
      auth: restored?.auth ?? null,
      switchedTo: restored?.switchedTo ?? null,
      resumeSwitch: null,
    })),
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
    storeSignIn: assign((_, outcome: SignedIn) =>
      outcome.ok ? { auth: outcome.auth, token: outcome.token, credentials: null, error: null } : {},
    ),
    storeLocked: assign((_, outcome: SignedIn) => ({ error: refusalMessage(outcome), credentials: null })),
    storeLoginFailure: assign(({ context }, outcome: SignedIn) => ({
      error: refusalMessage(outcome),
      credentials: null,
      captchaVersion: context.captchaVersion + 1,
    })),
    storeUnreachable: assign(({ context }) => ({
      error: SESSION_TEXT.unreachable,
      credentials: null,
      captchaVersion: context.captchaVersion + 1,
    })),
    rememberScreen: assign({
      returnTo: ({ event }) => {
        assertEvent(event, 'SCREEN_REQUESTED');
        return event.path;
      },
    }),
    forgetScreen: assign({ returnTo: null }),
    clearFormErrors: assign({ error: null, fieldErrors: [] }),
    refuseInitials: assign({
      error: ({ event }) => {
        assertEvent(event, 'ACCEPT_TERMS');
        return termsInitialsError(event.initials[0], event.initials[1]);
      },
    }),
    refuseProfile: assign({
      error: MSG.profileRequired,
      fieldErrors: ({ event }) => {
        assertEvent(event, 'SAVE_PROFILE');
        return profileErrors(event.profile);
      },
    }),
    storeSaved: assign((_, outcome: Saved) => (outcome.ok ? { auth: outcome.auth, error: null, fieldErrors: [] } : {})),
    storeSaveRefusal: assign((_, outcome: Saved) => ({
      error: refusalMessage(outcome),
      fieldErrors: outcome.ok ? [] : (outcome.errors ?? []),
    })),
    storeSaveFailure: assign({ error: MSG.saveFailed, fieldErrors: [] }),
    reasonLogout: assign({ signOutReason: 'logout' as const, returnTo: null }),
    reasonInactivity: assign({ signOutReason: 'inactivity' as const, returnTo: null }),
    /**
     * A refused password sign-in is a warning toast (document 000 section 8). A sign-in
     * link's refusal is said by its page, beside the way on, and only there (issue 18: it
     * showed twice). Runs before the credentials are forgotten.
     */
    reportLoginFailure: enqueueActions(({ context, enqueue }, params: { message: string }) => {
      if (context.credentials?.kind === 'password') enqueue.emit({ type: 'loginFailed', message: params.message });
    }),
    broadcastNotAuthorized: emit(({ event }) => {
      assertEvent(event, 'NOT_AUTHORIZED');
      return { type: 'notAuthorized' as const, message: event.message };
    }),
    forwardToIdle: sendTo('idle', ({ event }) => {
      assertEvent(event, ['ACTIVITY', 'KEEP_WORKING', 'IDLE_LOGOUT']);
      return event;
    }),
    chooseSwitchTarget: assign({
      switchTarget: ({ event }) => {
        assertEvent(event, 'SWITCH_USER');
        return event.email;
      },
    }),
    storeSwitch: assign(({ context }, outcome: SwitchOutput) =>
      outcome.ok
        ? {
            auth: outcome.auth,
            switchedTo: outcome.email,
            switchTarget: null,
            recentSwitches: rememberSwitch(context.recentSwitches, outcome.email),
          }
        : {},
    ),
    forgetSwitchTarget: assign({ switchTarget: null }),
    reportSwitchRefusal: emit((_, outcome: SwitchOutput) => ({ type: 'switchRefused' as const, message: refusalMessage(outcome) })),
    switchBack: assign({ switchedTo: null, switchTarget: null, auth: ({ context }) => backToOriginal(context.auth) }),
    /** Where the browser goes is decided here; the app's router follows. */
    navigate: emit((_, params: { to: string }) => ({ type: 'navigate' as const, to: params.to })),
    navigateToLanding: emit(({ context }) => ({
      type: 'navigate' as const,
      to: context.auth ? landingScreen(context.auth.user, context.returnTo) : '/login',
    })),
    navigateToLocked: emit(({ context }) => ({
      type: 'navigate' as const,
      to: lockedScreen(context.credentials?.kind === 'password' ? context.credentials.username : null),
    })),
    leaveForSso: emit(({ context }) => ({ type: 'leave' as const, to: context.auth!.leadVantageSso! })),
    navigateHome: emit(({ context }) => ({
      type: 'navigate' as const,
      to: context.auth ? defaultScreen(context.auth.user) : '/login',
    })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token,
    auth: null,
    credentials: input.ssoKey ? { kind: 'sso', key: input.ssoKey } : null,
    switchedTo: null,
    resumeSwitch: input.switchedTo ?? null,
    switchTarget: null,
    recentSwitches: input.recentSwitches ?? [],
    error: null,
    fieldErrors: [],
    signOutReason: null,
    captchaVersion: 0,
    returnTo: null,
  }),
  initial: 'restoring',
  states: {
    /** At start: an SSO link signs in; a stored token is checked; without one, sign in. */
    restoring: {
      tags: ['loading'],
      always: [
        { guard: 'hasSsoKey', target: 'signingIn' },
        { guard: 'hasToken', target: 'checkingToken' },
        { target: 'signedOut' },
      ],
    },
    /** The stored token (and the tab's switch, if any) checked with the server. */
    checkingToken: {
      tags: ['loading'],
      on: { TOKEN_REFRESHED: { actions: 'storeToken' } },
      invoke: {
        id: 'restore',
        src: 'restore',
        input: ({ context }) => ({ switchUser: context.resumeSwitch }),
        onDone: [
          {
            guard: { type: 'restored', params: ({ event }) => event.output },
            target: 'resuming',
            actions: { type: 'storeRestored', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    /**
     * Another tab of the browser signed in: its stored token is checked, and this tab then
     * goes where a sign-in goes (the gate, or the screen asked for).
     */
    joining: {
      tags: ['loading'],
      on: { TOKEN_REFRESHED: { actions: 'storeToken' } },
      invoke: {
        id: 'restore',
        src: 'restore',
        input: () => ({ switchUser: null }),
        onDone: [
          {
            guard: { type: 'restored', params: ({ event }) => event.output },
            target: 'gate',
            actions: { type: 'storeRestored', params: ({ event }) => event.output },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    /** A restored session goes to its gate or the app, staying on the page it is on. */
    resuming: {
      tags: ['loading'],
      always: [
        { guard: 'sentElsewhere', target: 'leaving', actions: 'leaveForSso' },
        { guard: 'needsProfile', target: 'profileRequired' },
        { guard: 'needsTerms', target: 'termsRequired' },
        { target: 'signedIn' },
      ],
    },
    signedOut: {
      tags: ['step:signedOut'],
      entry: 'clearSession',
      initial: 'ready',
      on: {
        LOGIN: { target: 'signingIn', actions: 'rememberCredentials' },
        SSO: { target: 'signingIn', actions: 'rememberCredentials' },
        SCREEN_REQUESTED: { actions: 'rememberScreen' },
        // The browser's session is one: a sign-in in another tab is checked and joined here.
        SIGNED_IN_ELSEWHERE: { target: 'joining', actions: 'storeToken' },
      },
      states: {
        ready: {},
        /** The reason a session ended is shown until the user dismisses it or signs in. */
        afterLogout: { tags: ['notice:logout'], on: { DISMISS: 'ready' } },
        /** "You are protected": logged out by the idle timer. */
        afterInactivity: { tags: ['notice:inactivity'], on: { DISMISS: 'ready' } },
        /** A 401 arrived: the session is gone on the server. */
        sessionLost: { tags: ['notice:sessionLost'], on: { DISMISS: 'ready' } },
        loginFailed: { tags: ['error:login'] },
        /** Too many failed logins: /locked says so. */
        locked: { tags: ['locked'], on: { DISMISS: 'ready' } },
      },
    },
    signingIn: {
      tags: ['busy'],
      on: { TOKEN_REFRESHED: { actions: 'storeToken' } },
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => context.credentials!,
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'gate',
            actions: { type: 'storeSignIn', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'locked', params: ({ event }) => event.output },
            target: 'signedOut.locked',
            // The email goes with the browser before the credentials are forgotten.
            actions: ['navigateToLocked', { type: 'storeLocked', params: ({ event }) => event.output }],
          },
          {
            target: 'signedOut.loginFailed',
            actions: [
              { type: 'reportLoginFailure', params: ({ event }) => ({ message: refusalMessage(event.output) }) },
              { type: 'storeLoginFailure', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: {
          target: 'signedOut.loginFailed',
          actions: [{ type: 'reportLoginFailure', params: { message: SESSION_TEXT.unreachable } }, 'storeUnreachable'],
        },
      },
    },
    /** After signing in or passing a gate: the next gate, or the screen to land on. */
    gate: {
      tags: ['loading'],
      always: [
        { guard: 'sentElsewhere', target: 'leaving', actions: 'leaveForSso' },
        { guard: 'needsProfile', target: 'profileRequired', actions: { type: 'navigate', params: { to: '/complete-profile' } } },
        { guard: 'needsTerms', target: 'termsRequired', actions: { type: 'navigate', params: { to: '/terms-of-service' } } },
        { target: 'signedIn', actions: ['navigateToLanding', 'forgetScreen'] },
      ],
    },
    /**
     * A non-admin user whose company has no LeadVantage access (document 000 section 6):
     * the browser goes to the external single-sign-on application; nothing here is used.
     */
    leaving: {
      tags: ['loading', 'leaving'],
    },
    /** A provisional user completes the profile before anything else. */
    profileRequired: {
      tags: ['gate:profile'],
      initial: 'editing',
      on: {
        LOGOUT: { target: 'loggingOut', actions: ['reasonLogout', { type: 'navigate', params: { to: '/login' } }] },
        SESSION_LOST: { target: 'signedOut.sessionLost' },
        SIGNED_OUT_ELSEWHERE: { target: 'signedOut.afterLogout', actions: ['reasonLogout', { type: 'navigate', params: { to: '/login' } }] },
        TOKEN_REFRESHED: { actions: 'storeToken' },
      },
      states: {
        editing: {
          on: {
            SAVE_PROFILE: [
              { guard: 'profileComplete', target: 'saving', actions: 'clearFormErrors' },
              { actions: 'refuseProfile' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context, event }) => {
              assertEvent(event, 'SAVE_PROFILE');
              return { userId: context.auth!.user.id, profile: event.profile };
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: '#session.gate',
                actions: { type: 'storeSaved', params: ({ event }) => event.output },
              },
              { target: 'editing', actions: { type: 'storeSaveRefusal', params: ({ event }) => event.output } },
            ],
            onError: { target: 'editing', actions: 'storeSaveFailure' },
          },
        },
      },
    },
    /** A user without consent accepts the terms with the same initials twice. */
    termsRequired: {
      tags: ['gate:terms'],
      initial: 'reading',
      on: {
        LOGOUT: { target: 'loggingOut', actions: ['reasonLogout', { type: 'navigate', params: { to: '/login' } }] },
        SESSION_LOST: { target: 'signedOut.sessionLost' },
        SIGNED_OUT_ELSEWHERE: { target: 'signedOut.afterLogout', actions: ['reasonLogout', { type: 'navigate', params: { to: '/login' } }] },
        TOKEN_REFRESHED: { actions: 'storeToken' },
      },
      states: {
        reading: {
          on: {
            ACCEPT_TERMS: [
              { guard: 'initialsMatch', target: 'accepting', actions: 'clearFormErrors' },
              { actions: 'refuseInitials' },
            ],
          },
        },
        accepting: {
          tags: ['busy'],
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
                actions: { type: 'storeSaved', params: ({ event }) => event.output },
              },
              { target: 'reading', actions: { type: 'storeSaveRefusal', params: ({ event }) => event.output } },
            ],
            onError: { target: 'reading', actions: 'storeSaveFailure' },
          },
        },
      },
    },
    /** The app. The idle timer runs beside whom the session acts as. */
    signedIn: {
      tags: ['step:signedIn'],
      invoke: {
        id: 'idle',
        src: 'idle',
        onDone: {
          target: 'loggingOut',
          actions: ['reasonInactivity', { type: 'navigate', params: { to: '/login' } }],
        },
      },
      on: {
        LOGOUT: { target: 'loggingOut', actions: ['reasonLogout', { type: 'navigate', params: { to: '/login' } }] },
        SESSION_LOST: { target: 'signedOut.sessionLost' },
        // Another tab signed out: the session is over on the server already, nothing to call.
        SIGNED_OUT_ELSEWHERE: { target: 'signedOut.afterLogout', actions: ['reasonLogout', { type: 'navigate', params: { to: '/login' } }] },
        NOT_AUTHORIZED: { actions: 'broadcastNotAuthorized' },
        USER_UPDATED: { actions: 'storeUserUpdate' },
        TOKEN_REFRESHED: { actions: 'storeToken' },
        ACTIVITY: { actions: 'forwardToIdle' },
        KEEP_WORKING: { actions: 'forwardToIdle' },
        IDLE_LOGOUT: { actions: 'forwardToIdle' },
      },
      initial: 'identity',
      states: {
        /** A session restored in a switched tab starts switched. */
        identity: {
          always: [{ guard: 'isSwitched', target: 'switched' }, { target: 'self' }],
        },
        self: {
          on: { SWITCH_USER: { guard: 'administrator', target: 'switching', actions: 'chooseSwitchTarget' } },
        },
        switching: {
          tags: ['busy'],
          invoke: {
            id: 'switchUser',
            src: 'switchUser',
            input: ({ context }) => ({ email: context.switchTarget ?? '' }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => event.output },
                target: 'switched',
                actions: [{ type: 'storeSwitch', params: ({ event }) => event.output }, 'navigateHome'],
              },
              // Refused: whom the session acted as before stays.
              {
                guard: 'isSwitched',
                target: 'switched',
                actions: ['forgetSwitchTarget', { type: 'reportSwitchRefusal', params: ({ event }) => event.output }],
              },
              {
                target: 'self',
                actions: ['forgetSwitchTarget', { type: 'reportSwitchRefusal', params: ({ event }) => event.output }],
              },
            ],
          },
        },
        switched: {
          tags: ['switched'],
          on: {
            SWITCH_BACK: { target: 'self', actions: ['switchBack', 'navigateHome'] },
            SWITCH_USER: { guard: 'administrator', target: 'switching', actions: 'chooseSwitchTarget' },
          },
        },
      },
    },
    loggingOut: {
      tags: ['loading'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: [{ guard: 'signedOutByIdle', target: 'signedOut.afterInactivity' }, { target: 'signedOut.afterLogout' }],
        // Signing out locally must not depend on the server answering.
        onError: [{ guard: 'signedOutByIdle', target: 'signedOut.afterInactivity' }, { target: 'signedOut.afterLogout' }],
      },
    },
  },
});

/** Leaving a switch: the admin is the session's user again. */
function backToOriginal(auth: SessionAuth | null): SessionAuth | null {
  if (!auth?.original) return auth;
  return { user: auth.original, original: null };
}
