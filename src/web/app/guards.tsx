import { lazy, useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { defaultScreen } from '../../domain/default-screen';
import { mayOpen, screenAt, type Screen } from '../../domain/screens';
import { SESSION_TEXT, type SessionAuth } from '../../domain/session';
import { FullPageLoader } from '../ui/FullPageLoader';
import { placeOf, switchedGate, type SessionPlace } from './selectors';
import { useSessionActor, useSessionSelector } from './session';

export type { SessionPlace } from './selectors';

// A developer screen asks the server's mode before deciding (its own chunk: the data
// layer's query code stays out of the sign-in page's scripts).
const DevelopmentGate = lazy(() => import('./DevelopmentGate'));
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

/**
 * A screen for signed-in users its roles allow; everyone else is sent where they belong.
 * Signed out, the session is told which screen was asked for, so signing in returns here.
 */
export function Protected({ screen, children }: { screen: Screen; children: ReactNode }) {
  const place = usePlace();
  const home = useHome();
  const [location] = useLocation();
  const auth = useSessionSelector((s) => s.context.auth);
  const session = useSessionActor();
  const deferred = !!screen.everyoneInDevelopment;
  const refused = place === 'in' && auth !== null && !deferred && !mayOpen(screen, auth.user, auth.original);
  const refusal = refused ? refusalOf(screen, auth!, home) : null;
  const refusalMessage = refusal?.message ?? null;
  useEffect(() => {
    if (refusalMessage) session.send({ type: 'NOT_AUTHORIZED', message: refusalMessage });
    if (place === 'out') session.send({ type: 'SCREEN_REQUESTED', path: location });
  }, [refusalMessage, place, location, session]);
  if (place === 'loading') return <FullPageLoader />;
  if (place !== 'in') return <Redirect to={home} replace />;
  if (refusal) return <Redirect to={refusal.to} replace />;
  if (deferred) return <DevelopmentGate screen={screen} home={home}>{children}</DevelopmentGate>;
  return <>{children}</>;
}

/** What a refused user is told and where they go: the screen's own refusal when they may open its destination, else home. */
function refusalOf(screen: Screen, auth: SessionAuth, home: string): { message: string; to: string } {
  const own = screen.refusal;
  const target = own ? screenAt(own.to) : null;
  if (own && target && mayOpen(target, auth.user, auth.original)) return own;
  return { message: SESSION_TEXT.screenRefused, to: home };
}

/**
 * A screen for one step of the session (signed out, terms, profile); others go home. An
 * admin switched into a user at a gate sees that gate's screen, as the user would.
 */
export function OnlyWhen({ place, children }: { place: SessionPlace; children: ReactNode }) {
  const now = usePlace();
  const home = useHome();
  const viewing = useSessionSelector(switchedGate);
  if (now === 'loading') return <FullPageLoader />;
  if (now !== place && viewing !== place) return <Redirect to={home} replace />;
  return <>{children}</>;
}
