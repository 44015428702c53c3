import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyStateMachine,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import { recorder } from './coverage';
import { expectedTarget, stateFaults, type Oracle } from './oracle';

/**
 * Path testing for a statechart, shared by every machine's test:
 * 1. walk the machine with `xstate/graph` over explicit event fixtures: each state is
 *    offered only the user events it can take (`snapshot.can`), plus its invoked
 *    actors' done/error events and its delayed events (a pure walk runs no actor);
 * 2. take the shortest path to every state, plus one path per adjacency edge the
 *    shortest paths miss, so every transition is taken;
 * 3. replay each path on a real actor whose invoked actors are deferred promises and
 *    whose timers run on a simulated clock, checking every step against the machine's
 *    hand-written oracle (oracle.ts): target, tags, events taken, context, emitted events,
 *    and what each invoked actor was given.
 *
 * A machine's path tests are described once, in `tests/machines/<name>.paths.ts` (the
 * name it has in machines/index.ts), exporting `spec: PathSpec`: its scenarios (input,
 * event fixtures, actor answers, what makes a node), its oracle and its invoked actor ids.
 * Its test file replays `generatedPaths(spec)`; `npm run machines:paths -- <name>` prints
 * and writes the very same paths with the oracle's expectations. Every `replay` feeds
 * the coverage report (coverage.ts), so a new machine is counted by using this harness.
 */

type Snap = SnapshotFrom<AnyStateMachine>;
export type Path = StatePath<Snap, EventObject>;

export interface GraphOptions<TInput> {
  machine: AnyStateMachine;
  input: TInput;
  /** The user events to try (fixtures); a state is offered those it can take. */
  userEvents: readonly EventObject[];
  /** Done/error events of the actors running in a state, and its delayed events. */
  actorEvents: (snapshot: Snap) => EventObject[];
  /** What makes two snapshots the same node: keep it small so the graph stays finite. */
  serialize: (snapshot: Snap) => string;
}

const key = (s: Snap, serialize: (s: Snap) => string) => serialize(s);

/** The events offered to a state: user events it can take, then its actors' and timers'. */
export const offered = <T,>(o: GraphOptions<T>) => (s: Snap): EventObject[] => [
  ...o.userEvents.filter((e) => s.can(e)),
  ...o.actorEvents(s),
];

type Edge = { event: EventObject; state: Snap };
export function adjacency<TInput>(o: GraphOptions<TInput>): Record<string, { state: Snap; transitions: Record<string, Edge> }> {
  return getAdjacencyMap(o.machine, {
    input: o.input,
    events: offered(o),
    serializeState: (s) => key(s as Snap, o.serialize),
  }) as never;
}

/** A value computed on first use, then kept (a graph built inside the tests that share it). */
export function once<T>(make: () => T): () => T {
  let value: { v: T } | null = null;
  return () => (value ??= { v: make() }).v;
}

