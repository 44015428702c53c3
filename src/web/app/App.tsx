import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './toasts.css';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import type { Clock } from '../../domain/clock';
import { MAX_TOASTS, TOAST_DELAY_MS } from '../../domain/ui-limits';
import { FullPageLoader } from '../ui/FullPageLoader';
import { LoadingBar } from '../ui/LoadingBar';
import { useActivityTracking } from './activity';
import { appClock } from './app-clock';
import { ClockContext } from './clock-context';
import { AppRoutes, preloadScreen } from './routes';
import { SessionContext, startSession } from './session';
import { Toasts } from './Toasts';
import { cssVariablesResolver, theme } from './theme';
import { STORAGE_KEYS, storage } from '../ui/storage';

/** The app; `clock` follows the server's unless a test injects one. */
export function App({ clock = appClock }: { clock?: Clock }) {
  const [session] = useState(startSession);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Toasts limit={MAX_TOASTS} autoClose={TOAST_DELAY_MS} />
      <ClockContext.Provider value={clock}>
        <SessionContext.Provider value={session}>
          <LoadingBar />
          <ActivityTracker />
          <Screens />
        </SessionContext.Provider>
      </ClockContext.Provider>
    </MantineProvider>
  );
}

// react-query and the data layer are a chunk of their own, which the sign-in page does
// not download: it reads no query (its forgotten-password form loads the layer itself).
const DataLayer = lazy(() => import('./DataLayer'));
const WITHOUT_DATA = new Set(['/login', '/login/locked']);

/** The routes, inside the data layer except on the sign-in page. */
function Screens() {
  const [location] = useLocation();
  usePreloadFirstScreen(location);
  if (WITHOUT_DATA.has(location)) return <AppRoutes />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <DataLayer>
        <AppRoutes />
      </DataLayer>
    </Suspense>
  );
}

/** A tab that opens on a signed-in screen with a stored session asks for that screen's code at once (routes.tsx, preloadScreen). */
function usePreloadFirstScreen(location: string) {
  const { parser } = useRouter();
  const [first] = useState(location);
  useEffect(() => {
    if (storage.get(STORAGE_KEYS.token) === null || WITHOUT_DATA.has(first)) return;
    preloadScreen(first, (pattern, path) => matchRoute(parser, pattern, path)[0]);
  }, [first, parser]);
}

function ActivityTracker() {
  useActivityTracking();
  return null;
}
