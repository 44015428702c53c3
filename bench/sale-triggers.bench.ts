/**
 * `npm run bench:sale-triggers`: what a trigger on `leads` costs the sale's own statement,
 * on a 1,000,000-lead book: the engine's INSERT of a lead sold to two
 * buyers (each in a transaction rolled back, so the book stays as it is), in alternating
 * blocks with the trigger off and on, so load on the machine hits both alike. By default
 * the lead search's kept counts (migration 034); --triggers a,b for others.
 * With --languages, the blocks alternate the rollup functions' language instead: as SQL
 * (before migration 036) and as PL/pgSQL (after), every trigger on.
 * Options: --db pglite|postgres|both, --blocks 20, --per-block 50, --triggers leads_search_count_insert, --languages,
 * --book leads (a 1,000,000-lead book of large-book.ts: bench:leads's, or reports_1m of bench:reports).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Db } from '../src/server/db/db';
import { openBook, pct } from './large-book';

const { values } = parseArgs({ options: {
  db: { type: 'string', default: 'both' }, blocks: { type: 'string', default: '20' }, 'per-block': { type: 'string', default: '50' },
  triggers: { type: 'string', default: 'leads_search_count_insert' }, languages: { type: 'boolean', default: false },
  book: { type: 'string', default: 'leads' },
} });
/** The functions migration 036 turned from SQL into PL/pgSQL (its list). */
// sale_counts_add: migration 030's sale_counts_apply, renamed by migration 040 (which wraps it).
const CONVERTED = ['lead_rollup_apply', 'market_sales_apply', 'sale_counts_add', 'lead_search_count_apply', 'agent_rollup_sales',
  'agent_rollup_returns', 'state_rollup_sales', 'state_rollup_returns', 'order_rollup_sales', 'order_return_requests'];
const triggers = values.triggers.split(',');
/** Thrown to roll a sale back. */
const ROLLBACK = Symbol('rollback');
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Switches for the two modes: a block's mode 'off' is the triggers off, or the functions in SQL. */
async function switches(db: Db): Promise<{ set: (mode: 'off' | 'on') => Promise<void>; names: string[]; modes: [string, string] }> {
  if (!values.languages) {
    const set = async (mode: 'off' | 'on') => {
      for (const t of triggers) await db.exec(`ALTER TABLE leads ${mode === 'on' ? 'ENABLE' : 'DISABLE'} TRIGGER ${t}`);
    };
    return { set, names: triggers, modes: ['off', 'on'] };
  }
  const { rows } = await db.query<{ name: string; args: string; src: string }>(
    `SELECT p.proname AS name, pg_get_function_arguments(p.oid) AS args, p.prosrc AS src FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
      WHERE p.pronamespace = current_schema()::regnamespace AND p.proname = ANY($1) AND l.lanname = 'plpgsql'`, [CONVERTED]);
  if (rows.length !== CONVERTED.length) throw new Error(`--languages needs migration 036: ${rows.length} of ${CONVERTED.length} functions in PL/pgSQL`);
  const define = (r: (typeof rows)[number], language: 'sql' | 'plpgsql') => {
    const body = language === 'plpgsql' ? r.src : r.src.replace(/^BEGIN\n/, '').replace(/\nEND$/, '');
    return `CREATE OR REPLACE FUNCTION ${r.name}(${r.args}) RETURNS void LANGUAGE ${language} AS $body$${body}$body$`;
  };
  const set = async (mode: 'off' | 'on') => {
    for (const r of rows) await db.exec(define(r, mode === 'on' ? 'plpgsql' : 'sql'));
  };
  return { set, names: CONVERTED, modes: ['SQL', 'PL/pgSQL'] };
}

const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
for (const kind of kinds) {
  const db = await openBook(kind, values.book, 1_000_000);
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
  const sw = await switches(db);
  for (let b = 0; b < Number(values.blocks) * 2; b++) {
    const mode = b % 2 === 0 ? 'off' : 'on';
    await sw.set(mode);
    for (let i = 0; i < Number(values['per-block']); i++) {
      const t0 = performance.now();
      await sale();
      if (i > 0) times[mode].push(performance.now() - t0); // the first after the switch warms its plans
    }
  }
  await sw.set('on');
  const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(3)} ms, p95 ${pct(xs, 95).toFixed(3)} ms`;
  const [off, on] = sw.modes;
  console.log(`${kind}: a sale to two buyers (INSERT, rolled back), ${times.on.length} each; load average ${load0} -> ${loadavg()}`);
  console.log(`  ${sw.names.join(', ')}\n  ${off}: ${f(times.off)}; ${on}: ${f(times.on)}; ${on} / ${off} p50 x${(pct(times.on, 50) / pct(times.off, 50)).toFixed(2)}, `
    + `p95 x${(pct(times.on, 95) / pct(times.off, 95)).toFixed(2)}`);
  await db.close();
}
process.exit(0);
