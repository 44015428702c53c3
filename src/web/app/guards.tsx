import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { defaultScreen } from '../../domain/default-screen';
import { hasAccess, type AccessMarker } from '../../domain/roles';
import { FullPageLoader } from '../ui/FullPageLoader';
import { useSessionActor, useSessionSelector, type SessionSnapshot } from './session';

/** Where the session stands, as far as routing cares. */
export type SessionPlace = 'loading' | 'out' | 'profile' | 'terms' | 'in';
export function placeOf(s: SessionSnapshot): SessionPlace {
  if (s.matches('signedIn')) return 'in';
  if (s.matches('profileRequired')) return 'profile';
  if (s.matches('termsRequired')) return 'terms';
  if (s.matches('restoring') || s.matches('checkingToken') || s.matches('gate')) return 'loading';
  return 'out';
}
export const usePlace = () => useSessionSelector(placeOf);

/** The screen a session in this place belongs on. */
export function useHome(): string {
  const place = usePlace();
  const user = useSessionSelector((s) => s.context.auth?.user ?? null);
  if (place === 'profile') return '/complete-profile';
  if (place === 'terms') return '/terms-of-service';
  if (place === 'in' && user) return defaultScreen(user);
  return '/login';
}

/** A screen for signed-in users with one of `roles`; everyone else is sent where they belong. */
export function Protected({ roles, children }: { roles: readonly AccessMarker[]; children: ReactNode }) {
  const place = usePlace();
  const home = useHome();
  const auth = useSessionSelector((s) => s.context.auth);
  const session = useSessionActor();
  const allowed = auth !== null && (hasAccess(auth.user, roles) || (auth.original !== null && hasAccess(auth.original, roles)));
  const refused = place === 'in' && !allowed;
  useEffect(() => {
    if (refused) session.send({ type: 'NOT_AUTHORIZED', message: 'You are not allowed to open that screen' });
  }, [refused, session]);
  if (place === 'loading') return <FullPageLoader />;
  if (place !== 'in' || refused) return <Redirect to={home} replace />;
  return <>{children}</>;
}

/** A screen for one step of the session (signed out, terms, profile); others go home. */
export function OnlyWhen({ place, children }: { place: SessionPlace; children: ReactNode }) {
  const now = usePlace();
  const home = useHome();
  if (now === 'loading') return <FullPageLoader />;
  if (now !== place) return <Redirect to={home} replace />;
  return <>{children}</>;
}
