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
import { appClock } from './app-clock';
import { toast } from '../ui/toast';
import { STORAGE_KEYS, storage, tabStorage } from '../ui/storage';
import { listenToOtherTabs } from './tabs';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * One API client and one running session machine for the page. The client feeds the
 * machine (fresh tokens, 401, 403); the machine decides what the session is and where
 * the browser goes (its `navigate` events); this file only carries them out.
 *
 * The token is the browser's, not the tab's (tabs.ts): requests send the stored one, a
 * rotated token is stored at once for every tab, and a 401 on a token another tab has
 * since replaced is not a lost session: the tab takes the stored token instead.
 */
export function startSession(): { api: ApiClient; session: SessionActor } {
  let session: SessionActor | null = null;
  const tabToken = () => session?.getSnapshot().context.token ?? null;
  const api = createApiClient({
    getToken: () => storage.get(STORAGE_KEYS.token) ?? tabToken(),
    setToken: (token) => {
      // A session's new token is shared at once; a sign-in's is stored when the machine takes it.
      if (tabToken() !== null) storage.set(STORAGE_KEYS.token, token);
      session?.send({ type: 'TOKEN_REFRESHED', token });
    },
    getSwitchUser: () => session?.getSnapshot().context.switchedTo ?? null,
    onSessionLost: (sent) => {
      const stored = storage.get(STORAGE_KEYS.token);
      if (stored && stored !== sent) session?.send({ type: 'TOKEN_REFRESHED', token: stored });
      else session?.send({ type: 'SESSION_LOST' });
    },
    onForbidden: (message) => session?.send({ type: 'NOT_AUTHORIZED', message }),
    onBusy: (n) => busyStore.set(n),
    onServerTime: (ms) => appClock.follow(ms),
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
  // The token and recent switches are kept for the browser, the switch for this tab. The
  // token is written when this tab's session changes it (signed in, out, rotated), never
  // rewritten from an older copy over what another tab stored.
  let written = session.getSnapshot().context.token;
  session.subscribe((s) => {
    if (s.context.token !== written) storage.set(STORAGE_KEYS.token, (written = s.context.token));
    storage.set(STORAGE_KEYS.recentSwitches, JSON.stringify(s.context.recentSwitches));
    if (!s.hasTag('loading')) tabStorage.set(STORAGE_KEYS.switchedTo, s.context.switchedTo);
  });
  session.on('navigate', (e) => navigate(e.to, { replace: true }));
  session.on('leave', (e) => window.location.assign(e.to));
  session.on('notAuthorized', (e) => toast('error', e.message));
  session.on('switchRefused', (e) => toast('error', e.message));
  session.on('loginFailed', (e) => toast('warning', e.message));
  listenToOtherTabs({
    tokenChanged: (token) => {
      const s = session.getSnapshot();
      written = token;
      if (token === null) session.send({ type: 'SIGNED_OUT_ELSEWHERE' });
      else if (s.context.token === null) session.send({ type: 'SIGNED_IN_ELSEWHERE', token });
      else session.send({ type: 'TOKEN_REFRESHED', token });
    },
    activity: () => {
      if (session.getSnapshot().can({ type: 'ACTIVITY' })) session.send({ type: 'ACTIVITY' });
    },
    keepWorking: () => {
      if (session.getSnapshot().can({ type: 'KEEP_WORKING' })) session.send({ type: 'KEEP_WORKING' });
    },
  });
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
