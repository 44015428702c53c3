import { describe, expect, it } from 'vitest';
import { activeLeafIds, generatedPaths, leafStateIds, once, replay, untakenTransitions, type PathSpec } from './harness';

/**
 * The path tests a machine with several scenarios gets: every generated path of each
 * scenario replayed step by step against the oracle (more than `minPaths` of them), every
 * declared transition taken in some scenario (both sides of every guard), and every
 * state at rest reached.
 */
export function describeGeneratedPaths(title: string, spec: PathSpec, o: { minPaths: number }): void {
  const scenarios = spec.scenarios.map((s) => s.options);
  describe(`${title}: generated paths against its oracle`, () => {
    const graphs = once(() => generatedPaths(spec));
    scenarios.forEach((options, i) => {
      it(`${spec.scenarios[i].name}: every path, every step as the oracle says`, async () => {
        const { paths } = graphs()[i];
        expect(paths.length).toBeGreaterThan(o.minPaths);
        for (const path of paths) await replay(options, spec.oracle, path, spec.actorIds);
      }, 60_000);
    });

    it('takes every declared transition (both sides of every guard) and reaches every state', () => {
      const untaken = scenarios.map((options) => new Set(untakenTransitions(options)));
      expect([...untaken[0]].filter((t) => untaken.every((u) => u.has(t)))).toEqual([]);
      const reached = new Set(graphs().flatMap((g) => g.paths).flatMap((p) => p.steps.flatMap((st) => activeLeafIds(st.state))));
      expect(leafStateIds(spec.machine, { restingOnly: true }).filter((id) => !reached.has(id))).toEqual([]);
    });
  });
}
