import http from 'node:http';
import { dropDatabase } from '../tests/helpers/postgres-admin';
import { Backends, loadavg, spent } from './ping-cpu';
import { send, type Sample, type Shot } from './ping-http';
import { closedLoopSamples, figures, fmt, pingShot } from './ping-load';
import { startServer, type Server } from './ping-process';

/**
 * `--instances N` (PostgreSQL): N server processes on one database, a market with small
 * caps (2 a day, 4 a week, 6 a month) and small balances ($50 a company). First pings/s of
 * one instance against all of them (the same requests in flight, spread over the
 * instances; rounds in turn). Then a burst through all at once: posts of a few consumers
 * over and over (duplicate contacts) into a few ZIPs (the same orders and companies again
 * and again) beside pings; after it, a check from the database that no cap, balance or
 * duplicate rule was overshot (each count must be 0).
 */
export async function instancesPhase(o: { url: string; instances: number; orders: number; token: string; auth: string; concurrency: number; seconds: number; rounds: number; posts: number }): Promise<void> {
  const database = `leadline_bench_inst_${process.pid}`;
  const first = await startServer({ kind: 'postgres', url: o.url, database, orders: o.orders, token: o.token, history: 0, tight: true });
  const servers: Server[] = [first];
  for (let i = 1; i < o.instances; i++) servers.push(await startServer({ kind: 'postgres', url: o.url, database, attach: true, orders: o.orders, token: o.token, history: 0, tight: true }));
  console.log(`  instances: ${servers.length} servers (pids ${servers.map((s) => s.pid).join(', ')}) on ${database}`);
  const backends = new Backends(o.url, [database]);
  const pids = servers.map((s) => s.pid);
  const ping = pingShot(first.zips, o.auth);
  const ports = servers.map((s) => s.port);
  await closedLoopSamples(ports, ping, o.concurrency, o.seconds); // warm-up of every instance
  const tally = { one: { samples: [] as Sample[], secs: 0, cpu: 0 }, all: { samples: [] as Sample[], secs: 0, cpu: 0 } };
  for (let r = 0; r < o.rounds; r++) {
    for (const which of ['one', 'all'] as const) {
      const t0 = performance.now();
      const { result, cpu } = await spent(pids, backends, () => closedLoopSamples(which === 'one' ? ports[0] : ports, ping, o.concurrency, o.seconds));
      tally[which].samples.push(...result);
      tally[which].secs += (performance.now() - t0) / 1000;
      tally[which].cpu += cpu.servers.reduce((a, b) => a + b, 0) + cpu.postgres;
    }
  }
  const one = figures(tally.one.samples, tally.one.secs);
  const all = figures(tally.all.samples, tally.all.secs);
  console.log(`  instances: load average ${loadavg()}; closed loop ${o.concurrency}, ${o.rounds} rounds of ${o.seconds} s each, in turn`);
  console.log(`  instances: one server ${fmt(one.perSecond)} pings/s (p50 ${fmt(one.p50, 2)} ms, p99 ${fmt(one.p99, 2)} ms, CPU ${fmt((tally.one.cpu * 1000) / one.n, 3)} ms a ping, servers and backends); `
    + `${servers.length} servers ${fmt(all.perSecond)} pings/s (p50 ${fmt(all.p50, 2)} ms, p99 ${fmt(all.p99, 2)} ms, CPU ${fmt((tally.all.cpu * 1000) / all.n, 3)} ms); ratio x${fmt(all.perSecond / one.perSecond, 2)}`);

  // The burst: every lane posts or pings through its instance as fast as it is answered.
  const consumers = 40;
  const zips = first.zips.slice(0, 6);
  let n = 0;
  const post: Shot = { method: 'POST', path: '/rest/v2/post', auth: o.auth, body: () => {
    const c = n++ % consumers;
    return JSON.stringify({ vertical: 'autoins', zipcode: zips[n % zips.length], first_name: 'Burst', last_name: `Buyer${c}`,
      home_phone: `555${String(c).padStart(7, '0')}`, email: `burst${c}@bench.test` });
  } };
  const burstPing = pingShot(zips, o.auth);
  const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: o.concurrency }));
  const posts: Sample[] = [];
  let sent = 0;
  await Promise.all(Array.from({ length: o.concurrency * servers.length }, async (_, lane) => {
    const k = lane % ports.length;
    while (sent < o.posts) {
      sent += 1;
      const [p] = await Promise.all([send(agents[k], ports[k], post), send(agents[k], ports[k], burstPing)]);
      posts.push(p);
    }
  }));
  for (const a of agents) a.destroy();
  const check = await first.query<Record<string, number>>(OVERSHOOT);
  console.log(`  instances: burst of ${posts.length} posts of ${consumers} consumers into ${zips.length} ZIPs, each beside a ping, through ${servers.length} servers at once: `
    + `${posts.filter((p) => p.sold).length} sold, ${posts.filter((p) => !p.ok).length} failed`);
  const c = check[0];
  console.log(`  instances: from the database: ${c.leads} leads sold to ${c.orders_at_cap} orders at a cap and ${c.companies_spent} companies with less than a lead's price left; `
    + `overshoot: caps ${c.caps}, balances ${c.balances}, ledger ${c.ledger}, duplicates ${c.duplicates}, buyers per lead ${c.buyers} `
    + `(${c.caps + c.balances + c.ledger + c.duplicates + c.buyers === 0 ? '0 overshoot' : 'OVERSHOT'})`);
  for (const s of servers.reverse()) await s.stop();
  await dropDatabase(o.url, database);
}

