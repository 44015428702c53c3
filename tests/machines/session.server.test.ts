import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate';
import { sessionActors } from '../../machines/session.actors';
import { sessionMachine, type SessionEmitted, type SessionInput } from '../../machines/session.machine';
import { createApiClient } from '../../src/api/client';
import { MSG } from '../../src/domain/messages';
import { addUser, DEMO, DEMO_PASSWORD, solvedCaptcha } from '../helpers/accounts';
import { injectFetch } from '../helpers/inject-fetch';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The session machine with its REAL actors against the real app on a fresh database:
 * the main paths of a session, as the browser runs them (the same client wiring as
 * src/web/app/session.ts), with the idle timer on a simulated clock.
 */
type Session = ActorRefFrom<typeof sessionMachine>;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function start(input: SessionInput = { token: null }) {
  let session: Session | null = null;
  const api = createApiClient(
    {
      getToken: () => session?.getSnapshot().context.token ?? input.token,
      setToken: (token) => session?.send({ type: 'TOKEN_REFRESHED', token }),
      getSwitchUser: () => session?.getSnapshot().context.switchedTo ?? null,
      onSessionLost: () => session?.send({ type: 'SESSION_LOST' }),
      onForbidden: (message) => session?.send({ type: 'NOT_AUTHORIZED', message }),
    },
    'http://leadline.test/rest',
    injectFetch(t.app, t.nextIp()),
  );
  session = createActor(sessionMachine.provide({ actors: sessionActors(api) }), { input, clock: new SimulatedClock() });
  const emitted: SessionEmitted[] = [];
  session.on('*', (e) => emitted.push(e));
  session.start();
  return { session, emitted, api };
}

const settled = (session: Session) => waitFor(session, (s) => !s.hasTag('busy') && !s.hasTag('loading'), { timeout: 10_000 });
const navigations = (emitted: SessionEmitted[]) => emitted.filter((e) => e.type === 'navigate').map((e) => e.to);

async function signIn(session: Session, email: string, password = DEMO_PASSWORD) {
  await settled(session);
  session.send({ type: 'LOGIN', username: email, password, captcha: await solvedCaptcha(t.client()) });
  return settled(session);
}

