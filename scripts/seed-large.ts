/**
 * `npm run seed:large`: a book of at least 1,000,000 leads (default; --leads N) in the
 * app's database (DATABASE_URL, else PGlite under DATA_DIR), on top of the demo seed.
 * Adds only what is missing, 100,000 leads per statement, then VACUUM ANALYZE so the
 * counts are index-only scans and the planner knows the book.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { seedLarge } from '../src/server/seed/large-run';

const { values } = parseArgs({ options: { leads: { type: 'string', default: '1000000' } } });
const config = loadConfig();
const t0 = performance.now();
const result = await seedLarge(config, { target: Number(values.leads), log: (m) => console.log(m) });
console.log(`${result.total.toLocaleString('en-US')} leads in the book (${result.added.toLocaleString('en-US')} added) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
process.exit(0);