/** Shortest paths to every node, then extra paths so that every edge is taken once. */
export function coveringPaths<TInput>(o: GraphOptions<TInput>): { paths: Path[]; edges: number } {
  const shortest = getShortestPaths(o.machine, {
    input: o.input,
    events: offered(o),
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
  // A path that is the start of another is checked step by step as part of it. (A set of
  // every path's proper starts: comparing each path with every other took the wizard's
  // path tests 22 s of their 39.)
  const events = paths.map((p) => p.steps.map((st) => JSON.stringify(st.event)));
  const starts = new Set(events.flatMap((e) => e.slice(1).map((_, k) => e.slice(0, k + 1).join('\n'))));
  const kept = paths.filter((_, i) => !starts.has(events[i].join('\n')));
  return { paths: kept, edges };
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
 * Replay a path on a real actor and check every step against the oracle. Invoked actors
 * wait on deferred promises that the path's done/error events settle; delayed events
 * advance a simulated clock.
 */
export async function replay<TInput>(o: GraphOptions<TInput>, oracle: Oracle, path: Path, actorIds: readonly string[]): Promise<void> {
  const pending: Pending = new Map();
  const started: Started = [];
  const actors = Object.fromEntries(
    actorIds.map((id) => [
      id,
      fromPromise(({ input }) => {
        started.push({ id, input });
        return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
      }),
    ]),
  );
  const clock = new SimulatedClock();
  const coverage = recorder(o.machine);
  const actor = createActor(o.machine.provide({ actors }), { input: o.input, clock, inspect: coverage.inspect });
  try {
    await follow(o, oracle, path, actor, { pending, started }, clock);
  } finally {
    actor.stop();
    coverage.flush();
  }
}

/** The invoked actors waiting for the path to settle them, by id. */
type Pending = Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>;
/** The invoked actors started since the last step, with what they were given. */
type Started = Array<{ id: string; input: unknown }>;

async function follow<TInput>(
  o: GraphOptions<TInput>,
  oracle: Oracle,
  path: Path,
  actor: ReturnType<typeof createActor<AnyStateMachine>>,
  { pending, started }: { pending: Pending; started: Started },
  clock: SimulatedClock,
): Promise<void> {
  const emitted: EventObject[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  // Settled promises reach the actor within a few microtasks; no timer is needed.
  const settle = async () => {
    for (let k = 0; k < 10; k++) await Promise.resolve();
  };
  const where = (i: number, e: EventObject) => `step ${i} (${e.type}) of [${path.steps.map((s) => s.event.type).join(' → ')}]`;
  for (const [i, step] of path.steps.entries()) {
    const e = step.event;
    const before = actor.getSnapshot();
    emitted.length = 0;
    const done = /^xstate\.done\.actor\.(.+)$/.exec(e.type);
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(e.type);
    const after = /^xstate\.after\.(\w+)\./.exec(e.type);
    if (e.type === 'xstate.init') {
      // the walk's first step is the initial state
    } else if (done || failed) {
      const id = (done ?? failed)![1];
      const waiting = pending.get(id);
      if (!waiting) throw new Error(`${where(i, e)}: actor ${id} is not running`);
      pending.delete(id);
      if (done) waiting.resolve((e as EventObject & { output: unknown }).output);
      else waiting.reject((e as EventObject & { error: unknown }).error ?? new Error('failed'));
      await settle();
    } else if (after) {
      const ms = o.machine.implementations.delays[after[1]] as number | undefined;
      clock.increment(typeof ms === 'number' ? ms : Number(after[1]));
      await settle();
    } else {
      actor.send(e);
      await settle();
    }
    const now = actor.getSnapshot();
    const got = o.serialize(now);
    const want = o.serialize(step.state);
    if (got !== want) throw new Error(`${where(i, e)}: the walk expected ${want}, the actor is in ${got}`);
    const faults = stateFaults(oracle, now, o.userEvents);
    for (const call of started.splice(0)) faults.push(...(oracle.callFaults?.(call.id, call.input, now) ?? []));
    if (e.type === 'xstate.init') faults.push(...(oracle.startFaults?.(o.input, now) ?? []));
    else {
      const target = expectedTarget(oracle, before, e);
      if (oracle.key(now) !== target) faults.push(`from ${oracle.key(before)} expected ${target}, got ${oracle.key(now)}`);
      faults.push(...(oracle.stepFaults?.(e, before, now) ?? []));
      const expected = oracle.emits(e, before, now);
      if (JSON.stringify(emitted) !== JSON.stringify(expected))
        faults.push(`emitted ${JSON.stringify(emitted)}, expected ${JSON.stringify(expected)}`);
    }
    if (faults.length) throw new Error(`${where(i, e)}:\n  ${faults.join('\n  ')}`);
  }
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
    // The start counts too: an eventless transition may lead into the initial rest.
    for (const n of (value.state as Snap)._nodes) reachedAfter.add(n.id);
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

/** One machine's path tests: scenarios to walk, the oracle every step is checked against. */
export interface PathSpec {
  machine: AnyStateMachine;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  scenarios: ReadonlyArray<{ name: string; options: GraphOptions<any>; oracle?: Oracle }>;
  /** The oracle of every scenario that does not bring its own. */
  oracle: Oracle;
  /** Ids of the invoked actors, replaced by deferred promises while replaying. */
  actorIds: readonly string[];
  /** How an event reads in the printed steps, when the default (type and payload) does not say enough. */
  describeEvent?: (e: EventObject) => string | undefined;
}

/** The generated paths of every scenario of a spec: what the tests replay and the tester reads. */
export function generatedPaths(spec: PathSpec): Array<{ name: string; paths: Path[]; edges: number; oracle: Oracle }> {
  return spec.scenarios.map(({ name, options, oracle }) => ({ name, oracle: oracle ?? spec.oracle, ...coveringPaths(options) }));
}
