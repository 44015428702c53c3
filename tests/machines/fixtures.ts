import type { SessionAuth, SessionUser } from '../../src/domain/session';

/** Users and actor answers the machines' path tests feed in. */
export const user = (over: Partial<SessionUser>): SessionUser => ({
  id: 1, email: 'agent@demo.test', role: 'user', isSuperAdmin: false, tosConsent: true, status: 'active',
  firstName: 'Avery', lastName: 'Agent', features: [], isPro: false, ...over,
});
export const agent = user({});
export const admin = user({ id: 2, email: 'admin@demo.test', role: 'admin' });
export const vendor = user({ id: 5, email: 'vendor@demo.test', role: 'vendor' });
export const notos = user({ id: 3, email: 'notos@demo.test', tosConsent: false });
export const provisional = user({ id: 4, email: 'newagent@demo.test', role: 'provisional_user', tosConsent: false });
export const as = (u: SessionUser, original: SessionUser | null = null): SessionAuth => ({ user: u, original });
/** An agent of a company without LeadVantage access: the server answers where to go instead. */
export const LEADVANTAGE_SSO = 'https://sso.leadvantage.test/';
export const outsider = user({ id: 6, email: 'outsider@demo.test' });
export const sentAway = (u: SessionUser): SessionAuth => ({ user: u, original: null, leadVantageSso: LEADVANTAGE_SSO });

export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const fail = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('network') });
