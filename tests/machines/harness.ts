import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyStateMachine,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';

/**
 * Path testing for a statechart, shared by every machine's test:
 * 1. walk the machine with `xstate/graph` over explicit event fixtures (invoked actors'
 *    done/error events and delayed events included, since a pure walk runs no actor);
 * 2. take the shortest path to every state, plus one path per adjacency edge the
 *    shortest paths miss, so every transition is taken;
 * 3. replay each path on a real actor whose invoked actors are deferred promises and
 *    whose timers run on a simulated clock, checking each step lands where the walk said.
 */

type Snap = SnapshotFrom<AnyStateMachine>;
export type Path = StatePath<Snap, EventObject>;

export interface GraphOptions<TInput> {
  machine: AnyStateMachine;
  input: TInput;
  /** Events to try in a state (fixtures): ordinary events, done/error events, after events. */
  events: (snapshot: Snap) => EventObject[];
  /** What makes two snapshots the same node: keep it small so the graph stays finite. */
  serialize: (snapshot: Snap) => string;
}

const key = (s: Snap, serialize: (s: Snap) => string) => serialize(s);

type Edge = { event: EventObject; state: Snap };
export function adjacency<TInput>(o: GraphOptions<TInput>): Record<string, { state: Snap; transitions: Record<string, Edge> }> {
  return getAdjacencyMap(o.machine, {
    input: o.input,
    events: o.events,
    serializeState: (s) => key(s as Snap, o.serialize),
  }) as never;
}

/** Shortest paths to every node, then extra paths so that every edge is taken once. */
export function coveringPaths<TInput>(o: GraphOptions<TInput>): { paths: Path[]; edges: number } {
  const shortest = getShortestPaths(o.machine, {
    input: o.input,
    events: o.events,
    serializeState: (s) => key(s as Snap, o.serialize),
  }) as Path[];
  const toNode = new Map(shortest.map((p) => [key(p.state, o.serialize), p]));
  const taken = new Set<string>();
  const edgeId = (from: string, e: EventObject, to: string) => `${from} --${JSON.stringify(e)}--> ${to}`;
  for (const p of shortest) {
    let prev: string | null = null;
    for (const step of p.steps) {
      const here = key(step.state, o.serialize);
      if (prev !== null) taken.add(edgeId(prev, step.event, here));
      prev = here;
    }
  }
  const paths = [...shortest];
  let edges = 0;
  for (const [from, value] of Object.entries(adjacency(o))) {
    for (const { event, state } of Object.values(value.transitions)) {
      edges++;
      const to = key(state as Snap, o.serialize);
      const id = edgeId(from, event as EventObject, to);
      if (taken.has(id)) continue;
      const base = toNode.get(from);
      if (!base) continue;
      paths.push({ state: state as Snap, weight: base.weight + 1, steps: [...base.steps, { event: event as EventObject, state: state as Snap }] });
      taken.add(id);
    }
  }
  return { paths, edges };
}

/**
 * Every leaf state node id of a machine: what "every state reached" means. With
 * restingOnly, transient states (an unguarded `always`) are left out: no walk rests there.
 */
export function leafStateIds(machine: AnyStateMachine, opts: { restingOnly?: boolean } = {}): string[] {
  const ids: string[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    const children = Object.values(node.states);
    const transient = (node.always ?? []).some((t) => !t.guard);
    if (children.length === 0 && !(opts.restingOnly && transient)) ids.push(node.id);
    children.forEach((c) => walk(c as AnyStateMachine['root']));
  };
  walk(machine.root);
  return ids;
}

/** The leaf state node ids a snapshot is in. */
export function activeLeafIds(snapshot: Snap): string[] {
  return [...snapshot._nodes].filter((n) => Object.keys(n.states).length === 0).map((n) => n.id);
}

/**
 * Replay a path on a real actor. Invoked actors wait on deferred promises that the
 * path's done/error events settle; delayed events advance a simulated clock.
 */
export async function replay<TInput>(
  machine: AnyStateMachine,
  input: TInput,
  path: Path,
  serialize: (s: Snap) => string,
  actorIds: readonly string[],
): Promise<void> {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const actors = Object.fromEntries(
    actorIds.map((id) => [
      id,
      fromPromise(() => new Promise((resolve, reject) => pending.set(id, { resolve, reject }))),
    ]),
  );
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors }), { input, clock });
  actor.start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  for (const step of path.steps) {
    const e = step.event;
    const done = /^xstate\.done\.actor\.(.+)$/.exec(e.type);
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(e.type);
    const after = /^xstate\.after\.(\w+)\./.exec(e.type);
    if (e.type === 'xstate.init') {
      // the walk's first step is the initial state
    } else if (done || failed) {
      const id = (done ?? failed)![1];
      const waiting = pending.get(id);
      if (!waiting) throw new Error(`step ${e.type}: actor ${id} is not running`);
      pending.delete(id);
      if (done) waiting.resolve((e as EventObject & { output: unknown }).output);
      else waiting.reject((e as EventObject & { error: unknown }).error ?? new Error('failed'));
      await settle();
    } else if (after) {
      const ms = machine.implementations.delays[after[1]] as number | undefined;
      clock.increment(typeof ms === 'number' ? ms : Number(after[1]));
      await settle();
    } else {
      actor.send(e);
      await settle();
    }
    const got = serialize(actor.getSnapshot());
    const want = serialize(step.state);
    if (got !== want) throw new Error(`after ${e.type}: expected ${want}, got ${got}`);
  }
  actor.stop();
}

/**
 * Declared transitions that no edge of the walk takes: every `on`, `after` and
 * done/error candidate, each guarded candidate and its fallback counted apart (so both
 * sides of a guard must be taken). Eventless (`always`) candidates count as taken when
 * their target is reached from their source.
 */
export function untakenTransitions<TInput>(o: GraphOptions<TInput>): string[] {
  const declared = new Map<object, string>();
  const always: Array<{ label: string; source: string; targets: string[] }> = [];
  const walk = (node: AnyStateMachine['root']) => {
    for (const [eventType, defs] of node.transitions) {
      defs.forEach((d, i) => declared.set(d, `${node.id} on ${eventType} #${i + 1}${d.guard ? ' (guarded)' : ''}`));
    }
    (node.always ?? []).forEach((d, i) =>
      always.push({ label: `${node.id} always #${i + 1}`, source: node.id, targets: (d.target ?? []).map((t) => t.id) }),
    );
    Object.values(node.states).forEach((c) => walk(c as AnyStateMachine['root']));
  };
  walk(o.machine.root);
  const taken = new Set<object>();
  const reachedAfter = new Set<string>();
  for (const value of Object.values(adjacency(o))) {
    for (const { event, state } of Object.values(value.transitions)) {
      for (const t of o.machine.getTransitionData(value.state as never, event as never)) taken.add(t);
      for (const n of (state as Snap)._nodes) reachedAfter.add(n.id);
    }
  }
  const missing = [...declared].filter(([d]) => !taken.has(d)).map(([, label]) => label);
  // An eventless candidate is taken when its target is ever entered (its source is transient).
  for (const a of always) if (a.targets.length && !a.targets.every((t) => reachedAfter.has(t))) missing.push(a.label);
  return missing;
}
