import { configDefaults, defineConfig } from 'vitest/config';

/**
 * What Stryker runs against each mutant: the fast unit tests only (no database, no
 * browser). Each Stryker layer narrows it to its own folder with the runner's `dir`; a
 * machine's run narrows it to that machine's tests (MUTATION_MACHINE, inherited by the
 * runner's processes), and build.test.ts, which loads the machine inside a test: a mutant
 * that breaks the definition fails every file that imports it at collection, which the
 * runner would otherwise count as no test failing.
 */
const machine = process.env.MUTATION_MACHINE;

export default defineConfig({
  test: {
    include: machine ? [`**/${machine}.test.ts`, `**/${machine}.*.test.ts`, '**/build.test.ts'] : ['**/*.test.ts'],
    // The machines' real-server suite needs a database per run: the path tests and their
    // oracles are what must catch a mutated machine.
    exclude: [...configDefaults.exclude, 'tests/{api,web,e2e,checks}/**', 'tests/machines/*.server.test.ts'],
    testTimeout: 20_000,
  },
});
