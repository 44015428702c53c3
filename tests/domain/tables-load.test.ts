import { describe, expect, it } from 'vitest';

/**
 * The tables of src/domain are built when their module loads. A broken row there fails
 * the import, and a failed import is no failed test: these tests import inside the test,
 * so a table that cannot load fails here (and Stryker sees its load-time mutants die).
 */
describe('tables built at load', () => {
  it('every screen has an address and a title', async () => {
    const { SCREENS, screenAt } = await import('../../src/domain/screens');
    for (const s of SCREENS) {
      expect(s.path).toMatch(/^\//);
      expect(s.title).not.toBe('');
      expect(screenAt(s.path)).toBe(s);
    }
  });

  it('every state has a code and a name', async () => {
    const { STATES } = await import('../../src/domain/lookups');
    expect(STATES.find((s) => s.code === 'TX')).toEqual({ code: 'TX', name: 'Texas' });
    for (const s of STATES) expect(s.name).not.toBe('');
  });
});
