import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine';
import type { SessionAuth, SessionUser } from '../../src/domain/session';
import { MSG } from '../../src/domain/messages';
import { activeLeafIds, coveringPaths, leafStateIds, replay, untakenTransitions, type GraphOptions } from './harness';

type Snap = SnapshotFrom<typeof sessionMachine>;

const user = (over: Partial<SessionUser>): SessionUser => ({
  id: 1, email: 'agent@demo.test', role: 'user', isSuperAdmin: false, tosConsent: true, status: 'active',
  firstName: 'Avery', lastName: 'Agent', features: [], isPro: false, ...over,
});
const agent = user({});
const admin = user({ id: 2, email: 'admin@demo.test', role: 'admin' });
const notos = user({ id: 3, email: 'notos@demo.test', tosConsent: false });
const provisional = user({ id: 4, email: 'newagent@demo.test', role: 'provisional_user', tosConsent: false });
const as = (u: SessionUser, original: SessionUser | null = null): SessionAuth => ({ user: u, original });

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('network') });

/** Event fixtures: every event the machine knows, with both sides of every guard. */
const userEvents: SessionEvent[] = [
  { type: 'LOGIN', username: 'agent@demo.test', password: 'Leadline#2026', captcha: 'solved' },
  { type: 'SSO', key: 'k'.repeat(20) },
  { type: 'LOGOUT' },
  { type: 'ACTIVITY' },
  { type: 'KEEP_WORKING' },
  { type: 'SESSION_LOST' },
  { type: 'NOT_AUTHORIZED', message: 'no' },
  { type: 'TOKEN_REFRESHED', token: 'fresh' },
  { type: 'ACCEPT_TERMS', initials: ['AA', 'AA'] },
  { type: 'ACCEPT_TERMS', initials: ['AA', 'BB'] },
  { type: 'PROFILE_SAVED', auth: as(notos) },
  { type: 'PROFILE_SAVED', auth: as(agent) },
  { type: 'USER_UPDATED', auth: as(admin) },
  { type: 'SWITCH_USER', email: 'agent@demo.test' },
  { type: 'SWITCH_BACK' },
  { type: 'DISMISS' },
];

function events(s: Snap): EventObject[] {
  const list: EventObject[] = [...userEvents];
  if (s.matches('checkingToken')) list.push(done('restore', as(admin)), done('restore', null), fail('restore'));
  if (s.matches('signingIn'))
    list.push(
      done('signIn', { ok: true, auth: as(admin), token: 't' }),
      done('signIn', { ok: true, auth: as(notos), token: 't' }),
      done('signIn', { ok: true, auth: as(provisional), token: 't' }),
      done('signIn', { ok: false, message: 'Invalid username or password' }),
      done('signIn', { ok: false, message: 'Locked', code: 'locked' }),
      fail('signIn'),
    );
  if (s.matches({ termsRequired: 'accepting' }))
    list.push(done('acceptTerms', { ok: true, auth: as(agent) }), done('acceptTerms', { ok: false, message: 'no' }), fail('acceptTerms'));
  if (s.matches({ signedIn: { identity: 'switching' } }))
    list.push(
      done('switchUser', { ok: true, auth: as(agent, admin) }),
      done('switchUser', { ok: false, message: MSG.switchIntoAdmin }),
      fail('switchUser'),
    );
  if (s.matches('loggingOut')) list.push(done('logout', undefined), fail('logout'));
  if (s.matches({ signedIn: { activity: 'active' } })) list.push({ type: 'xstate.after.idleWarning.session.signedIn.activity.active' });
  if (s.matches({ signedIn: { activity: 'warning' } })) list.push({ type: 'xstate.after.logoutCountdown.session.signedIn.activity.warning' });
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
  ]);

const ACTOR_IDS = ['restore', 'signIn', 'acceptTerms', 'switchUser', 'logout'] as const;

const scenarios: Array<[string, GraphOptions<{ token: string | null }>]> = [
  ['without a stored token', { machine: sessionMachine, input: { token: null }, events, serialize }],
  ['with a stored token', { machine: sessionMachine, input: { token: 'stored' }, events, serialize }],
];

describe('session machine: generated paths', () => {
  const reached = new Set<string>();
  for (const [name, options] of scenarios) {
    const { paths, edges } = coveringPaths(options);
    paths.forEach((p) => p.steps.forEach((step) => activeLeafIds(step.state).forEach((id) => reached.add(id))));

    it(`${name}: a real actor follows all ${paths.length} paths (${edges} edges)`, async () => {
      for (const path of paths) await replay(sessionMachine, options.input, path, serialize, ACTOR_IDS);
    });
  }

  it('takes every declared transition, both sides of every guard', () => {
    const untaken = scenarios.map(([, o]) => new Set(untakenTransitions(o)));
    // A transition counts when either scenario takes it.
    const missing = [...untaken[0]].filter((t) => untaken[1].has(t));
    expect(missing).toEqual([]);
  });

  it('reaches every state of the chart at rest', () => {
    const missing = leafStateIds(sessionMachine, { restingOnly: true }).filter((id) => !reached.has(id));
    expect(missing).toEqual([]);
  });
});
