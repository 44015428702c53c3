/**
 * A burst of deposits from a process of its own, for tests/api/ledger-durability.test.ts:
 * the server's database stack (openDatabase from the environment, migrations, the ledger
 * service), one deposit per transaction, printing `ack <key>` after each commit returns,
 * until it is killed. Environment: DATA_DIR or DATABASE_URL, BURST_COMPANY, BURST_RUN.
 */
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';
import { postMovement } from '../../src/server/services/ledger';

const db = await openDatabase(loadConfig());
await migrate(db);
const companyId = Number(process.env.BURST_COMPANY);
const run = process.env.BURST_RUN ?? 'burst';
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const key = `${run}:${i}`;
  await db.transaction((tx) => postMovement(tx, { kind: 'deposit', companyId, amountCents: 100 + i }, { key, at: new Date() }));
  process.stdout.write(`ack ${key}\n`);
}
