/**
 * `npm run bench:sale-triggers`: what a trigger on `leads` costs the sale's own statement,
 * on the 1,000,000-lead books of bench:leads: the engine's INSERT of a lead sold to two
 * buyers (each in a transaction rolled back, so the book stays as it is), in alternating
 * blocks with the trigger off and on, so load on the machine hits both alike. By default
 * the lead search's kept counts (migration 034); --triggers a,b for others.
 * Options: --db pglite|postgres|both, --blocks 20, --per-block 50, --triggers leads_search_count_insert.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openBook, pct } from './large-book';

const { values } = parseArgs({ options: {
  db: { type: 'string', default: 'both' }, blocks: { type: 'string', default: '20' }, 'per-block': { type: 'string', default: '50' },
  triggers: { type: 'string', default: 'leads_search_count_insert' },
} });
const triggers = values.triggers.split(',');
/** Thrown to roll a sale back. */
const ROLLBACK = Symbol('rollback');
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
for (const kind of kinds) {
  const db = await openBook(kind, 'leads', 1_000_000);
  const { rows: orders } = await db.query<{ id: number }>(
    `SELECT DISTINCT ON (company_id) id FROM orders WHERE product = 'leads' ORDER BY company_id, id LIMIT 2`);
  const { rows: [vendor] } = await db.query<{ id: number }>('SELECT id FROM vendors ORDER BY id LIMIT 1');
  const sale = async () => db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at)
       SELECT o.id, o.company_id, o.user_id, $2, o.package_id, o.vertical, o.product, 'Bench', 'Sale', 'TX', 1000, now()
         FROM orders o WHERE o.id = ANY($1::int[])`, [orders.map((o) => o.id), vendor.id]);
    throw ROLLBACK;
  }).catch((e: unknown) => { if (e !== ROLLBACK) throw e; });
  const times = { off: [] as number[], on: [] as number[] };
  const load0 = loadavg();
  for (let b = 0; b < Number(values.blocks) * 2; b++) {
    const mode = b % 2 === 0 ? 'off' : 'on';
    for (const t of triggers) await db.exec(`ALTER TABLE leads ${mode === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}`);
    for (let i = 0; i < Number(values['per-block']); i++) {
      const t0 = performance.now();
      await sale();
      if (i > 0) times[mode].push(performance.now() - t0); // the first after the switch warms its plans
    }
  }
  for (const t of triggers) await db.exec(`ALTER TABLE leads ENABLE TRIGGER ${t}`);
  const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(3)} ms, p95 ${pct(xs, 95).toFixed(3)} ms`;
  console.log(`${kind}: a sale to two buyers (INSERT, rolled back), ${times.on.length} each; load average ${load0} -> ${loadavg()}`);
  console.log(`  ${triggers.join(', ')} off: ${f(times.off)}; on: ${f(times.on)}; on / off p50 x${(pct(times.on, 50) / pct(times.off, 50)).toFixed(2)}, `
    + `p95 x${(pct(times.on, 95) / pct(times.off, 95)).toFixed(2)}`);
  await db.close();
}
process.exit(0);
