import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../machines/index';
import type { PathSpec } from './harness';

/**
 * Every machine of the catalogue has path tests through the harness: a
 * `tests/machines/<name>.paths.ts` spec for that very machine, and a test file replaying
 * it (which feeds the coverage report printed at the end of the run).
 */
describe('the catalogue of machines', () => {
  it.each(Object.keys(MACHINES))('%s has a path spec and a path test', async (name) => {
    const file = `tests/machines/${name}.paths.ts`;
    expect(existsSync(file), `${file} is missing: see tests/machines/README.md`).toBe(true);
    const { spec } = (await import(`./${name}.paths.ts`)) as { spec: PathSpec };
    expect(spec.machine.id).toBe(MACHINES[name as keyof typeof MACHINES].machine.id);
    expect(spec.scenarios.length).toBeGreaterThan(0);
    expect(existsSync(`tests/machines/${name}.test.ts`), `tests/machines/${name}.test.ts replays the spec`).toBe(true);
  });
});
