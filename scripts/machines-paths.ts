import { mkdirSync, writeFileSync } from 'node:fs';
import { MACHINES } from '../machines/index';
import { generatedPaths, type PathSpec } from '../tests/machines/harness';
import { pathText, readable } from '../tests/machines/steps';

/**
 * npm run machines:paths -- <machine>: the generated paths of a machine (shortest to every
 * state, plus one per transition they miss), from the same spec and generator as its
 * path tests, printed as steps with the oracle's expectations and written as JSON.
 */
const name = process.argv[2];
if (!name || !(name in MACHINES)) {
  console.error(`Usage: npm run machines:paths -- <machine>\nMachines: ${Object.keys(MACHINES).join(', ')}`);
  process.exit(2);
}
const { spec } = (await import(`../tests/machines/${name}.paths.ts`)) as { spec: PathSpec };
const all = generatedPaths(spec).flatMap((g) => g.paths.map((p) => readable(spec, g.name, p, g.oracle)));
all.forEach((p, i) => console.log(`${pathText(p, i + 1)}\n`));
const out = `reports/machine-paths/${name}.json`;
mkdirSync('reports/machine-paths', { recursive: true });
writeFileSync(out, `${JSON.stringify({ machine: name, paths: all }, null, 2)}\n`);
console.log(`${all.length} paths of ${name} (${MACHINES[name as keyof typeof MACHINES].title}); written to ${out}`);
