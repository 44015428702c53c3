/**
 * `npm run ledger:verify`: every cached balance equals the sum of its entries, every
 * transaction balances, no balance is below its floor. Reads the database the server
 * would use (DATABASE_URL, else PGlite under DATA_DIR). Exit code 1 on any mismatch.
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import { ledgerSound, verifyLedger } from '../src/server/services/ledger';

const config = loadConfig();
const db = await openDatabase(config);
try {
  await migrate(db);
  const check = await verifyLedger(db);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Ledger of ${where}: ${check.accounts} accounts, ${check.transactions} transactions`);
  for (const m of check.balanceMismatches) console.log(`  account ${m.accountId}: cached ${m.cachedCents} cents, entries sum to ${m.summedCents}`);
  for (const u of check.unbalanced) console.log(`  transaction ${u.transactionId}: ${u.entries} entries summing to ${u.sumCents} cents`);
  for (const b of check.belowFloor) console.log(`  account ${b.accountId}: balance ${b.balanceCents} below its floor ${b.floorCents}`);
  for (const id of check.missingBalances) console.log(`  account ${id}: no cached balance`);
  const ok = ledgerSound(check);
  console.log(ok ? 'OK: every balance equals the sum of its entries.' : 'MISMATCH: see above.');
  process.exitCode = ok ? 0 : 1;
} finally {
  await db.close();
}
