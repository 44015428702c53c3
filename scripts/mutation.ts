import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { MACHINES } from '../machines/index';

/**
 * `npm run test:mutation [-- <name> ...]`: Stryker once for src/domain against tests/domain,
 * then once per machine of the catalogue against that machine's own tests, one run at a
 * time (each is slow), and a table of the scores. Names pick runs: `domain` or machines.
 * Exits 1 when a run fails or a machine scores under 90 %. On a machine shared with other
 * work, MUTATION_CONCURRENCY=1 runs one test process at a time (Stryker's `--concurrency`).
 */
const MIN_MACHINE_SCORE = 90;
const all = ['domain', ...Object.keys(MACHINES)];
const asked = process.argv.slice(2);
const unknown = asked.filter((n) => !all.includes(n));
if (unknown.length) {
  console.error(`No mutation run named ${unknown.join(', ')}; the runs are ${all.join(', ')}`);
  process.exit(2);
}
const runs = asked.length ? asked : all;

interface Report {
  files: Record<string, { mutants: Array<{ status: string }> }>;
}

/** Killed and timed-out mutants over all that were tested or left uncovered (as Stryker counts it). */
function score(report: Report): { score: number; survived: number; total: number } {
  const statuses = Object.values(report.files).flatMap((f) => f.mutants.map((m) => m.status));
  const detected = statuses.filter((s) => s === 'Killed' || s === 'Timeout').length;
  const undetected = statuses.filter((s) => s === 'Survived' || s === 'NoCoverage').length;
  return { score: (100 * detected) / Math.max(1, detected + undetected), survived: undetected, total: detected + undetected };
}

const rows: string[] = [];
let failed = false;
for (const name of runs) {
  const machine = name !== 'domain';
  const report = `reports/mutation/${machine ? `machines-${name}` : 'domain'}.json`;
  const concurrency = process.env.MUTATION_CONCURRENCY ? ['--concurrency', process.env.MUTATION_CONCURRENCY] : [];
  const args = ['stryker', 'run', ...(machine ? ['stryker.machines.config.mjs'] : []), ...concurrency];
  const started = Date.now();
  const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...(machine ? { MUTATION_MACHINE: name } : {}) } });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  if (run.status !== 0 || !existsSync(report)) {
    rows.push(`${name.padEnd(12)} failed (exit ${run.status}) after ${minutes} min`);
    failed = true;
    continue;
  }
  const s = score(JSON.parse(readFileSync(report, 'utf8')) as Report);
  const low = machine && s.score < MIN_MACHINE_SCORE;
  failed ||= low;
  rows.push(`${name.padEnd(12)} ${s.score.toFixed(1).padStart(5)} %  ${String(s.survived).padStart(4)} of ${s.total} mutants survive  ${minutes} min${low ? `  under ${MIN_MACHINE_SCORE} %` : ''}`);
}
console.log(`\nMutation scores (each run against its own tests):\n${rows.map((r) => `  ${r}`).join('\n')}`);
process.exit(failed ? 1 : 0);
