import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session.machine';
import { activeLeafIds, generatedPaths, leafStateIds, once, replay, untakenTransitions } from './harness';
import { scenarios, spec } from './session.paths';

describe('session machine: generated paths against its oracle', () => {
  // Built inside the tests: a walk that throws must fail a test, not the file's collection.
  const graphs = once(() => generatedPaths(spec).map((g) => g.paths));
  scenarios.forEach(([name, options], i) => {
    it(`${name}: a real actor follows every path, every step as the oracle says`, async () => {
      for (const path of graphs()[i]) await replay(options, spec.oracle, path, spec.actorIds);
    });
  });

  it('takes every declared transition, both sides of every guard', () => {
    const untaken = scenarios.map(([, o]) => new Set(untakenTransitions(o)));
    // A transition counts when any scenario takes it.
    const missing = [...untaken[0]].filter((t) => untaken.every((u) => u.has(t)));
    expect(missing).toEqual([]);
  });

  it('reaches every state of the chart at rest', () => {
    const reached = new Set(graphs().flat().flatMap((p) => p.steps.flatMap((step) => activeLeafIds(step.state))));
    const missing = leafStateIds(sessionMachine, { restingOnly: true }).filter((id) => !reached.has(id));
    expect(missing).toEqual([]);
  });
});
