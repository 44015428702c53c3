import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Actor, AnyActorLogic, AnyStateMachine, EmittedFrom, InputFrom, SnapshotFrom } from 'xstate';
import type { ApiClient } from '../../api/client';
import { useApi } from '../../api/context';
import { liveInspect } from './live-actors';

/** A machine's `*.actors.ts` factory: its invoked actors over the API client. */
type ActorsOf = (api: ApiClient) => Record<string, AnyActorLogic>;

/**
 * The one way a view runs a statechart: the machine with its real actors (from the API
 * client of the session), one actor for the life of the component, started after mount and
 * stopped on unmount by @xstate/react's `useActorRef` (which keeps it whole across
 * StrictMode's second mount), and listed on the workbench's live view (/machines).
 * Returns the snapshot (re-rendering on each change), `send`, and the actor for `useEmitted`.
 * The input is read once, when the actor is made: key the component to start another.
 */
export function useMachine<M extends AnyStateMachine>(machine: M, actors: ActorsOf, input: InputFrom<M>) {
  const api = useApi();
  const logic = useMemo(() => machine.provide({ actors: actors(api) }) as M, [machine, actors, api]);
  const ref: Actor<M> = useActorRef(logic, { input, inspect: liveInspect });
  const snap = useSelector(ref, (s) => s) as SnapshotFrom<M>;
  return { snap, send: ref.send, ref };
}

/**
 * Listens to one event the actor emits while the component is mounted; the latest handler
 * is called (so it may close over props) without subscribing again.
 */
export function useEmitted<M extends AnyStateMachine, T extends EmittedFrom<M>['type']>(
  ref: Actor<M>,
  type: T,
  handler: (event: Extract<EmittedFrom<M>, { type: T }>) => void,
): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const sub = ref.on(type, (e) => latest.current(e as Extract<EmittedFrom<M>, { type: T }>));
    return () => sub.unsubscribe();
  }, [ref, type]);
}
