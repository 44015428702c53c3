import type { EventObject, SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionEvent, type SessionInput } from '../../machines/session.machine';
import { MSG } from '../../src/domain/messages';
import { admin, agent, as, done, fail, notos, outsider, provisional, sentAway, vendor } from './fixtures';
import type { GraphOptions, PathSpec } from './harness';
import { DEEP_LINK, sessionOracle } from './session.oracle';

type Snap = SnapshotFrom<typeof sessionMachine>;

const profile = {
  firstName: 'Nia', lastName: 'New', phoneNumber: '5125550199', address1: '1 Main St', city: 'Austin', state: 'TX',
  zipcode: '78701', companyName: 'Nia New Agency',
};

/** Event fixtures: every user event the machine knows, with both sides of every guard. */
const userEvents: SessionEvent[] = [
  { type: 'LOGIN', username: 'agent@demo.test', password: 'Leadline#2026', captcha: 'solved' },
  { type: 'SSO', key: 'k'.repeat(20) },
  { type: 'LOGOUT' },
  { type: 'ACTIVITY' },
  { type: 'KEEP_WORKING' },
  { type: 'IDLE_LOGOUT' },
  { type: 'SESSION_LOST' },
  { type: 'NOT_AUTHORIZED', message: 'no' },
  { type: 'TOKEN_REFRESHED', token: 'fresh' },
  { type: 'SIGNED_IN_ELSEWHERE', token: 'shared' },
  { type: 'SIGNED_OUT_ELSEWHERE' },
  { type: 'ACCEPT_TERMS', initials: ['AA', 'AA'] },
  { type: 'ACCEPT_TERMS', initials: ['AA', 'BB'] },
  { type: 'SAVE_PROFILE', profile },
  { type: 'SAVE_PROFILE', profile: { ...profile, phoneNumber: '' } },
  { type: 'SWITCH_USER', email: 'agent@demo.test' },
  { type: 'SWITCH_BACK' },
  { type: 'SCREEN_REQUESTED', path: DEEP_LINK },
  { type: 'DISMISS' },
];

/** Answers of the running actors, and events whose payload depends on the state. */
function actorEvents(s: Snap): EventObject[] {
  const list: EventObject[] = [];
  if (s.matches('checkingToken'))
    list.push(
      done('restore', { auth: as(admin), switchedTo: null }),
      done('restore', { auth: as(agent, admin), switchedTo: 'agent@demo.test' }),
      done('restore', { auth: as(notos), switchedTo: null }),
      done('restore', { auth: as(provisional), switchedTo: null }),
      done('restore', { auth: sentAway(outsider), switchedTo: null }),
      done('restore', null),
      fail('restore'),
    );
  if (s.matches('joining'))
    list.push(
      done('restore', { auth: as(agent), switchedTo: null }),
      done('restore', { auth: as(notos), switchedTo: null }),
      done('restore', { auth: as(provisional), switchedTo: null }),
      done('restore', { auth: sentAway(outsider), switchedTo: null }),
      done('restore', null),
      fail('restore'),
    );
  if (s.matches('signingIn'))
    list.push(
      done('signIn', { ok: true, auth: as(admin), token: 't' }),
      done('signIn', { ok: true, auth: as(vendor), token: 't' }),
      done('signIn', { ok: true, auth: as(notos), token: 't' }),
      done('signIn', { ok: true, auth: as(provisional), token: 't' }),
      done('signIn', { ok: true, auth: sentAway(outsider), token: 't' }),
      done('signIn', { ok: false, message: 'Invalid username or password' }),
      done('signIn', { ok: false, message: 'Locked', code: 'locked' }),
      fail('signIn'),
    );
  if (s.matches({ profileRequired: 'saving' }))
    list.push(
      done('saveProfile', { ok: true, auth: as(notos) }),
      done('saveProfile', { ok: false, message: 'Agent ID is taken', errors: [{ field: 'agentId', message: 'Agent ID is taken' }] }),
      fail('saveProfile'),
    );
  if (s.matches({ termsRequired: 'accepting' }))
    list.push(done('acceptTerms', { ok: true, auth: as(agent) }), done('acceptTerms', { ok: false, message: 'no' }), fail('acceptTerms'));
  if (s.matches({ signedIn: 'switching' }))
    list.push(
      done('switchUser', { ok: true, auth: as(agent, admin), email: 'agent@demo.test' }),
      done('switchUser', { ok: false, message: MSG.switchIntoAdmin }),
    );
  if (s.matches('signedIn')) {
    list.push(done('idle', { reason: 'inactivity' }));
    // A profile saved in the app: the same session, renamed.
    const auth = s.context.auth!;
    const renamed: SessionEvent = { type: 'USER_UPDATED', auth: { ...auth, user: { ...auth.user, firstName: 'Renamed' } } };
    list.push(renamed);
  }
  if (s.matches('loggingOut')) list.push(done('logout', undefined), fail('logout'));
  return list;
}

/** A node of the graph: where the machine is, plus the context that steers guards. */
const serialize = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.auth?.user.email ?? null,
    s.context.auth?.original?.email ?? null,
    s.context.switchedTo,
    s.context.signOutReason,
    s.context.returnTo,
    // What steers the locked screen's link, and a form's failure left over from before.
    s.context.credentials?.kind ?? null,
    s.context.error !== null,
    s.context.fieldErrors.length > 0,
  ]);

const ACTOR_IDS = ['restore', 'signIn', 'acceptTerms', 'saveProfile', 'logout', 'idle', 'switchUser'] as const;
const scenario = (input: SessionInput): GraphOptions<SessionInput> => ({
  machine: sessionMachine,
  input,
  userEvents,
  actorEvents: actorEvents as (s: unknown) => EventObject[],
  serialize: serialize as (s: unknown) => string,
});

export const scenarios: Array<[string, GraphOptions<SessionInput>]> = [
  ['without a stored token', scenario({ token: null })],
  ['with a stored token', scenario({ token: 'stored' })],
  ['reloaded in a switched tab', scenario({ token: 'stored', switchedTo: 'agent@demo.test' })],
  ['opened with a sign-in link', scenario({ token: null, ssoKey: 'k'.repeat(20) })],
];


/** How the session's fixtures read in the printed paths. */
function describeEvent(e: EventObject): string | undefined {
  if (e.type === 'LOGIN') return 'LOGIN with the password and a solved captcha';
  if (e.type === 'SSO') return 'SSO with a sign-in link';
  if (e.type === 'ACCEPT_TERMS') {
    const [a, b] = (e as Extract<SessionEvent, { type: 'ACCEPT_TERMS' }>).initials;
    return a === b ? 'ACCEPT_TERMS with the same initials twice' : 'ACCEPT_TERMS with initials that differ';
  }
  if (e.type === 'SAVE_PROFILE') {
    const { profile } = e as Extract<SessionEvent, { type: 'SAVE_PROFILE' }>;
    return profile.phoneNumber ? 'SAVE_PROFILE with a complete profile' : 'SAVE_PROFILE without a phone number';
  }
  return undefined;
}

/** The session's path tests (see harness.ts): four ways a page starts. */
export const spec: PathSpec = {
  machine: sessionMachine,
  scenarios: scenarios.map(([name, options]) => ({ name, options })),
  oracle: sessionOracle,
  actorIds: ACTOR_IDS,
  describeEvent,
};
