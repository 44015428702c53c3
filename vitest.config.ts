import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/{domain,machines,api,web}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Prints the statechart coverage of the path tests that ran, and fails under 100 %.
    globalSetup: ['tests/machines/coverage.setup.ts'],
  },
});
