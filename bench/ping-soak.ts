import http from 'node:http';
import { loadavg } from './ping-cpu';
import { send, type Sample } from './ping-http';
import { fmt, pingShot } from './ping-load';
import type { Server } from './ping-process';
import { SoakDays } from './ping-soak-days';

/**
 * engine_pings's size on disk (table, indexes and TOAST; summed over its partitions when
 * it is partitioned, from pg_partition_tree), its rows and its leaf partitions (0: a plain
 * table); and the bytes a row of its fullest day, heap and primary key only: what one more
 * ping costs once a day holds many, without each partition's fixed pages (its free space and
 * visibility maps, the empty partial index, the days made ahead), which a soak's short
 * simulated days spread over few rows.
 */
const SIZE = `SELECT (CASE WHEN c.relkind = 'p' THEN (SELECT coalesce(sum(pg_total_relation_size(t.relid)), 0) FROM pg_partition_tree(c.oid) t)
                           ELSE pg_total_relation_size(c.oid) END)::text AS bytes,
                     (SELECT count(*) FROM pg_partition_tree(c.oid) t WHERE t.isleaf AND c.relkind = 'p')::int AS parts,
                     (SELECT count(*) FROM engine_pings)::text AS n,
                     (SELECT (pg_relation_size(f.t) + coalesce((SELECT sum(pg_relation_size(x.indexrelid)) FROM pg_index x
                                                                 WHERE x.indrelid = f.t AND x.indisprimary), 0))::float8 / f.n
                        FROM (SELECT tableoid AS t, count(*) AS n FROM engine_pings GROUP BY 1 ORDER BY 2 DESC LIMIT 1) f) AS day
                FROM pg_class c WHERE c.oid = 'engine_pings'::regclass`;

/**
 * `--soak SECONDS --rate R`: an open loop of R pings a second for SECONDS, and every 30 s
 * the size of engine_pings, its rows, the bytes each ping added since the last line, and
 * the interval's pings answered and p99, so a run shows whether retention keeps the table
 * flat. With `daySeconds` (a server started with a retention, its clock movable) a simulated
 * day passes every that many seconds with the ping-history job run (bench/ping-soak-days.ts),
 * and each line gives the simulated day and the bytes a row of the whole table.
 */
export async function soak(kind: string, server: Server, o: { auth: string; seconds: number; rate: number; daySeconds?: number }): Promise<void> {
  const shot = pingShot(server.zips, o.auth);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const size = async () => {
    const [r] = await server.query<{ bytes: string; parts: number; n: string; day: number | null }>(SIZE);
    return { bytes: Number(r.bytes), parts: r.parts, n: Number(r.n), day: r.day ?? NaN };
  };
  let last = await size();
  let window: Sample[] = [];
  let lastAt = 0;
  const inFlight = new Set<Promise<void>>();
  const days = o.daySeconds ? new SoakDays(server, o.daySeconds) : null;
  await days?.start();
  console.log(`  ${kind} soak: ${o.rate} pings/s for ${o.seconds} s; engine_pings at the start ${fmt(last.bytes / 1e6, 1)} MB, ${fmt(last.n)} rows, ${last.parts} partitions`);
  const report = async (at: number) => {
    const now = await size();
    const ms = window.filter((s) => s.ok).map((s) => s.ms).sort((a, b) => a - b);
    const rowBytes = days ? `simulated day ${days.day} (${days.dropped} partitions dropped, ${days.failed} job runs failed); `
      + `${fmt(now.bytes / Math.max(1, now.n))} bytes a row (table and indexes over rows; the fullest day's heap and key ${fmt(now.day)})`
      : `${fmt((now.bytes - last.bytes) / Math.max(1, now.n - last.n))} bytes a row added since the last line`;
    console.log(`  ${kind} soak ${fmt(at)} s: engine_pings ${fmt(now.bytes / 1e6, 1)} MB, ${fmt(now.n)} rows, ${now.parts} partitions; ${rowBytes}; `
      + `${fmt(window.length / Math.max(1, at - lastAt))} pings/s answered, p99 ${fmt(ms[Math.floor(ms.length * 0.99)] ?? NaN, 1)} ms, failed ${window.length - ms.length}; load average ${loadavg()}`);
    last = now;
    lastAt = at;
    window = [];
  };
  const start = performance.now();
  let sent = 0;
  let nextReport = 30;
  let line: Promise<void> = Promise.resolve();
  const total = Math.round(o.rate * o.seconds);
  while (sent < total) {
    await new Promise((r) => setTimeout(r, 5));
    const elapsed = (performance.now() - start) / 1000;
    const due = Math.min(total, Math.floor(elapsed * o.rate));
    days?.tick(elapsed);
    for (; sent < due; sent++) {
      const p = send(agent, server.port, shot).then((s) => void window.push(s));
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    if (elapsed >= nextReport) {
      const at = nextReport;
      line = (days ? days.idle() : line).then(() => report(at));
      nextReport += 30;
    }
  }
  await Promise.all(inFlight);
  await days?.idle();
  await line;
  // The last stretch since the last line, if any (read after the last line, else both would print it).
  if (window.length > 0) await report((performance.now() - start) / 1000);
  agent.destroy();
}
