import { configDefaults, defineConfig } from 'vitest/config';

/**
 * What Stryker runs against each mutant: the fast unit tests only (no database, no
 * browser). Each Stryker layer narrows it to its own folder with the runner's `dir`.
 */
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'tests/{api,web,e2e,checks}/**'],
    testTimeout: 20_000,
  },
});
