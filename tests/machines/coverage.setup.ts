import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MACHINES } from '../../machines/index';
import { complete, coverageOf, coverageTable, COVERAGE_DIR_ENV } from './coverage';

/**
 * vitest's global setup for the statechart coverage report (see coverage.ts): a fresh
 * folder for the recorder before the run; the report after it, failing the run when a
 * machine whose path tests ran is under 100 %.
 */
export default function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'machine-coverage-'));
  process.env[COVERAGE_DIR_ENV] = dir;
  return () => {
    const rows = coverageOf(MACHINES, dir);
    rmSync(dir, { recursive: true, force: true });
    if (!rows.some((r) => r.ran)) return;
    console.log(`\n${coverageTable(rows)}\n`);
    const short = rows.filter((r) => r.ran && !complete(r)).map((r) => r.name);
    if (short.length) {
      // A throw here is only logged by vitest: the exit code is what fails the run.
      console.error(`Statechart coverage under 100 % for: ${short.join(', ')} (see the report above). The run fails.`);
      process.exitCode = 1;
    }
  };
}
