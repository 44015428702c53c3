import type { Actor } from './roles';
import { hasAccess, isSuperAdmin } from './roles';
import { mayOpen, screenAt } from './screens';

/** Where a signed-in user lands (document 000 section 4, "Default screen per role"). */
export function defaultScreen(user: Actor): string {
  if (user.role === 'provisional_user') return '/complete-profile';
  if (needsTerms(user)) return '/terms-of-service';
  if (isSuperAdmin(user)) return '/orders/list';
  switch (user.role) {
    case 'cld':
      return '/cld/list';
    case 'admin':
      return '/leads/new';
    case 'vendor':
      return '/return-management';
    default:
      return '/dashboard';
  }
}

/** A plain user without terms consent must accept the terms before anything else. */
export function needsTerms(user: Actor): boolean {
  return user.role === 'user' && user.tosConsent === false;
}

/** What stands between a signed-in user and the app: nothing, the terms or the profile. */
export type SessionGate = 'none' | 'terms' | 'profile';
export function sessionGate(user: Actor): SessionGate {
  if (user.role === 'provisional_user') return 'profile';
  if (needsTerms(user)) return 'terms';
  return 'none';
}

/**
 * Where a user lands after signing in: the screen they asked for before signing in when
 * their role may open it, else their default screen.
 */
export function landingScreen(user: Actor, requested: string | null): string {
  const screen = requested ? screenAt(requested) : null;
  // A screen that answers its own refusal (the CLD list) is landed on: it tells the user why.
  const lands = screen !== null && (mayOpen(screen, user) || (screen.refusal !== undefined && hasAccess(user, screen.roles)));
  return lands && requested ? requested : defaultScreen(user);
}