describe('the session machine against the real server', () => {
  it('signs in and lands on the role screen; a wrong password is shown in the form', async () => {
    const { session, emitted } = start();
    const failed = await signIn(session, DEMO.agent, 'wrong-password');
    expect(failed.hasTag('error:login')).toBe(true);
    expect(failed.context.error).toBe('Invalid username or password');
    expect(failed.context.captchaVersion).toBe(1);

    const s = await signIn(session, DEMO.agent);
    expect(s.hasTag('step:signedIn')).toBe(true);
    expect(s.context.token).toMatch(/\S{20,}/);
    expect(s.context.auth?.user.email).toBe(DEMO.agent);
    expect(navigations(emitted)).toEqual(['/dashboard']);
    session.stop();
  });

  it('locks after five wrong passwords and sends the browser to /locked', async () => {
    const { email } = await addUser(t);
    const { session, emitted } = start();
    let s = await signIn(session, email, 'wrong-password');
    for (let i = 0; i < 5 && !s.hasTag('locked'); i++) s = await signIn(session, email, 'wrong-password');
    expect(s.hasTag('locked')).toBe(true);
    expect(s.context.token).toBeNull();
    expect(navigations(emitted)).toEqual([`/locked?email=${encodeURIComponent(email)}`]);
    session.stop();
  });

  it('a user without consent passes the terms gate, then lands', async () => {
    const { session, emitted } = start();
    let s = await signIn(session, DEMO.noTerms);
    expect(s.hasTag('gate:terms')).toBe(true);
    session.send({ type: 'ACCEPT_TERMS', initials: ['NT', 'NX'] });
    expect(session.getSnapshot().context.error).toBe(MSG.termsInitials);
    session.send({ type: 'ACCEPT_TERMS', initials: ['NT', 'NT'] });
    s = await settled(session);
    expect(s.hasTag('step:signedIn')).toBe(true);
    expect(s.context.auth?.user.tosConsent).toBe(true);
    expect(navigations(emitted)).toEqual(['/terms-of-service', '/dashboard']);
    session.stop();
  });

  it('a provisional user saves the profile through the machine, then meets the terms', async () => {
    const { session, emitted } = start();
    let s = await signIn(session, DEMO.provisional);
    expect(s.hasTag('gate:profile')).toBe(true);
    const profile = {
      firstName: 'Noah', lastName: 'Newman', phoneNumber: '5125550199', address1: '1 Main St', city: 'Austin',
      state: 'TX', zipcode: '78701', companyName: 'Noah Newman Agency',
    };
    session.send({ type: 'SAVE_PROFILE', profile: { ...profile, zipcode: '7' } });
    s = await settled(session);
    expect(s.hasTag('gate:profile')).toBe(true);
    expect(s.context.fieldErrors.map((e) => e.field)).toEqual(['zipcode']);

    session.send({ type: 'SAVE_PROFILE', profile });
    s = await settled(session);
    expect(s.context.auth?.user.role).toBe('user');
    expect(s.hasTag('gate:terms')).toBe(true);
    expect(navigations(emitted)).toEqual(['/complete-profile', '/terms-of-service']);
    session.stop();
  });

  it('an admin switches into an agent (kept across a restart of the tab) and back; an admin target is refused', async () => {
    const { session, emitted, api } = start();
    await signIn(session, DEMO.admin);

    session.send({ type: 'SWITCH_USER', email: DEMO.superAdmin });
    let s = await settled(session);
    expect(s.hasTag('switched')).toBe(false);
    expect(emitted).toContainEqual({ type: 'switchRefused', message: MSG.switchIntoAdmin });

    session.send({ type: 'SWITCH_USER', email: ` ${DEMO.agent.toUpperCase()} ` });
    s = await settled(session);
    expect(s.hasTag('switched')).toBe(true);
    expect(s.context.switchedTo).toBe(DEMO.agent);
    expect(s.context.recentSwitches[0]).toBe(DEMO.agent);
    // Every request now acts as the agent.
    expect((await api.GET('/authentication/user')).data?.user.email).toBe(DEMO.agent);

    // A reload of the tab: the token and the tab's switch, re-checked with the server.
    const reloaded = start({ token: s.context.token, switchedTo: s.context.switchedTo });
    const r = await settled(reloaded.session);
    expect(r.hasTag('switched')).toBe(true);
    expect(r.context.auth?.user.email).toBe(DEMO.agent);
    expect(r.context.auth?.original?.email).toBe(DEMO.admin);
    expect(navigations(reloaded.emitted)).toEqual([]);
    reloaded.session.stop();

    session.send({ type: 'SWITCH_BACK' });
    s = session.getSnapshot();
    expect(s.hasTag('switched')).toBe(false);
    expect(s.context.auth?.user.email).toBe(DEMO.admin);
    expect(navigations(emitted)).toEqual(['/leads/new', '/dashboard', '/leads/new']);
    session.stop();
  });

  it('a switch the server now refuses is dropped on restart, not the session', async () => {
    const { session } = await (async () => {
      const started = start();
      await signIn(started.session, DEMO.admin);
      return started;
    })();
    const token = session.getSnapshot().context.token;
    session.stop();
    const reloaded = start({ token, switchedTo: DEMO.superAdmin });
    const r = await settled(reloaded.session);
    expect(r.hasTag('step:signedIn')).toBe(true);
    expect(r.hasTag('switched')).toBe(false);
    expect(r.context.auth?.user.email).toBe(DEMO.admin);
    reloaded.session.stop();
  });

  it('logs out: the token is gone here and on the server', async () => {
    const { session, emitted } = start();
    const s = await signIn(session, DEMO.vendor);
    const token = s.context.token!;
    session.send({ type: 'LOGOUT' });
    const out = await settled(session);
    expect(out.hasTag('notice:logout')).toBe(true);
    expect(out.context.token).toBeNull();
    expect(navigations(emitted)).toEqual(['/return-management', '/login']);
    const after = await t.request({ method: 'GET', url: '/rest/authentication/user', token });
    expect(after.statusCode).toBe(401);
    session.stop();
  });
});
