import { Backends, loadavg, spent } from './ping-cpu';
import { closedLoopSamples, figures, fmt, healthShot, closedLoop, pingShot } from './ping-load';
import type { Sample } from './ping-http';
import { startServer, type Server } from './ping-process';
import type { PingServerData } from './ping-server';

/** One book of a comparison: its label and how its server is started. */
export interface Book {
  label: string;
  data: PingServerData;
}

interface Tally {
  samples: Sample[];
  secs: number;
  server: number;
  postgres: number;
}

/**
 * Books side by side in one run (--history: empty and with history; --area: 100 and 1,000
 * orders in a lead's area): a server process each, all up at once, then `rounds` rounds of
 * the closed loop on each in turn (so a change in the machine's load falls on every book
 * alike), and per book pings/s, p50, p99 and CPU per ping of its server process, of its
 * database's backends and together, each over the first book's.
 */
export async function compareBooks(kind: string, books: Book[], o: { url?: string; auth: string; concurrency: number; seconds: number; rounds: number }): Promise<void> {
  const servers: Server[] = [];
  for (const b of books) {
    const t0 = performance.now();
    const s = await startServer(b.data);
    servers.push(s);
    console.log(`  ${kind} ${b.label}: server pid ${s.pid} ready in ${fmt((performance.now() - t0) / 1000, 0)} s (market seeded in ${fmt(s.seedSeconds, 0)} s, `
      + `history in ${fmt(s.historySeconds, 0)} s${s.database ? `; database ${s.database}` : ''})`);
  }
  const shots = servers.map((s) => pingShot(s.zips, o.auth));
  const backends = servers.map((s) => new Backends(o.url, s.database ? [s.database] : []));
  for (const [i, s] of servers.entries()) await closedLoop(s.port, shots[i], o.concurrency, o.seconds); // warm-up
  const health = await closedLoop(servers[0].port, healthShot, o.concurrency, o.seconds);
  const tallies: Tally[] = servers.map(() => ({ samples: [], secs: 0, server: 0, postgres: 0 }));
  for (let r = 0; r < o.rounds; r++) {
    for (const [i, s] of servers.entries()) {
      const t0 = performance.now();
      const { result, cpu } = await spent([s.pid], backends[i], () => closedLoopSamples(s.port, shots[i], o.concurrency, o.seconds));
      const t = tallies[i];
      t.samples.push(...result);
      t.secs += (performance.now() - t0) / 1000;
      t.server += cpu.servers[0];
      t.postgres += cpu.postgres;
    }
  }
  for (const s of servers) await s.stop();
  const rows = tallies.map((t) => {
    const f = figures(t.samples, t.secs);
    const per = (x: number) => (x * 1000) / f.n;
    return { f, server: per(t.server), postgres: per(t.postgres), both: per(t.server + t.postgres) };
  });
  console.log(`  ${kind}: closed loop ${o.concurrency}, ${o.rounds} rounds of ${o.seconds} s per book, in turn; load average now ${loadavg()}; `
    + `bare health on the first book's server ${fmt(health.perSecond)}/s`);
  const base = rows[0];
  for (const [i, r] of rows.entries()) {
    const x = (a: number, b: number) => (i === 0 ? '' : ` (x${fmt(a / b, 2)})`);
    console.log(`  ${kind} ${books[i].label}: ${fmt(r.f.perSecond)} pings/s${x(r.f.perSecond, base.f.perSecond)} (${fmt(r.f.perSecond / health.perSecond, 3)} of health), `
      + `p50 ${fmt(r.f.p50, 2)} ms${x(r.f.p50, base.f.p50)}, p99 ${fmt(r.f.p99, 2)} ms${x(r.f.p99, base.f.p99)}; CPU per ping: server ${fmt(r.server, 3)} ms${x(r.server, base.server)}, `
      + `PostgreSQL backends ${fmt(r.postgres, 3)} ms${x(r.postgres, base.postgres)}, together ${fmt(r.both, 3)} ms${x(r.both, base.both)}; `
      + `matched ${fmt((100 * r.f.matched) / r.f.n, 0)} %, failed ${r.f.failed}`);
  }
}
