import type { AnyActorRef, InspectionEvent } from 'xstate';

/**
 * The running statechart actors of this tab, for the workbench's live view (/machines).
 * An actor joins by being created with this inspector — `createActor(machine, { inspect:
 * liveInspect })`, or `useActorRef(machine, { inspect: liveInspect })` in a view — and
 * its invoked machines (the session's idle timer and switch-user) come with it. An actor
 * leaves when it stops or finishes. Tiny on purpose: the session imports it at start.
 */

export interface LiveActor {
  /** The actor's session id in its system (unique in the tab). */
  id: string;
  /** The id of its machine, as in machines/index.ts's charts (`session`, `idle`). */
  machine: string;
  /** Ids of its active state nodes. */
  active: string[];
  ref: AnyActorRef;
}

const actors = new Map<string, LiveActor>();
const listeners = new Set<() => void>();
let list: LiveActor[] = [];

function changed() {
  list = [...actors.values()];
  listeners.forEach((l) => l());
}

/** The inspector to pass to createActor / useActorRef. */
export function liveInspect(e: InspectionEvent): void {
  if (e.type !== '@xstate.snapshot') return;
  const ref = e.actorRef as AnyActorRef;
  const logic = (ref as unknown as { logic?: { root?: { id: string } } }).logic;
  if (!logic?.root) return; // a promise or callback actor: nothing to draw
  const snap = e.snapshot as { status: string; _nodes?: Array<{ id: string }> };
  if (snap.status !== 'active') {
    if (actors.delete(ref.sessionId)) changed();
    return;
  }
  actors.set(ref.sessionId, { id: ref.sessionId, machine: logic.root.id, active: (snap._nodes ?? []).map((n) => n.id), ref });
  changed();
}

/** For useSyncExternalStore. */
export function subscribeLive(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const liveActors = (): LiveActor[] => list;
