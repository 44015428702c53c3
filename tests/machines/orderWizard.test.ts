import { describe, expect, it } from 'vitest';
import { orderWizardMachine } from '../../machines/orderWizard.machine';
import { activeLeafIds, coveringPaths, leafStateIds, once, replay, untakenTransitions } from './harness';
import { ctx, EDIT_AGENT, spec } from './orderWizard.paths';

const scenarios = spec.scenarios;

describe('order wizard: generated paths against its oracle', () => {
  // Built inside the tests, one scenario at a time: a walk that throws fails its own test.
  const graph = scenarios.map(({ options }) => once(() => coveringPaths(options).paths));
  const graphs = () => graph.map((g) => g());
  scenarios.forEach(({ name, options, oracle }, i) => {
    it(`${name}: every path, every step as the oracle says`, { timeout: 60_000 }, async () => {
      for (const path of graph[i]()) await replay(options, oracle ?? spec.oracle, path, spec.actorIds);
    });
  });

  it('takes every declared transition, both sides of every guard', () => {
    const untaken = scenarios.map(({ options }) => new Set(untakenTransitions(options)));
    expect([...untaken[0]].filter((t) => untaken.every((u) => u.has(t)))).toEqual([]);
  });

  it('reaches every state of the chart at rest', () => {
    const reached = new Set(graphs().flat().flatMap((p) => p.steps.flatMap((st) => activeLeafIds(st.state))));
    expect(leafStateIds(orderWizardMachine, { restingOnly: true }).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('an edit opens with every step valid', () => {
    const paths = graphs()[EDIT_AGENT];
    const opened = paths.flatMap((p) => p.steps).find((st) => st.state.matches({ edit: 'territory' }))!;
    expect(Object.values(ctx(opened.state).errors).every((e) => e.length === 0)).toBe(true);
  });
});
