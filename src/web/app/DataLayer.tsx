import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { ApiProvider } from '../../api/context';
import { SessionContext, useSessionSelector } from './session';

/**
 * The data layer: react-query's client and the typed API client with whom the session acts
 * as, so query keys follow a switch. A chunk of its own: the sign-in page uses no query
 * and does not download it (tests/e2e/first-load.spec.ts); every other screen is rendered
 * inside it. One query client for the page, however often this mounts (the sign-in page's
 * forgotten-password form mounts it too).
 */
let queryClient: QueryClient | null = null;
const pageQueryClient = () =>
  (queryClient ??= new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));

export default function DataLayer({ children }: { children: ReactNode }) {
  const { api } = useContext(SessionContext)!;
  const userId = useSessionSelector((s) => s.context.auth?.user.id ?? null);
  const adminId = useSessionSelector((s) => s.context.auth?.original?.id ?? null);
  return (
    <QueryClientProvider client={pageQueryClient()}>
      <ApiProvider client={api} userId={userId} adminId={adminId}>
        {children}
      </ApiProvider>
    </QueryClientProvider>
  );
}
