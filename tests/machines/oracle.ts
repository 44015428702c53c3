import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

/**
 * The oracle of a machine's path tests, written by hand beside its test: what every state
 * at rest must look like (tags, context), which events it takes and where each leads, and
 * what the machine emits on the way. The harness checks every step of every generated
 * path against it, so a path test no longer replays the machine against itself.
 */
export type Snap = SnapshotFrom<AnyStateMachine>;

/** Where an event leads: a state key, or one computed from the event and the state before. */
export type Target = string | ((event: EventObject, before: Snap) => string);

export interface StateSpec {
  /** Exactly the tags the state carries (what the views ask). */
  tags: string[];
  /**
   * Every event the state takes, and where it leads. User events by type; invoked
   * actors as `done:<id>` / `error:<id>`; delays as `after:<delay>`. The user events
   * here are exactly those `snapshot.can` accepts.
   */
  on: Record<string, Target> | ((s: Snap) => Record<string, Target>);
  /** Context facts that must hold at rest here, each with a label for the failure. */
  context?: Record<string, (s: Snap) => boolean>;
}

export interface Oracle {
  /** The resting state's key, e.g. `signedOut.locked` (parallel regions joined by `+`). */
  key(s: Snap): string;
  states: Record<string, StateSpec>;
  /** Events every state takes without moving (e.g. a token refresh). */
  anywhere?: string[];
  /** The events the machine must emit on this step. */
  emits(event: EventObject, before: Snap, after: Snap): EventObject[];
  /** Where the machine rests after starting with this input, and what must hold there; [] when all hold. */
  startFaults?(input: unknown, s: Snap): string[];
  /** Facts of one step beyond its target (e.g. why a logout started); [] when all hold. */
  stepFaults?(event: EventObject, before: Snap, after: Snap): string[];
  /**
   * What an invoked actor started on this step (`id`) must be given, by hand from the
   * state it started in (`s`); [] when its input is right. A machine whose actors call the
   * server says here what each call sends.
   */
  callFaults?(id: string, input: unknown, s: Snap): string[];
}

const onOf = (spec: StateSpec, s: Snap) => (typeof spec.on === 'function' ? spec.on(s) : spec.on);

/** The dotted leaf paths of a state value: { signedIn: 'self' } → 'signedIn.self'. */
export function leafKey(value: unknown): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.map(([k, v]) => (v && (typeof v === 'string' || Object.keys(v).length) ? `${k}.${leafKey(v)}` : k)).join('+');
}

/** The oracle's name for an event: its type, or `done:<id>`, `error:<id>`, `after:<delay>`. */
export function eventKey(e: EventObject): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(e.type);
  if (actor) return `${actor[1]}:${actor[2]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(e.type);
  if (after) return `after:${after[1]}`;
  return e.type;
}

export const isUserEvent = (e: EventObject): boolean => !e.type.startsWith('xstate.');

/** What is wrong with a state at rest, per the oracle ([] when it is as expected). */
export function stateFaults(oracle: Oracle, s: Snap, userEvents: readonly EventObject[]): string[] {
  const key = oracle.key(s);
  const spec = oracle.states[key];
  if (!spec) return [`no expectation for state ${key}`];
  const faults: string[] = [];
  const tags = [...s.tags].sort();
  if (JSON.stringify(tags) !== JSON.stringify([...spec.tags].sort())) faults.push(`${key}: tags ${JSON.stringify(tags)}, expected ${JSON.stringify(spec.tags)}`);
  const taken = new Set(userEvents.filter((e) => s.can(e)).map((e) => e.type));
  const expected = new Set([...Object.keys(onOf(spec, s)).filter((k) => !k.includes(':')), ...(oracle.anywhere ?? [])]);
  const extra = [...taken].filter((t) => !expected.has(t));
  const missing = [...expected].filter((t) => !taken.has(t) && userEvents.some((e) => e.type === t));
  if (extra.length) faults.push(`${key}: takes ${extra.join(', ')}, not expected`);
  if (missing.length) faults.push(`${key}: refuses ${missing.join(', ')}`);
  for (const [label, holds] of Object.entries(spec.context ?? {})) if (!holds(s)) faults.push(`${key}: ${label}`);
  return faults;
}

/** Where the oracle says this event leads from this state. */
export function expectedTarget(oracle: Oracle, before: Snap, event: EventObject): string {
  const key = oracle.key(before);
  const spec = oracle.states[key];
  const target = spec ? onOf(spec, before)[eventKey(event)] : undefined;
  if (target === undefined) {
    if (oracle.anywhere?.includes(event.type)) return key;
    throw new Error(`${key} does not expect ${eventKey(event)}`);
  }
  return typeof target === 'function' ? target(event, before) : target;
}
