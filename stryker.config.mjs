// @ts-check
/**
 * Mutation testing of the pure layers (`npm run test:mutation`): Stryker changes the code
 * one mutant at a time and runs the unit tests that cover it; a mutant no test notices is
 * a rule nobody checks. Too slow for every `npm test`. One run per layer, each against its
 * own tests, so a layer's score says how well its own tests hold it (and a constant of
 * src/domain, mutated at load time, reruns only the fast domain tests).
 * Incremental mode is off: it kept mutants that only new tests cover as "no coverage".
 * This file is the src/domain run; stryker.machines.config.mjs is the machines/ run.
 */

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export const base = {
  testRunner: 'vitest',
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  concurrency: 2,
  // A mutant's run may take several times its dry run on a shared, loaded machine; the
  // defaults (1.5 x + 5 s) counted slow runs as timeouts, which Stryker scores as detected.
  // A mutant that loops forever still times out.
  timeoutFactor: 4,
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

/** Options of one layer: the files it mutates and the tests folder that must catch them. */
export function layer(name, mutate, testsDir) {
  return {
    ...base,
    mutate,
    vitest: { configFile: 'stryker.vitest.config.ts', dir: testsDir, related: false },
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
  };
}

export default layer('domain', ['src/domain/**/*.ts'], 'tests/domain');
