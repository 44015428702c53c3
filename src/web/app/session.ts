import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import { navigate } from 'wouter/use-browser-location';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { sessionActors } from '../../../machines/session.actors';
import { sessionMachine } from '../../../machines/session.machine';
import { createApiClient, type ApiClient } from '../../api/client';
import { ssoKeyOf } from '../../domain/session';
import { busyStore } from '../ui/busy';
import { liveInspect } from '../ui/live-actors';
import { toast } from '../ui/toast';
import { STORAGE_KEYS, storage, tabStorage } from '../ui/storage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * One API client and one running session machine for the page. The client feeds the
 * machine (fresh tokens, 401, 403); the machine decides what the session is and where
 * the browser goes (its `navigate` events); this file only carries them out.
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
  session = createActor(sessionMachine.provide({ actors: sessionActors(api) }), {
    input: {
      token: storage.get(STORAGE_KEYS.token),
      recentSwitches: readList(storage.get(STORAGE_KEYS.recentSwitches)),
      switchedTo: tabStorage.get(STORAGE_KEYS.switchedTo),
      ssoKey: ssoKeyOf(window.location.pathname),
    },
    // The statechart workbench's live view follows it (and its idle and switch children).
    inspect: liveInspect,
  });
  // The token and recent switches are kept for the browser, the switch for this tab.
  session.subscribe((s) => {
    storage.set(STORAGE_KEYS.token, s.context.token);
    storage.set(STORAGE_KEYS.recentSwitches, JSON.stringify(s.context.recentSwitches));
    if (!s.hasTag('loading')) tabStorage.set(STORAGE_KEYS.switchedTo, s.context.switchedTo);
  });
  session.on('navigate', (e) => navigate(e.to, { replace: true }));
  session.on('leave', (e) => window.location.assign(e.to));
  session.on('notAuthorized', (e) => toast('error', e.message));
  session.on('switchRefused', (e) => toast('error', e.message));
  session.start();
  return { api, session };
}

function readList(json: string | null): string[] {
  try {
    const list: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(list) ? list.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}

export const SessionContext = createContext<{ api: ApiClient; session: SessionActor } | null>(null);

function useSessionContext() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('SessionContext is missing');
  return value;
}

export const useSessionActor = () => useSessionContext().session;
export function useSessionSelector<T>(select: (s: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), select);
}
/** The signed-in user (the switched-into user when switched). */
export const useCurrentUser = () => useSessionSelector((s) => s.context.auth?.user ?? null);