/**
 * The rules a burst must not break, counted from the database: an order's sales in a day,
 * week or month of its agent's zone over its cap; a company balance below its floor or
 * not the sum of its entries; a company that bought the same phone or email twice within
 * 30 days; a post sold to more buyers than its package allows.
 */
const OVERSHOOT = `
  WITH bench AS (SELECT l.* FROM leads l JOIN companies c ON c.id = l.company_id WHERE c.name LIKE 'Bench %'),
  periods AS (
    SELECT l.order_id, p.period, count(*) AS n,
           min(CASE p.period WHEN 'day' THEN o.cap_daily WHEN 'week' THEN o.cap_weekly ELSE o.cap_monthly END) AS cap
      FROM bench l JOIN orders o ON o.id = l.order_id JOIN users u ON u.id = o.user_id
     CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS p(period)
     GROUP BY l.order_id, p.period, date_trunc(p.period, l.inserted_at AT TIME ZONE u.timezone))
  SELECT (SELECT count(*) FROM bench)::int AS leads,
         (SELECT count(DISTINCT order_id) FROM periods WHERE n >= cap)::int AS orders_at_cap,
         (SELECT count(*) FROM periods WHERE n > cap)::int AS caps,
         (SELECT count(*) FROM ledger_balances WHERE balance_cents < floor_cents)::int AS balances,
         (SELECT count(*) FROM ledger_balances b
           WHERE b.balance_cents <> (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e WHERE e.account_id = b.account_id))::int AS ledger,
         (SELECT count(*) FROM bench a JOIN bench b ON b.company_id = a.company_id AND b.id > a.id
           AND (b.phone = a.phone OR b.email = a.email) AND b.inserted_at < a.inserted_at + interval '30 days')::int AS duplicates,
         (SELECT count(*) FROM (SELECT email FROM bench GROUP BY email, inserted_at HAVING count(*) > 2) x)::int AS buyers,
         (SELECT count(*) FROM companies c WHERE c.name LIKE 'Bench %'
           AND 1000 > 5000 - (SELECT coalesce(sum(l.price_cents), 0) FROM bench l WHERE l.company_id = c.id))::int AS companies_spent`;
