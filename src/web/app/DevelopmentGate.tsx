import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useServerMode } from '../../api/system/get-server-mode';
import { mayOpen, type Screen } from '../../domain/screens';
import { SESSION_TEXT } from '../../domain/session';
import { FullPageLoader } from '../ui/FullPageLoader';
import { useSessionActor, useSessionSelector } from './session';

/**
 * A developer screen (`everyoneInDevelopment` in SCREENS): open to its roles, and to every
 * signed-in user when the server runs in development mode (GET /system/mode).
 */
export default function DevelopmentGate({ screen, home, children }: { screen: Screen; home: string; children: ReactNode }) {
  const mode = useServerMode();
  const auth = useSessionSelector((s) => s.context.auth);
  const session = useSessionActor();
  const known = !mode.isPending;
  const refused = known && auth !== null && !mayOpen(screen, auth.user, auth.original, mode.data);
  useEffect(() => {
    if (refused) session.send({ type: 'NOT_AUTHORIZED', message: SESSION_TEXT.screenRefused });
  }, [refused, session]);
  if (!known) return <FullPageLoader />;
  if (refused) return <Redirect to={home} replace />;
  return <>{children}</>;
}
