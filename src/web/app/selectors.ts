import type { SessionEvent } from '../../../machines/session.machine';
import { sessionGate, type SessionGate } from '../../domain/default-screen';
import type { SessionSnapshot } from './session';

/**
 * What the views ask of the session, read from its tags and context. Views use these
 * instead of matching state names, so the chart can change shape without them.
 */

/** Where the session stands, as far as routing cares. */
export type SessionPlace = 'loading' | 'out' | 'profile' | 'terms' | 'in';
export function placeOf(s: SessionSnapshot): SessionPlace {
  if (s.hasTag('loading')) return 'loading';
  if (s.hasTag('step:signedIn')) return 'in';
  if (s.hasTag('gate:profile')) return 'profile';
  if (s.hasTag('gate:terms')) return 'terms';
  return 'out';
}

/** A request of a form is running (sign in, save, accept, switch). */
export const isBusy = (s: SessionSnapshot): boolean => s.hasTag('busy');

/** Why the last session ended, for the login screen. */
export type SignOutNotice = 'logout' | 'inactivity' | 'sessionLost' | null;
export function signOutNotice(s: SessionSnapshot): SignOutNotice {
  if (s.hasTag('notice:logout')) return 'logout';
  if (s.hasTag('notice:inactivity')) return 'inactivity';
  if (s.hasTag('notice:sessionLost')) return 'sessionLost';
  return null;
}

/** The failure of the last sign-in, shown in the form (and only there). */
export const loginError = (s: SessionSnapshot): string | null => (s.hasTag('error:login') ? s.context.error : null);
export const isLocked = (s: SessionSnapshot): boolean => s.hasTag('locked');

/** The failure of a gate's form (terms or profile) and its field errors. */
export const gateError = (s: SessionSnapshot): string | null =>
  s.hasTag('gate:terms') || s.hasTag('gate:profile') ? s.context.error : null;
export const gateFieldErrors = (s: SessionSnapshot) => s.context.fieldErrors;

export const isSwitched = (s: SessionSnapshot): boolean => s.hasTag('switched');

/**
 * The gate (terms, profile) of the user an admin is switched into, else 'none': the admin
 * is shown that gate's screen as the user would see it, with the way back.
 */
export const switchedGate = (s: SessionSnapshot): SessionGate =>
  isSwitched(s) && s.context.auth ? sessionGate(s.context.auth.user) : 'none';

/** May the session take this event now? (What a button may do.) */
export const can = (event: SessionEvent) => (s: SessionSnapshot): boolean => s.can(event);
