import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './toasts.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { ApiProvider } from '../../api/context';
import { systemClock, type Clock } from '../../domain/clock';
import { MAX_TOASTS, TOAST_DELAY_MS } from '../../domain/ui-limits';
import { LoadingBar } from '../ui/LoadingBar';
import { useActivityTracking } from './activity';
import { ClockContext } from './clock';
import { AppRoutes } from './routes';
import { SessionContext, startSession, useSessionSelector } from './session';
import { Toasts } from './Toasts';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md', fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif' });

/** The app; `clock` is the system's unless a test injects one. */
export function App({ clock = systemClock }: { clock?: Clock }) {
  const [session] = useState(startSession);
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <MantineProvider theme={theme}>
      <Toasts limit={MAX_TOASTS} autoClose={TOAST_DELAY_MS} position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ClockContext.Provider value={clock}>
          <SessionContext.Provider value={session}>
            <DataLayer>
              <LoadingBar />
              <ActivityTracker />
              <AppRoutes />
            </DataLayer>
          </SessionContext.Provider>
        </ClockContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

function ActivityTracker() {
  useActivityTracking();
  return null;
}

/** The data layer's client and whom the session acts as, so query keys follow a switch. */
function DataLayer({ children }: { children: ReactNode }) {
  const { api } = useContext(SessionContext)!;
  const userId = useSessionSelector((s) => s.context.auth?.user.id ?? null);
  const adminId = useSessionSelector((s) => s.context.auth?.original?.id ?? null);
  return (
    <ApiProvider client={api} userId={userId} adminId={adminId}>
      {children}
    </ApiProvider>
  );
}
