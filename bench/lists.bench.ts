/**
 * `npm run bench:lists`: a lead list of 10,000 records made from a book of 1,000,000 leads
 * (seed:large's), and a list's scrub at delivery against a do-not-call table of 1,000,000
 * numbers, each p50/p95 beside a plain indexed count (one company's leads of the last 30
 * days) measured in the same rounds, interleaved so the machine's drift hits all alike.
 * Goal (issue 21): generation under 5 s and the scrub under 1 s on PostgreSQL.
 * Options: --leads 1000000 --dnc 1000000 --records 10000 --runs 10 --db postgres|pglite|both --plans.
 */
import { parseArgs } from 'node:util';
import { emptyListOrder } from '../src/domain/lists';
import type { Db } from '../src/server/db/db';
import { postMovement } from '../src/server/services/ledger';
import { insertListOrder, requestList } from '../src/server/services/lists';
import { scrubForDelivery } from '../src/server/services/lists/deliver';
import { generateNextList } from '../src/server/services/lists/generate';
import { openBook, pct } from './large-book';

const { values } = parseArgs({ options: {
  leads: { type: 'string', default: '1000000' }, dnc: { type: 'string', default: '1000000' }, records: { type: 'string', default: '10000' },
  runs: { type: 'string', default: '10' }, db: { type: 'string', default: 'postgres' }, plans: { type: 'boolean', default: false },
} });
const LEADS = Number(values.leads);
const DNC = Number(values.dnc);
const RECORDS = Number(values.records);
const RUNS = Number(values.runs);
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The do-not-call table filled to `DNC` national numbers once: a twentieth of them numbers of the book, the rest numbers no lead has. */
async function fillDnc(db: Db): Promise<void> {
  const { rows: [have] } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM dnc_numbers WHERE source = 'national'");
  if (have.n >= DNC) return;
  const t0 = performance.now();
  const { rows: [admin] } = await db.query<{ id: number }>("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1");
  const { rows: [imp] } = await db.query<{ id: number }>(
    `INSERT INTO dnc_imports (name, source, imported_by, created_at, updated_at) VALUES ('Bench national', 'national', $1, now(), now()) RETURNING id`, [admin.id]);
  const fromBook = Math.floor(DNC / 20);
  await db.query(
    `INSERT INTO dnc_numbers (phone, source, import_id, added_at)
     SELECT phone, 'national', $1, now() FROM (SELECT DISTINCT phone FROM leads WHERE phone ~ '^[0-9]{10}$' AND id % 17 = 0 LIMIT $2) b
     ON CONFLICT DO NOTHING`, [imp.id, fromBook]);
  await db.query(
    `INSERT INTO dnc_numbers (phone, source, import_id, added_at)
     SELECT (1000000000 + g)::text, 'national', $1, now() FROM generate_series(1, $2::int) g ON CONFLICT DO NOTHING`, [imp.id, DNC - fromBook]);
  await db.query('ANALYZE dnc_numbers');
  console.log(`  do-not-call table filled to ${DNC.toLocaleString('en-US')} numbers in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function measure(kind: string, db: Db) {
  await fillDnc(db);
  const { rows: [big] } = await db.query<{ state: string }>(
    `SELECT state FROM leads WHERE inserted_at < now() - interval '30 days' GROUP BY state ORDER BY count(*) DESC LIMIT 1`);
  // A company with no leads of that state's book to exclude: the first demo agent's, given money enough.
  const { rows: [buyer] } = await db.query<{ company_id: number; id: number }>("SELECT company_id, id FROM users WHERE email = 'agent@demo.test'");
  await db.transaction((tx) => postMovement(tx, { kind: 'credit', companyId: buyer.company_id, amountCents: 2_000_000_000 },
    { key: `bench:lists:${Date.now()}`, at: new Date() }));
  const order = { ...emptyListOrder(), name: 'Bench', quantity: RECORDS, scrubbing: { callableOnly: false, doNotCall: true, existingCustomer: true } };
  const t = { ...order.territory, geoType: 'state' as const, state: big.state };
  const orderId = await insertListOrder(db, { companyId: buyer.company_id, userId: buyer.id }, { ...order, territory: t }, { zips: null, state: big.state }, null, new Date());
  const lists: number[] = [];
  const rounds = { baseline: [] as number[], generation: [] as number[], scrub: [] as number[] };
  const ROLLBACK = new Error('rollback');
  for (let r = 0; r < RUNS; r++) {
    let t0 = performance.now();
    await db.query("SELECT count(*) FROM leads WHERE company_id = $1 AND inserted_at >= now() - interval '30 days'", [buyer.company_id]);
    rounds.baseline.push(performance.now() - t0);

    await requestList(db, { id: orderId, companyId: buyer.company_id }, RECORDS, buyer.id, false, new Date());
    t0 = performance.now();
    const made = await generateNextList(db, new Date(), false);
    rounds.generation.push(performance.now() - t0);
    if (made?.status !== 'ready') throw new Error(`list not made: ${JSON.stringify(made)}`);
    lists.push(made.listId);
    // Rounds after the first give their rows back, so every round picks from the same book.
    if (r > 0) await db.query('DELETE FROM list_rows WHERE list_id = $1', [made.listId]);

    // The scrub of the first list, rolled back each time so every round scrubs the same rows.
    t0 = performance.now();
    await db.transaction(async (tx) => {
      await scrubForDelivery(tx, { id: lists[0], company_id: buyer.company_id }, 1_000_000 + r, new Date());
      throw ROLLBACK;
    }).catch((e) => { if (e !== ROLLBACK) throw e; });
    rounds.scrub.push(performance.now() - t0);
  }
  const { rows: [rec] } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM list_rows WHERE list_id = $1', [lists[0]]);
  const base = pct(rounds.baseline, 95);
  console.log(`\n${kind}: ${RUNS} rounds; lists of ${rec.n.toLocaleString('en-US')} records from the ${big.state} book`);
  console.log(`  ${'what'.padEnd(52)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}  p95 / baseline p95`);
  const line = (name: string, xs: number[]) =>
    console.log(`  ${name.padEnd(52)} ${ms(pct(xs, 50)).padStart(10)} ${ms(pct(xs, 95)).padStart(10)}  ${(pct(xs, 95) / base).toFixed(1)}x`);
  line('baseline: indexed count, one company, 30 days', rounds.baseline);
  line(`generation: ${RECORDS.toLocaleString('en-US')} records, picked, charged, written`, rounds.generation);
  line(`scrub at delivery: ${rec.n.toLocaleString('en-US')} rows vs ${DNC.toLocaleString('en-US')} numbers`, rounds.scrub);
  if (values.plans) {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT r.lead_id FROM list_rows r WHERE r.list_id = $1 AND r.dropped_at IS NULL
         AND EXISTS (SELECT 1 FROM dnc_numbers n WHERE n.phone = r.phone)`, [lists[0]]);
    console.log(rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
  // The bench's lists are removed again so the next run picks from the same book.
  await db.query('DELETE FROM list_rows WHERE list_id = ANY($1)', [lists]);
  await db.query('UPDATE lists SET removed_at = now() WHERE order_id = $1', [orderId]);
}

const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
for (const kind of kinds) {
  const db = await openBook(kind, 'lists', LEADS);
  const { rows: [n] } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
  console.log(`\n== ${kind}: ${n.n.toLocaleString('en-US')} leads`);
  await measure(kind, db);
  await db.close();
}
process.exit(0);
