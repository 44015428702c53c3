import type { EventObject, SnapshotFrom } from 'xstate';
import type { SessionInput, sessionMachine } from '../../machines/session.machine';
import { MSG } from '../../src/domain/messages';
import { SESSION_TEXT, type SessionAuth, type SessionUser } from '../../src/domain/session';
import { eventKey, leafKey, type Oracle, type Snap, type StateSpec, type Target } from './oracle';

/**
 * The session machine's oracle, written from the specification (document 000 sections
 * 4 and 9) and docs/areas/auth-sessions.md, not from the machine: for every state at
 * rest, its tags, the events it takes and where they lead, the context that must hold,
 * and what the machine emits on each step.
 */
type SessionSnap = SnapshotFrom<typeof sessionMachine>;
const ctx = (s: Snap) => (s as SessionSnap).context;
const output = <T>(e: EventObject) => (e as EventObject & { output: T }).output;

/** A user's screen after signing in (document 000, "Default screen per role"). */
const HOME: Record<string, string> = { admin: '/leads/new', user: '/dashboard', vendor: '/return-management' };
/** The deep link the path tests ask for while signed out; vendors may not open it. */
export const DEEP_LINK = '/reports/lead-volume';
const DEEP_LINK_ROLES = ['user', 'regional', 'corporate', 'admin'];

const landing = (u: SessionUser, returnTo: string | null) =>
  returnTo === DEEP_LINK && DEEP_LINK_ROLES.includes(u.role) ? DEEP_LINK : HOME[u.role];

/**
 * Where a fresh session goes: away to the LeadVantage single sign-on when the server
 * answered an address (document 000 section 6), else the profile, the terms, or the app.
 */
function gateOf(auth: SessionAuth): string {
  if (auth.leadVantageSso) return 'leaving';
  const u = auth.user;
  if (u.role === 'provisional_user') return 'profileRequired.editing';
  if (u.role === 'user' && !u.tosConsent) return 'termsRequired.reading';
  return 'signedIn.self';
}

const SIGNED_OUT_FACTS = {
  'no token is kept': (s: Snap) => ctx(s).token === null,
  'no user is kept': (s: Snap) => ctx(s).auth === null,
  'no switch is kept': (s: Snap) => ctx(s).switchedTo === null,
  'no password is kept': (s: Snap) => ctx(s).credentials === null,
  'no field errors are kept': (s: Snap) => ctx(s).fieldErrors.length === 0,
};
const signedOutOn = (extra: Record<string, Target> = {}, self: string): Record<string, Target> => ({
  LOGIN: 'signingIn',
  SSO: 'signingIn',
  SCREEN_REQUESTED: self,
  // A sign-in in another tab of the browser: its token is checked here too.
  SIGNED_IN_ELSEWHERE: 'joining',
  ...extra,
});
function signedOut(self: string, tags: string[], extra: Record<string, Target>, facts: StateSpec['context'] = {}): StateSpec {
  return { tags: ['step:signedOut', ...tags], on: signedOutOn(extra, self), context: { ...SIGNED_OUT_FACTS, ...facts } };
}
const hasError = { 'the failure is shown': (s: Snap) => !!ctx(s).error };

/** Leaving a session step: Log out, the server ended the session, or another tab signed out. */
const leave = (self: string) => ({
  LOGOUT: 'loggingOut',
  SESSION_LOST: 'signedOut.sessionLost',
  SIGNED_OUT_ELSEWHERE: 'signedOut.afterLogout',
  TOKEN_REFRESHED: self,
});
const saved = (self: string) => (e: EventObject) => {
  const out = output<{ ok: boolean; auth?: SessionAuth }>(e);
  return out.ok ? gateOf(out.auth!) : self;
};

/** In the app, whatever whom the session acts as. */
const inApp = (s: Snap): Record<string, Target> => ({
  ...leave(leafKey(s.value)),
  NOT_AUTHORIZED: leafKey(s.value),
  USER_UPDATED: leafKey(s.value),
  ACTIVITY: leafKey(s.value),
  KEEP_WORKING: leafKey(s.value),
  IDLE_LOGOUT: leafKey(s.value),
  'done:idle': 'loggingOut',
});
const signedInFacts = {
  'a token is kept': (s: Snap) => ctx(s).token !== null,
  'the asked-for screen is used up': (s: Snap) => ctx(s).returnTo === null,
  "no gate's field errors are left": (s: Snap) => ctx(s).fieldErrors.length === 0,
};
/** Not switching: no target is waiting for an answer. */
const noSwitchUnderWay = { 'no switch target is kept': (s: Snap) => ctx(s).switchTarget === null };
const noErrorWhileBusy = { 'no error is shown while saving': (s: Snap) => ctx(s).error === null && ctx(s).fieldErrors.length === 0 };

