import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that measure time or answer within a bound of wall time (the reset timing, health
 * under a body flood, the request timeout, a burst of pings, the first ping after an edit
 * within its deadline, a cache invalidation across instances): they run one at a time after
 * the rest, on a machine nobody else is using.
 */
const TIMED = [
  'tests/api/password-reset-timing.test.ts',
  'tests/api/body-bounds.test.ts',
  'tests/api/timeouts.test.ts',
  'tests/api/engine-concurrency.test.ts',
  'tests/api/engine-edit.test.ts',
  'tests/api/session-cache-instances.test.ts',
];

/**
 * Files that replace modules (vi.mock), fake the timers or spy on shared objects: each runs
 * in a fresh module graph of its own. Every other file shares its worker's modules with the
 * files before it (isolate: false), which saves importing the server once per file (a
 * third of the suite's CPU); each still opens a database and an app of its own.
 */
const ISOLATED = [
  'tests/api/lockout.test.ts',
  'tests/api/job-monitor.test.ts',
  'tests/api/session-cache.test.ts',
  'tests/web/schedule-step.test.tsx',
  'tests/web/territory-step.test.tsx',
];

const shared = {
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    projects: [
      {
        test: {
          ...shared,
          name: 'parallel',
          include: ['tests/{domain,machines,api,web}/**/*.test.{ts,tsx}'],
          exclude: [...TIMED, ...ISOLATED, 'tests/e2e/**', 'node_modules/**'],
          isolate: false,
          // Every core: Vitest's default leaves one idle, which on a 2-core machine halves
          // the speed of a suite whose files each hold their own database. TEST_WORKERS
          // narrows it (.ci/run runs the PostgreSQL pass beside the browsers with one).
          maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism(),
          // Prints the statechart coverage of the path tests that ran, and fails under 100 %.
          globalSetup: ['tests/machines/coverage.setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'isolated',
          include: ISOLATED,
          maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism(),
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'timed',
          include: TIMED,
          fileParallelism: false,
          // A bound of wall time can be crossed by the machine alone (health at 100.5 ms against
          // 100 on a slow shared machine, once in three runs): a failed test runs once more, and
          // fails only when it misses twice in a row, as the end-to-end specs' retry in CI.
          retry: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
