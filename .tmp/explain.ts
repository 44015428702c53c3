import { loadConfig } from '../src/server/config';
import { createContext } from '../src/server/start';
import { seedIfEmpty } from '../src/server/seed/seed';
import { listLiveCalls } from '../src/server/services/calls/list';
import { parseLiveCallQuery } from '../src/domain/calls/list';

const config = loadConfig({ ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/lc_live_calls' });
const ctx = await createContext(config);
await seedIfEmpty(ctx);
const n = (await ctx.db.query<{ n: number }>('SELECT count(*)::int n FROM calls')).rows[0].n;
if (n < 100000) {
  // Copies of the seeded calls (and their leads) spread over the 13 months: ~250 times.
  for (let i = 0; i < 250; i++) {
    await ctx.db.query(`WITH c AS (
      INSERT INTO calls (order_id, company_id, vendor_id, status, duration_seconds, min_billable_seconds, price_cents, sold, phone, inserted_at, connected_at, ended_at, charged_at)
      SELECT order_id, company_id, vendor_id, CASE WHEN status IN ('in-progress','pending-connection') THEN 'completed' ELSE status END, duration_seconds, min_billable_seconds, price_cents, sold, phone,
             inserted_at - ($1 || ' hours')::interval, connected_at, ended_at, charged_at FROM calls WHERE id <= 600 RETURNING id, order_id, company_id, inserted_at)
      INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, call_id, vertical, product, first_name, last_name, state, price_cents, inserted_at)
      SELECT c.order_id, c.company_id, o.user_id, (SELECT min(id) FROM vendors), o.package_id, c.id, o.vertical, 'calls', 'X', 'Y', o.territory->>'state', 100, c.inserted_at
        FROM c JOIN orders o ON o.id = c.order_id`, [String((i % 24) + 1)]);
  }
  await ctx.db.query('ANALYZE calls'); await ctx.db.query('ANALYZE leads');
}
console.log('calls', (await ctx.db.query<{ n: number }>('SELECT count(*)::int n FROM calls')).rows[0].n);
// Capture the SQL: wrap query.
const real = ctx.db.query.bind(ctx.db);
const today = new Date().toISOString().slice(0, 10);
for (const [label, scope, params] of [
  ['admin all, last 10 days', { kind: 'all' }, {}],
  ['admin all, completed, over 30 s', { kind: 'all' }, { status: 'completed,no-answer', durationStart: '30' }],
  ['company, last 10 days', { kind: 'company', companyId: 1 }, {}],
  ['company, active', { kind: 'company', companyId: 1 }, { status: 'in-progress,pending-connection' }],
  ['region TX, 2 years', { kind: 'region', regionId: 10, userState: 'TX' }, { start: '2024-12-01' }], ['region TX, 10 days', { kind: 'region', regionId: 10, userState: 'TX' }, {}],
] as const) {
  const q = parseLiveCallQuery(params as Record<string, string>, today);
  if (!q.ok) throw new Error(JSON.stringify(q.errors));
  const plans: string[] = [];
  (ctx.db as { query: unknown }).query = async (sql: string, p: unknown[]) => {
    const r = await real(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, p);
    plans.push(r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
    return real(sql, p);
  };
  await listLiveCalls(ctx.db, q.query, scope as never, 'America/Chicago', { limit: 30, skip: 0 });
  (ctx.db as { query: unknown }).query = real;
  console.log(`\n===== ${label}\n${plans.join('\n----\n')}`);
}
await ctx.db.close();