/** The credentials a sign-in sends: the link's key, or what the form held. */
const sendsCredentials = (s: Snap) => {
  const c = ctx(s).credentials;
  return c?.kind === 'sso' ? c.key === 'k'.repeat(20) : c?.kind === 'password' && c.username === 'agent@demo.test' && c.password !== '';
};
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const sessionOracle: Oracle = {
  key: (s) => leafKey(s.value),
  states: {
    'signedOut.ready': signedOut('signedOut.ready', [], {}),
    'signedOut.afterLogout': signedOut('signedOut.afterLogout', ['notice:logout'], { DISMISS: 'signedOut.ready' }, {
      'signed out by the user': (s) => ctx(s).signOutReason === 'logout',
    }),
    'signedOut.afterInactivity': signedOut('signedOut.afterInactivity', ['notice:inactivity'], { DISMISS: 'signedOut.ready' }, {
      'signed out by the idle timer': (s) => ctx(s).signOutReason === 'inactivity',
    }),
    'signedOut.sessionLost': signedOut('signedOut.sessionLost', ['notice:sessionLost'], { DISMISS: 'signedOut.ready' }),
    'signedOut.loginFailed': signedOut('signedOut.loginFailed', ['error:login'], {}, hasError),
    'signedOut.locked': signedOut('signedOut.locked', ['locked'], { DISMISS: 'signedOut.ready' }, hasError),
    checkingToken: {
      tags: ['loading'],
      on: {
        'done:restore': (e) => {
          const out = output<{ auth: SessionAuth; switchedTo: string | null } | null>(e);
          if (!out) return 'signedOut.ready';
          if (out.auth.leadVantageSso) return 'leaving';
          return out.switchedTo ? 'signedIn.switched' : gateOf(out.auth);
        },
        'error:restore': 'signedOut.ready',
        TOKEN_REFRESHED: 'checkingToken',
      },
      context: { 'the stored token is checked': (s) => ctx(s).token !== null && ctx(s).auth === null },
    },
    joining: {
      tags: ['loading'],
      on: {
        'done:restore': (e) => {
          const out = output<{ auth: SessionAuth } | null>(e);
          return out ? gateOf(out.auth) : 'signedOut.ready';
        },
        'error:restore': 'signedOut.ready',
        TOKEN_REFRESHED: 'joining',
      },
      context: { "the other tab's token is checked": (s) => ctx(s).token !== null && ctx(s).auth === null },
    },
    signingIn: {
      tags: ['busy'],
      on: {
        'done:signIn': (e) => {
          const out = output<{ ok: boolean; code?: string; auth?: SessionAuth }>(e);
          if (out.ok) return gateOf(out.auth!);
          return out.code === 'locked' ? 'signedOut.locked' : 'signedOut.loginFailed';
        },
        'error:signIn': 'signedOut.loginFailed',
        TOKEN_REFRESHED: 'signingIn',
      },
      context: { 'the credentials are on their way': sendsCredentials, 'no error is shown': (s) => ctx(s).error === null },
    },
    leaving: {
      tags: ['loading', 'leaving'],
      on: {},
      context: {
        'the external address is kept': (s) => !!ctx(s).auth?.leadVantageSso,
        'a non-admin is sent away': (s) => ctx(s).auth?.user.role !== 'admin' && !ctx(s).auth?.original,
      },
    },
    'profileRequired.editing': {
      tags: ['gate:profile'],
      on: {
        ...leave('profileRequired.editing'),
        SAVE_PROFILE: (e) => ((e as EventObject & { profile: { phoneNumber: string } }).profile.phoneNumber ? 'profileRequired.saving' : 'profileRequired.editing'),
      },
      context: { 'a provisional user': (s) => ctx(s).auth?.user.role === 'provisional_user' },
    },
    'profileRequired.saving': {
      tags: ['gate:profile', 'busy'],
      on: { ...leave('profileRequired.saving'), 'done:saveProfile': saved('profileRequired.editing'), 'error:saveProfile': 'profileRequired.editing' },
      context: noErrorWhileBusy,
    },
    'termsRequired.reading': {
      tags: ['gate:terms'],
      on: {
        ...leave('termsRequired.reading'),
        ACCEPT_TERMS: (e) => {
          const [a, b] = (e as EventObject & { initials: [string, string] }).initials;
          return a === b && a !== '' ? 'termsRequired.accepting' : 'termsRequired.reading';
        },
      },
      context: { 'a user without consent': (s) => ctx(s).auth?.user.tosConsent === false },
    },
    'termsRequired.accepting': {
      tags: ['gate:terms', 'busy'],
      on: { ...leave('termsRequired.accepting'), 'done:acceptTerms': saved('termsRequired.reading'), 'error:acceptTerms': 'termsRequired.reading' },
      context: noErrorWhileBusy,
    },
    'signedIn.self': {
      tags: ['step:signedIn'],
      on: (s) => ({
        ...inApp(s),
        ...(ctx(s).auth?.user.role === 'admin' ? { SWITCH_USER: 'signedIn.switching' } : {}),
      }),
      context: {
        ...signedInFacts,
        ...noSwitchUnderWay,
        'acting as oneself': (s) => ctx(s).auth?.original === null && ctx(s).switchedTo === null,
      },
    },
    'signedIn.switching': {
      tags: ['step:signedIn', 'busy'],
      on: (s) => ({
        ...inApp(s),
        // Refused, the session acts as whom it acted as before.
        'done:switchUser': (e, before) =>
          output<{ ok: boolean }>(e).ok || ctx(before).switchedTo !== null ? 'signedIn.switched' : 'signedIn.self',
      }),
      context: { ...signedInFacts, 'the target is known': (s) => ctx(s).switchTarget !== null },
    },
    'signedIn.switched': {
      tags: ['step:signedIn', 'switched'],
      on: (s) => ({ ...inApp(s), SWITCH_BACK: 'signedIn.self', SWITCH_USER: 'signedIn.switching' }),
      context: {
        ...signedInFacts,
        ...noSwitchUnderWay,
        'acting as the switched-to user': (s) => ctx(s).switchedTo !== null && ctx(s).switchedTo === ctx(s).auth?.user.email,
        'the admin is behind it': (s) => ctx(s).auth?.original?.role === 'admin',
      },
    },
    loggingOut: {
      tags: ['loading'],
      on: {
        'done:logout': (_, before) => (ctx(before).signOutReason === 'inactivity' ? 'signedOut.afterInactivity' : 'signedOut.afterLogout'),
        'error:logout': (_, before) => (ctx(before).signOutReason === 'inactivity' ? 'signedOut.afterInactivity' : 'signedOut.afterLogout'),
      },
      context: { 'the reason is known': (s) => ctx(s).signOutReason !== null },
    },
  },

  emits(e, before, after) {
    const k = eventKey(e);
    const from = leafKey(before.value);
    const to = leafKey(after.value);
    const navigate = (to: string) => [{ type: 'navigate', to }];
    if (to === 'leaving' && from !== 'leaving') return [{ type: 'leave', to: ctx(after).auth!.leadVantageSso }];
    if (k === 'done:signIn' && to === 'signedOut.locked') {
      const c = ctx(before).credentials;
      return navigate(c?.kind === 'password' ? `/locked?email=${encodeURIComponent(c.username)}` : '/locked');
    }
    // Joining another tab's sign-in lands where a sign-in does.
    const joined = k === 'done:restore' && from === 'joining' && output(e) !== null;
    const passedGate = joined || (['done:signIn', 'done:saveProfile', 'done:acceptTerms'].includes(k) && output<{ ok: boolean }>(e).ok);
    if (passedGate) {
      if (to === 'profileRequired.editing') return navigate('/complete-profile');
      if (to === 'termsRequired.reading') return navigate('/terms-of-service');
      return navigate(landing(ctx(after).auth!.user, ctx(before).returnTo));
    }
    if ((e.type === 'LOGOUT' || k === 'done:idle') && to === 'loggingOut') return navigate('/login');
    if (e.type === 'SIGNED_OUT_ELSEWHERE' && to === 'signedOut.afterLogout') return navigate('/login');
    // A refused or failed password sign-in is a warning toast with the server's message (document 000
    // section 8); a sign-in link's refusal is said by its page alone.
    if (['done:signIn', 'error:signIn'].includes(k) && to === 'signedOut.loginFailed')
      return ctx(before).credentials?.kind === 'password' ? [{ type: 'loginFailed', message: ctx(after).error }] : [];
    if (e.type === 'NOT_AUTHORIZED' && from.startsWith('signedIn')) return [{ type: 'notAuthorized', message: (e as EventObject & { message: string }).message }];
    if (k === 'done:switchUser') {
      const out = output<{ ok: boolean; message?: string; auth?: SessionAuth }>(e);
      return out.ok ? navigate(HOME[out.auth!.user.role]) : [{ type: 'switchRefused', message: out.message }];
    }
    if (e.type === 'SWITCH_BACK') return navigate(HOME[ctx(before).auth!.original!.role]);
    return [];
  },

  startFaults(input, s) {
    const i = input as SessionInput;
    const faults: string[] = [];
    // A sign-in link signs in at once; a stored token is checked; else the sign-in form.
    const start = i.ssoKey ? 'signingIn' : i.token ? 'checkingToken' : 'signedOut.ready';
    if (leafKey(s.value) !== start) faults.push(`starts in ${leafKey(s.value)}, expected ${start}`);
    if (!sameJson(ctx(s).recentSwitches, i.recentSwitches ?? [])) faults.push('the recent switches are the stored ones');
    if (ctx(s).captchaVersion !== 0 || ctx(s).error !== null) faults.push('a fresh start shows no failure');
    return faults;
  },

  stepFaults(e, before, after) {
    const faults: string[] = [];
    const k = eventKey(e);
    const { error, fieldErrors } = ctx(after);
    if (e.type === 'USER_UPDATED' && !sameJson(ctx(after).auth, (e as EventObject & { auth: SessionAuth }).auth)) faults.push('the updated user is kept');
    if (k === 'error:signIn' && error !== SESSION_TEXT.unreachable) faults.push(`an unreachable server shows ${SESSION_TEXT.unreachable}, not ${error}`);
    if (['done:saveProfile', 'done:acceptTerms'].includes(k)) {
      const out = output<{ ok: boolean; message?: string; errors?: unknown[] }>(e);
      if (!out.ok && (error !== out.message || !sameJson(fieldErrors, out.errors ?? []))) faults.push("a refusal shows the server's message and field errors");
    }
    if (['error:saveProfile', 'error:acceptTerms'].includes(k) && (error !== MSG.saveFailed || fieldErrors.length !== 0))
      faults.push(`an unreachable server shows ${MSG.saveFailed} alone`);
    const reason = ctx(after).signOutReason;
    if (e.type === 'LOGOUT' && reason !== 'logout') faults.push(`Log Out must sign out with the reason logout, not ${reason}`);
    if (eventKey(e) === 'done:idle' && reason !== 'inactivity') faults.push(`the idle timer must sign out for inactivity, not ${reason}`);
    if (e.type === 'SCREEN_REQUESTED' && ctx(after).returnTo !== (e as EventObject & { path: string }).path) faults.push('the asked-for screen is remembered');
    if (e.type === 'SWITCH_BACK' && ctx(after).auth?.user.email !== ctx(before).auth?.original?.email) faults.push('back to the admin');
    if (['TOKEN_REFRESHED', 'SIGNED_IN_ELSEWHERE'].includes(e.type) && ctx(after).token !== (e as EventObject & { token: string }).token)
      faults.push('the fresh token is kept');
    if (e.type === 'SIGNED_OUT_ELSEWHERE' && ctx(after).signOutReason !== 'logout') faults.push('another tab signing out is a sign-out, not a lost session');
    if (['done:signIn', 'error:signIn'].includes(k) && to(after) === 'signedOut.loginFailed' && ctx(after).captchaVersion !== ctx(before).captchaVersion + 1)
      faults.push('a failed sign-in asks for a fresh captcha');
    return faults;
  },
};

const to = (s: Snap) => leafKey(s.value);
