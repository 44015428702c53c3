import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { sessionActors } from '../../../machines/session.actors';
import { sessionMachine } from '../../../machines/session.machine';
import { createApiClient, type ApiClient } from '../../api/client';
import { busyStore } from '../ui/busy';
import { toast } from '../ui/toast';
import { STORAGE_KEYS, storage } from './storage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * One API client and one running session machine for the page. The client feeds the
 * machine (fresh tokens, 401, 403); the machine decides what the session is.
 */
export function startSession(): { api: ApiClient; session: SessionActor } {
  let session: SessionActor | null = null;
  const api = createApiClient({
    getToken: () => session?.getSnapshot().context.token ?? storage.get(STORAGE_KEYS.token),
    setToken: (token) => session?.send({ type: 'TOKEN_REFRESHED', token }),
    getSwitchUser: () => session?.getSnapshot().context.switchedTo ?? null,
    onSessionLost: () => session?.send({ type: 'SESSION_LOST' }),
    onForbidden: (message) => session?.send({ type: 'NOT_AUTHORIZED', message }),
    onBusy: (n) => busyStore.set(n),
  });
  const recent = JSON.parse(storage.get(STORAGE_KEYS.recentSwitches) ?? '[]') as string[];
  session = createActor(sessionMachine.provide({ actors: sessionActors(api) }), {
    input: { token: storage.get(STORAGE_KEYS.token), recentSwitches: Array.isArray(recent) ? recent : [] },
  });
  // Keep the token and the recent switches across reloads.
  session.subscribe((s) => {
    storage.set(STORAGE_KEYS.token, s.context.token);
    storage.set(STORAGE_KEYS.recentSwitches, JSON.stringify(s.context.recentSwitches));
  });
  session.on('loginFailed', (e) => toast('warning', e.message));
  session.on('notAuthorized', (e) => toast('error', e.message));
  session.on('switchRefused', (e) => toast('error', e.message));
  session.start();
  return { api, session };
}

export const SessionContext = createContext<{ api: ApiClient; session: SessionActor } | null>(null);

function useSessionContext() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('SessionContext is missing');
  return value;
}

export const useApi = () => useSessionContext().api;
export const useSessionActor = () => useSessionContext().session;
export function useSessionSelector<T>(select: (s: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), select);
}
/** The signed-in user (the switched-into user when switched). */
export const useCurrentUser = () => useSessionSelector((s) => s.context.auth?.user ?? null);
