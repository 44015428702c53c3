import { describe, expect, it } from 'vitest';
import { activeLeafIds, coveringPaths, leafStateIds, once, replay, untakenTransitions, type PathSpec } from './harness';

/**
 * The path tests every machine gets: every generated path of each scenario replayed step
 * by step against its oracle (the scenario's own, else the spec's; more than `minPaths`
 * paths each), every declared transition taken in some scenario (both sides of every
 * guard), and every state at rest reached. Returns the generated paths (each built once,
 * inside the first test that needs it) for a machine's own further tests.
 */
export function describeGeneratedPaths(title: string, spec: PathSpec, o: { minPaths: number }) {
  const scenarios = spec.scenarios.map((s) => s.options);
  // Each scenario's graph is built inside its own test, once: a walk that throws (or takes
  // long) is that scenario's failure, not the file's collection.
  const graph = spec.scenarios.map((s) => once(() => ({ oracle: s.oracle ?? spec.oracle, ...coveringPaths(s.options) })));
  const graphs = () => graph.map((g) => g());
  describe(`${title}: generated paths against its oracle`, () => {
    scenarios.forEach((options, i) => {
      it(`${spec.scenarios[i].name}: every path, every step as the oracle says`, async () => {
        const { paths, oracle } = graph[i]();
        expect(paths.length).toBeGreaterThan(o.minPaths);
        for (const path of paths) await replay(options, oracle, path, spec.actorIds);
      }, 60_000);
    });

    it('takes every declared transition (both sides of every guard) and reaches every state', () => {
      const untaken = scenarios.map((options) => new Set(untakenTransitions(options)));
      expect([...untaken[0]].filter((t) => untaken.every((u) => u.has(t)))).toEqual([]);
      const reached = new Set(graphs().flatMap((g) => g.paths).flatMap((p) => p.steps.flatMap((st) => activeLeafIds(st.state))));
      expect(leafStateIds(spec.machine, { restingOnly: true }).filter((id) => !reached.has(id))).toEqual([]);
    });
  });
  return graphs;
}
