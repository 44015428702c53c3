/**
 * `npm run load:ledger`: the concurrent ledger workload at scale on PostgreSQL
 * (DATABASE_URL; a scratch database is created and dropped). CI runs a 1,000-request
 * version (tests/api/ledger-load.test.ts). Options: --requests 20000 --companies 4
 * --concurrency 40.
 */
import { parseArgs } from 'node:util';
import { openPostgres } from '../src/server/db/postgres';
import { migrate } from '../src/server/db/migrate';
import { dropDatabase, withAdmin, withDatabase } from '../tests/helpers/postgres-admin';
import { formatLoad, runLedgerLoad } from './ledger-workload';

const { values } = parseArgs({ options: {
  requests: { type: 'string', default: '20000' }, companies: { type: 'string', default: '4' }, concurrency: { type: 'string', default: '40' },
} });
const url = process.env.DATABASE_URL;
if (!url) throw new Error('load:ledger runs on PostgreSQL: set DATABASE_URL');
const name = `leadline_ledger_load_${process.pid}`;
await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name}`));
const concurrency = Number(values.concurrency);
const db = openPostgres(withDatabase(url, name), Math.min(concurrency, 40));
try {
  await migrate(db);
  const report = await runLedgerLoad(db, { requests: Number(values.requests), companies: Number(values.companies), concurrency, at: new Date() });
  console.log(formatLoad(report, `PostgreSQL, ${values.companies} companies, ${concurrency} concurrent`));
  for (const v of report.violationDetails.slice(0, 20)) console.log(`  ${v}`);
  process.exitCode = report.violations === 0 ? 0 : 1;
} finally {
  await db.close();
  await dropDatabase(url, name);
}
