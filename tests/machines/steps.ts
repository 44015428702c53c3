import type { EventObject } from 'xstate';
import type { Path, PathSpec } from './harness';
import { eventKey, type Oracle, type Snap } from './oracle';

/**
 * Generated paths as a tester reads them: "given …, when …, then …", each state with the
 * oracle's expectations for it (tags, and the context facts checked there). The same
 * paths and the same expectations the path tests replay (npm run machines:paths).
 */

export interface ReadableStep {
  when: string;
  event: EventObject;
  then: string;
  tags: string[];
  checks: string[];
}

export interface ReadablePath {
  scenario: string;
  given: string;
  reaches: string;
  steps: ReadableStep[];
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** An actor's answer in words: an Outcome reads as accepted or refused with its message. */
function answer(output: unknown): string {
  if (output === null || output === undefined) return 'nothing';
  const o = output as { ok?: boolean; message?: string; code?: string; auth?: { user?: { email?: string; role?: string } } };
  if (o.ok === false) return `refused: "${o.message}"${o.code ? ` (${o.code})` : ''}`;
  const who = o.auth?.user ? ` for ${o.auth.user.email} (${o.auth.user.role})` : '';
  if (o.ok === true) return `ok${who}`;
  return who ? `a session${who}` : short(output);
}

/** An event in words: the spec's own words, else its kind and payload. */
export function eventInWords(spec: PathSpec, e: EventObject): string {
  const own = spec.describeEvent?.(e);
  if (own) return own;
  const key = eventKey(e);
  const [kind, id] = key.split(':');
  if (kind === 'done' && id) return `${id} answers ${answer((e as EventObject & { output: unknown }).output)}`;
  if (kind === 'error' && id) return `${id} fails (the server cannot be reached)`;
  if (kind === 'after' && id) {
    const ms = spec.machine.implementations.delays[id];
    return typeof ms === 'number' ? `${ms / 1000} s pass (${id})` : `${id} passes`;
  }
  const { type, ...payload } = e;
  return Object.keys(payload).length ? `${type} ${short(payload)}` : type;
}

function stateInWords(oracle: Oracle, s: Snap): Pick<ReadableStep, 'then' | 'tags' | 'checks'> {
  const key = oracle.key(s);
  const expected = oracle.states[key];
  return { then: key, tags: expected?.tags ?? [], checks: Object.keys(expected?.context ?? {}) };
}

export function readable(spec: PathSpec, scenario: string, path: Path, oracle: Oracle = spec.oracle): ReadablePath {
  const [first, ...rest] = path.steps;
  const start = stateInWords(oracle, first.state);
  return {
    scenario,
    given: start.then,
    reaches: oracle.key(path.state),
    steps: rest.map((step) => ({ when: eventInWords(spec, step.event), event: step.event, ...stateInWords(oracle, step.state) })),
  };
}

/** One path as text. */
export function pathText(p: ReadablePath, n: number): string {
  const lines = [`Path ${n} (${p.scenario}) → ${p.reaches}`, `  given ${p.given}`];
  for (const s of p.steps) {
    lines.push(`  when ${s.when}`);
    lines.push(`    then ${s.then}${s.tags.length ? ` [${s.tags.map((t) => `#${t}`).join(' ')}]` : ''}`);
    for (const c of s.checks) lines.push(`      ✓ ${c}`);
  }
  return lines.join('\n');
}
