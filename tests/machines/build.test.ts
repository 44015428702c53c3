import { describe, expect, it } from 'vitest';

/**
 * Each machine's definition is built when its module loads. A mutant that breaks the
 * definition itself (an unknown initial state, a state without its children) fails at
 * import, outside any test, and Stryker's vitest runner does not count a file that fails
 * to load: loading the modules inside a test makes that failure a failing test.
 */
const modules = {
  idle: () => import('../../machines/idle.machine'),
  switchUser: () => import('../../machines/switchUser.machine'),
  session: () => import('../../machines/session.machine'),
  recharge: () => import('../../machines/recharge.machine'),
};

describe('machine definitions', () => {
  it.each(Object.entries(modules))('%s builds', async (_, load) => {
    expect(Object.keys(await load())).not.toEqual([]);
  });
});
