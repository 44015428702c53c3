import type { AnyStateMachine } from 'xstate';

/**
 * A statechart as the workbench draws it: every state node (nesting, kind, tags, entry and
 * exit actions, invoked actors) and every declared transition (event, guard, actions by
 * name, delay), read from the real machine. Plain data: the diagram viewer, the book
 * (npm run machines:book), the Mermaid export and the tests all start from it.
 */

export type ChartStateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The state node's id, e.g. `session.signedOut.locked`. */
  id: string;
  key: string;
  parent: string | null;
  type: ChartStateType;
  /** Is it its parent's initial state (parallel regions all start). */
  initial: boolean;
  children: string[];
  tags: string[];
  entry: string[];
  exit: string[];
  /** Invoked actors, as `id` (and `src` when different). */
  invoke: string[];
  description: string | null;
}

export type ChartEventKind = 'event' | 'after' | 'done' | 'error' | 'always' | 'stateDone';

export interface ChartTransition {
  /** Stable id: `<source> on <event type> #<n>` (n counts the event's candidates from 1). */
  id: string;
  source: string;
  /** Target state ids; [] for a transition that only runs actions. */
  targets: string[];
  kind: ChartEventKind;
  /** The raw event type (`xstate.after.second.idle.warning.counting`, `LOGIN`, ''). */
  eventType: string;
  /** The event as a reader says it: `LOGIN`, `after 840 s`, `done: signIn`, `always`. */
  event: string;
  guard: string | null;
  actions: string[];
  delayMs: number | null;
  reenter: boolean;
}

export interface Chart {
  id: string;
  /** The root state node (its id is the machine's id). */
  root: string;
  states: Record<string, ChartState>;
  /** In document order: state by state, depth first. */
  order: string[];
  transitions: ChartTransition[];
}

type Node = AnyStateMachine['root'];
type Def = {
  eventType: string;
  target?: ReadonlyArray<{ id: string }>;
  guard?: unknown;
  actions?: readonly unknown[];
  reenter?: boolean;
  delay?: unknown;
};

/** The name of a guard: `name`, `name(params)` is not shown, `!name` for not(), `a && b`. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { type?: string; guards?: unknown[]; name?: string };
    if (g.type === 'xstate.not' && g.guards) return `!${guardName(g.guards[0])}`;
    if (g.type === 'xstate.and' && g.guards) return g.guards.map(guardName).join(' && ');
    if (g.type === 'xstate.or' && g.guards) return g.guards.map(guardName).join(' || ');
    if (g.type === 'xstate.stateIn') return 'in state';
    return g.name || 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in (guard as object)) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** The name of an action: its implementation's name; built-ins read as what they do. */
export function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const a = action as { type?: string; name?: string; id?: string; sendId?: string };
    // The timers of `after` are started and cancelled by the machine itself: not the designer's.
    if ((a.type === 'xstate.raise' || a.type === 'xstate.cancel') && String(a.id ?? a.sendId ?? '').startsWith('xstate.after.')) return null;
    if (a.type?.startsWith('xstate.')) return a.type.slice('xstate.'.length);
    return a.name || 'inline action';
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return null;
}

const names = (actions: readonly unknown[] | undefined) =>
  (actions ?? []).map(actionName).filter((n): n is string => n !== null);

/** Seconds or milliseconds as people read them: `840 s`, `1.5 s`, `250 ms`. */
export function formatDelay(ms: number): string {
  if (ms >= 1000) return `${ms / 1000} s`;
  return `${ms} ms`;
}

function describeEvent(eventType: string, def: Def, machine: AnyStateMachine): Pick<ChartTransition, 'kind' | 'event' | 'delayMs'> {
  if (eventType === '') return { kind: 'always', event: 'always', delayMs: null };
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) {
    const delay = def.delay ?? after[1];
    const configured = typeof delay === 'string' ? machine.implementations.delays[delay] : delay;
    const ms = typeof configured === 'number' ? configured : Number(delay);
    return Number.isFinite(ms)
      ? { kind: 'after', event: `after ${formatDelay(ms)}`, delayMs: ms }
      : { kind: 'after', event: `after ${String(delay)}`, delayMs: null };
  }
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return { kind: actor[1] as 'done' | 'error', event: `${actor[1]}: ${actor[2]}`, delayMs: null };
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'stateDone', event: 'done', delayMs: null };
  return { kind: 'event', event: eventType, delayMs: null };
}

