import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { sessionMachine, type Outcome } from '../../machines/session.machine';
import { switchUserMachine } from '../../machines/switchUser.machine';
import { MSG } from '../../src/domain/messages';
import { SESSION_TEXT, type SessionAuth } from '../../src/domain/session';
import { admin, agent, as, notos, provisional } from './fixtures';

/**
 * What the path tests cannot see, as they replace every invoked actor with a deferred
 * promise: the session's own idle timer and switch-user children, and its default
 * actors, which fail (as an unreachable server) until the app provides the real ones.
 * Every wait has a short limit: these actors settle within microtasks, and a mutant that
 * never settles should fail fast rather than hang the mutation run.
 */
type Snap = SnapshotFrom<typeof sessionMachine>;

/** A session restored as `auth`, on a simulated clock; every other actor its default. */
async function restoredAs(auth: SessionAuth, extra: Parameters<typeof sessionMachine.provide>[0]['actors'] = {}) {
  const clock = new SimulatedClock();
  const restore = fromPromise<{ auth: SessionAuth; switchedTo: string | null } | null, { switchUser: string | null }>(async () => ({ auth, switchedTo: null }));
  const actor = createActor(sessionMachine.provide({ actors: { restore, ...extra } }), { input: { token: 'stored' }, clock }).start();
  await waitFor(actor, (s) => !s.hasTag('loading'), { timeout: 3000 });
  const pass = (seconds: number) => {
    for (let k = 0; k < seconds; k++) clock.increment(1000);
  };
  return { actor, pass, idle: () => (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>).idle };
}
const at = (s: Snap) => JSON.stringify(s.value);

describe('session machine with its own children', () => {
  it('forwards input to the idle timer: activity restarts it, Keep working resumes, Log Out ends the session', async () => {
    const { actor, pass, idle } = await restoredAs(as(agent));
    pass(800);
    actor.send({ type: 'ACTIVITY' });
    pass(800);
    expect(idle()?.getSnapshot().value).toBe('active');
    pass(40);
    expect(idle()?.getSnapshot().value).toEqual({ warning: 'counting' });
    actor.send({ type: 'KEEP_WORKING' });
    expect(idle()?.getSnapshot().value).toBe('active');
    pass(840);
    actor.send({ type: 'IDLE_LOGOUT' });
    await waitFor(actor, (s) => s.matches('signedOut'), { timeout: 3000 });
    expect(actor.getSnapshot().context.signOutReason).toBe('inactivity');
  });

  it('switches through its switch-user child, whose answer comes from the provided checker', async () => {
    const checkSwitch = fromPromise<Outcome<{ auth: SessionAuth }>, { email: string }>(async ({ input }) =>
      input.email === 'agent@demo.test' ? { ok: true, auth: as(agent, admin) } : { ok: false, message: MSG.switchIntoAdmin },
    );
    const { actor } = await restoredAs(as(admin), { switchUser: switchUserMachine.provide({ actors: { checkSwitch } }) });
    actor.send({ type: 'SWITCH_USER', email: ' Agent@Demo.test' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'switched' }), { timeout: 3000 });
    expect(actor.getSnapshot().context.switchedTo).toBe('agent@demo.test');
  });
});

describe('session machine with its default actors', () => {
  it('a stored token that cannot be checked signs out', async () => {
    const actor = createActor(sessionMachine, { input: { token: 'stored' } }).start();
    await waitFor(actor, (s) => !s.hasTag('loading'), { timeout: 3000 });
    expect(at(actor.getSnapshot())).toBe(JSON.stringify({ signedOut: 'ready' }));
  });

  it('a sign-in that cannot reach the server says so', async () => {
    const actor = createActor(sessionMachine, { input: { token: null } }).start();
    actor.send({ type: 'LOGIN', username: 'agent@demo.test', password: 'x', captcha: 'c' });
    await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 3000 });
    expect(actor.getSnapshot().context.error).toBe(SESSION_TEXT.unreachable);
  });

  it('saving the profile or the terms fails as unsaved, and logging out still signs out', async () => {
    const { actor: profile } = await restoredAs(as(provisional));
    profile.send({
      type: 'SAVE_PROFILE',
      profile: { firstName: 'N', lastName: 'N', phoneNumber: '5125550199', address1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '78701', companyName: 'N' },
    });
    await waitFor(profile, (s) => !s.hasTag('busy'), { timeout: 3000 });
    expect(profile.getSnapshot().context.error).toBe(MSG.saveFailed);

    const { actor: terms } = await restoredAs(as(notos));
    terms.send({ type: 'ACCEPT_TERMS', initials: ['AA', 'AA'] });
    await waitFor(terms, (s) => !s.hasTag('busy'), { timeout: 3000 });
    expect(terms.getSnapshot().context.error).toBe(MSG.saveFailed);
    terms.send({ type: 'LOGOUT' });
    await waitFor(terms, (s) => s.matches('signedOut'), { timeout: 3000 });
    expect(at(terms.getSnapshot())).toBe(JSON.stringify({ signedOut: 'afterLogout' }));
  });
});
