import type { Role, UserStatus } from './roles';

/** Session and idle handling constants (document 000 sections 4 and 9). */
export const IDLE_WARNING_SECONDS = 840;
export const LOGOUT_COUNTDOWN_SECONDS = 60;
export const RECENT_SWITCHES_KEPT = 5;

/** Designed: how long a server session lives (the spec leaves it out). */
export const SESSION_IDLE_EXPIRY_MINUTES = 30; // above the 15-minute client idle logout
export const SESSION_ABSOLUTE_EXPIRY_HOURS = 12;
/** A token older than this is replaced by a fresh one in the response header. */
export const TOKEN_ROTATE_AFTER_SECONDS = 300;
/** A replaced token still works this long, so requests already in flight do not fail. */
export const TOKEN_GRACE_SECONDS = 60;

/** Texts of the session's own failures (designed; the specification has none). */
export const SESSION_TEXT = {
  unreachable: 'We could not reach the server. Please try again.',
  signInFailed: 'Unable to sign in',
  switchFailed: 'Unable to switch user',
  switchEmpty: 'Enter the email of the user to switch to',
  screenRefused: 'You are not allowed to open that screen',
  /** Above a gate screen seen by an admin switched into a user at that gate. */
  switchedIntoTerms: 'This user has not accepted the terms of service: this is what they see. Only they can accept them.',
  switchedIntoProfile: 'This user has not completed a profile yet: this is what they see. Only they can complete it.',
} as const;

/** Header names of the HTTP contract. */
export const TOKEN_HEADER = 'x-auth-token';
export const SWITCH_USER_HEADER = 'x-switch-user';

/** Remember a switched-into user, most recent first, without duplicates. */
export function rememberSwitch(recent: readonly string[], email: string): string[] {
  const key = email.trim().toLowerCase();
  return [key, ...recent.filter((e) => e !== key)].slice(0, RECENT_SWITCHES_KEPT);
}

/** The part of a signed-in user the session and the screens' rules read. */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  isSuperAdmin: boolean;
  tosConsent: boolean;
  status: UserStatus;
  firstName: string;
  lastName: string;
  features: string[];
  isPro: boolean;
  /** IANA zone the user's "today" is counted in (the browser's when missing). */
  timezone?: string;
  /** The stored profile, as far as the server sent it (the profile gate's form starts from it). */
  phoneNumber?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  agentId?: string | null;
  company?: { id?: number; name: string } | null;
}

/** Who is signed in, and the admin behind a switch (null when not switched). */
export interface SessionAuth {
  user: SessionUser;
  original: SessionUser | null;
  /** The external single-sign-on address to go to instead of the app (see people/lead-vantage.ts). */
  leadVantageSso?: string | null;
}

/** The one-time key of a single-sign-on link (/sso/{key}), else null. */
export function ssoKeyOf(pathname: string): string | null {
  const m = /^\/sso\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

/** The locked screen, starting from the email that was locked (its unlock and reset forms use it). */
export function lockedScreen(email: string | null): string {
  return email ? `/locked?email=${encodeURIComponent(email)}` : '/locked';
}

/** Why the session ended; the login screen tells the user. */
export type SignOutReason = 'logout' | 'inactivity' | 'sessionLost';
