import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { chartOf } from '../../machines/workbench/chart';

/**
 * The machines' coverage recorder. The harness's `replay` hands every actor it runs an
 * inspector from `recorder(machine)`; each replayed path adds the states it was in and the
 * declared transitions it took (from the actor's own microsteps) to a file in
 * MACHINE_COVERAGE_DIR, one JSON line per path. tests/machines/coverage.setup.ts (vitest's
 * global setup) makes that folder, and at the end of the run prints, per machine, states
 * reached and transitions taken out of all, and fails the run when a machine is under 100 %.
 * Any path test that replays through the harness is counted; nothing else is needed.
 * Outside vitest (npm run machines:paths, Stryker) no folder is set and nothing is written.
 */

export const COVERAGE_DIR_ENV = 'MACHINE_COVERAGE_DIR';

interface Taken {
  machine: string;
  states: string[];
  transitions: string[];
}

type Def = object;
type Node = AnyStateMachine['root'];

/** The id a declared transition has in the chart: `<source> on <event> #n`. */
function transitionId(t: { source: Node; eventType: string }): string | null {
  const defs = (t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType)) as Def[] | undefined;
  const i = defs?.indexOf(t) ?? -1;
  return i < 0 ? null : `${t.source.id} on ${t.eventType || 'always'} #${i + 1}`;
}

/** An inspector for one replayed actor of `machine`, and `flush` to write what it saw. */
export function recorder(machine: AnyStateMachine): { inspect: (e: InspectionEvent) => void; flush: () => void } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const inspect = (e: InspectionEvent) => {
    // Only the machine itself: its invoked children report here too.
    if (e.actorRef.sessionId !== e.rootId) return;
    if (e.type === '@xstate.microstep' || e.type === '@xstate.snapshot') {
      for (const n of (e.snapshot as unknown as { _nodes: Node[] })._nodes ?? []) states.add(n.id);
    }
    if (e.type === '@xstate.microstep') {
      for (const t of e._transitions as unknown as Array<{ source: Node; eventType: string }>) {
        // The source was active when it was taken (a transient state shows only this way).
        states.add(t.source.id);
        const id = transitionId(t);
        if (id) transitions.add(id);
      }
    }
  };
  const flush = () => {
    const dir = process.env[COVERAGE_DIR_ENV];
    if (!dir) return;
    const line: Taken = { machine: machine.id, states: [...states], transitions: [...transitions] };
    appendFileSync(join(dir, `${process.pid}.jsonl`), `${JSON.stringify(line)}\n`);
  };
  return { inspect, flush };
}

export interface MachineCoverage {
  name: string;
  states: { reached: number; all: number; missing: string[] };
  transitions: { taken: number; all: number; missing: string[] };
  ran: boolean;
}

/** Coverage of every machine of the catalogue from the recorded lines. */
export function coverageOf(machines: Record<string, { machine: AnyStateMachine }>, dir: string): MachineCoverage[] {
  mkdirSync(dir, { recursive: true });
  const seen = new Map<string, { states: Set<string>; transitions: Set<string> }>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean)) {
      const t = JSON.parse(line) as Taken;
      const entry = seen.get(t.machine) ?? { states: new Set(), transitions: new Set() };
      t.states.forEach((s) => entry.states.add(s));
      t.transitions.forEach((s) => entry.transitions.add(s));
      seen.set(t.machine, entry);
    }
  }
  return Object.entries(machines).map(([name, { machine }]) => {
    const chart = chartOf(machine);
    const entry = seen.get(machine.id);
    const allStates = chart.order.filter((id) => id !== chart.root);
    const allTransitions = chart.transitions.map((t) => t.id);
    const missingStates = allStates.filter((s) => !entry?.states.has(s));
    const missingTransitions = allTransitions.filter((t) => !entry?.transitions.has(t));
    return {
      name,
      ran: !!entry,
      states: { reached: allStates.length - missingStates.length, all: allStates.length, missing: missingStates },
      transitions: { taken: allTransitions.length - missingTransitions.length, all: allTransitions.length, missing: missingTransitions },
    };
  });
}

const pct = (a: number, b: number) => (b === 0 ? 100 : Math.floor((a / b) * 1000) / 10);

/** The report as printed at the end of the test run. */
export function coverageTable(rows: MachineCoverage[]): string {
  const lines = ['Statechart coverage (states reached, transitions taken by the generated path tests):'];
  for (const r of rows) {
    if (!r.ran) {
      lines.push(`  ${r.name.padEnd(16)} not run in this run`);
      continue;
    }
    lines.push(
      `  ${r.name.padEnd(16)} states ${`${r.states.reached}/${r.states.all}`.padStart(7)} ${`${pct(r.states.reached, r.states.all)} %`.padStart(7)}` +
        `   transitions ${`${r.transitions.taken}/${r.transitions.all}`.padStart(7)} ${`${pct(r.transitions.taken, r.transitions.all)} %`.padStart(7)}`,
    );
    for (const s of r.states.missing) lines.push(`      not reached: ${s}`);
    for (const t of r.transitions.missing) lines.push(`      not taken:   ${t}`);
  }
  return lines.join('\n');
}

export const complete = (r: MachineCoverage) => r.states.missing.length === 0 && r.transitions.missing.length === 0;
