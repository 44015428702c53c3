import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ApiClient } from './client';

/**
 * Whom the session acts as: the user it shows (the switched-into user when an admin is
 * switched) and the admin behind it. Every query key of signed-in data starts with it,
 * so a switched admin's answers never land in the admin's own cache entries.
 */
export interface ActingAs {
  userId: number | null;
  adminId: number | null;
}

interface ApiSession {
  client: ApiClient;
  actingAs: ActingAs;
}

const ApiContext = createContext<ApiSession | null>(null);

/**
 * What the data layer needs from the app: the typed client and whom the session acts as.
 * The app shell provides it (src/web/app), so src/api never reaches up into the app.
 */
export function ApiProvider({ client, userId, adminId, children }: { client: ApiClient; userId: number | null; adminId: number | null; children: ReactNode }) {
  const value = useMemo(() => ({ client, actingAs: { userId, adminId } }), [client, userId, adminId]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

function useApiSession(): ApiSession {
  const value = useContext(ApiContext);
  if (!value) throw new Error('ApiProvider is missing');
  return value;
}

export const useApi = (): ApiClient => useApiSession().client;
export const useActingAs = (): ActingAs => useApiSession().actingAs;