/** Read a machine into a chart. */
export function chartOf(machine: AnyStateMachine): Chart {
  const states: Record<string, ChartState> = {};
  const order: string[] = [];
  const transitions: ChartTransition[] = [];
  const walk = (node: Node, parent: Node | null) => {
    const children = Object.values(node.states) as Node[];
    states[node.id] = {
      id: node.id,
      key: node.key,
      parent: parent?.id ?? null,
      type: node.type as ChartStateType,
      initial: parent === null ? true : parent.type === 'parallel' || ((parent.initial?.target ?? []) as ReadonlyArray<{ id: string }>).some((t) => t.id === node.id),
      children: children.map((c) => c.id),
      tags: [...node.tags],
      entry: names(node.entry as unknown[]),
      exit: names(node.exit as unknown[]),
      invoke: node.invoke.map((i: { id: string; src: unknown }) => (typeof i.src === 'string' && i.src !== i.id ? `${i.id} (${i.src})` : i.id)),
      description: node.description ?? null,
    };
    order.push(node.id);
    const add = (eventType: string, defs: readonly Def[]) =>
      defs.forEach((def, i) => {
        transitions.push({
          id: `${node.id} on ${eventType || 'always'} #${i + 1}`,
          source: node.id,
          targets: (def.target ?? []).map((t) => t.id),
          eventType,
          ...describeEvent(eventType, def, machine),
          guard: guardName(def.guard),
          actions: names(def.actions),
          reenter: !!def.reenter,
        });
      });
    for (const [eventType, defs] of node.transitions as Map<string, Def[]>) add(eventType, defs);
    add('', (node.always ?? []) as Def[]);
    children.forEach((c) => walk(c, node));
  };
  walk(machine.root, null);
  return { id: machine.id, root: machine.root.id, states, order, transitions };
}

/** A transition's label: `LOGIN [profileComplete] / clearFormErrors, navigate`. */
export function transitionLabel(t: Pick<ChartTransition, 'event' | 'guard' | 'actions'>): string {
  return `${t.event}${t.guard ? ` [${t.guard}]` : ''}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`;
}

/** The states a state brings with it when entered: itself, and its initial descendants (every region of a parallel one). */
export function entered(chart: Chart, id: string): string[] {
  const s = chart.states[id];
  if (s.type === 'compound') {
    const first = s.children.find((c) => chart.states[c].initial);
    return [id, ...(first ? entered(chart, first) : [])];
  }
  if (s.type === 'parallel') return [id, ...s.children.flatMap((c) => entered(chart, c))];
  return [id];
}

/** A state and its ancestors up to (without) the root. */
export function lineage(chart: Chart, id: string): string[] {
  const out: string[] = [];
  for (let at: string | null = id; at !== null && at !== chart.root; at = chart.states[at].parent) out.push(at);
  return out;
}

/** The active states once `id` is entered: its ancestors, itself and what it brings. */
export function configurationAt(chart: Chart, id: string): string[] {
  return [...new Set([...lineage(chart, id).reverse(), ...entered(chart, id)])];
}

export interface ChartStep {
  transition: ChartTransition;
  /** Active states after the step. */
  active: string[];
}

/**
 * The fewest transitions from the start to a state, read from the drawing: guards are
 * taken as labelled (each candidate is a way), context is not evaluated. Each state at
 * rest is its atomic states; a transition applies where its source is active.
 */
export function shortestPathTo(chart: Chart, goal: string): { start: string[]; steps: ChartStep[] } | null {
  const start = entered(chart, chart.root).filter((id) => id !== chart.root);
  const keyOf = (active: string[]) => active.filter((id) => chart.states[id].children.length === 0).sort().join('|');
  const seen = new Map<string, { prev: string | null; step: ChartStep | null; active: string[] }>();
  seen.set(keyOf(start), { prev: null, step: null, active: start });
  const queue = [keyOf(start)];
  const bySource = new Map<string, ChartTransition[]>();
  for (const t of chart.transitions) bySource.set(t.source, [...(bySource.get(t.source) ?? []), t]);
  while (queue.length) {
    const k = queue.shift()!;
    const { active } = seen.get(k)!;
    if (active.includes(goal)) {
      const steps: ChartStep[] = [];
      for (let at: string | null = k; at !== null; at = seen.get(at)!.prev) {
        const step = seen.get(at)!.step;
        if (step) steps.unshift(step);
      }
      return { start, steps };
    }
    for (const source of active) {
      for (const t of bySource.get(source) ?? []) {
        if (t.targets.length === 0) continue;
        const next = applyTransition(chart, active, t);
        const nk = keyOf(next);
        if (!seen.has(nk)) {
          seen.set(nk, { prev: k, step: { transition: t, active: next }, active: next });
          queue.push(nk);
        }
      }
    }
  }
  return null;
}

/** The active states after a transition: its source's scope is left, its targets entered. */
export function applyTransition(chart: Chart, active: string[], t: ChartTransition): string[] {
  // Leave the smallest state that holds the source and strictly holds every target.
  const chain = (id: string) => [...lineage(chart, id), chart.root];
  const domain = chain(t.source).find((a) => t.targets.every((target) => target !== a && chain(target).includes(a))) ?? chart.root;
  const inside = (id: string) => id !== domain && chain(id).includes(domain);
  const kept = active.filter((id) => !inside(id));
  const added = t.targets.flatMap((target) => configurationAt(chart, target).filter(inside));
  // A parallel state keeps its other regions.
  const all = [...new Set([...kept, ...added])];
  const filled = all.flatMap((id) => {
    const s = chart.states[id];
    if (s.type !== 'parallel') return [id];
    return s.children.filter((r) => !all.includes(r)).flatMap((r) => entered(chart, r));
  });
  return [...new Set([...all, ...filled])];
}
