/**
 * `npm run bench:compress`: what compressing API replies costs and saves. The real server
 * (seeded in-memory PGlite, through inject) answers the same page of leads (as the demo
 * admin; --limit rows) and the bare GET /rest/health, each asked as plain, gzip and brotli,
 * interleaved in rounds so the machine's drift hits all alike. Prints, per encoding, the
 * bytes sent and the CPU per request of this process (server and its database, which runs
 * inside it), with the ratio to the plain reply of the same request.
 * Options: --limit 100 --requests 100 --rounds 10.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/pglite';
import { seedIfEmpty } from '../src/server/seed/seed';
import { createSession } from '../src/server/services/sessions';
import { createContext } from '../src/server/start';

const { values } = parseArgs({ options: { limit: { type: 'string', default: '100' }, requests: { type: 'string', default: '100' }, rounds: { type: 'string', default: '10' } } });
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);

const db = await openPglite(null);
const ctx = await createContext({ ...loadConfig({}), seedDemo: true, logLevel: 'silent' }, { db });
await seedIfEmpty(ctx);
const app = await buildApp(ctx);
const { rows } = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', ['admin@demo.test']);
const token = await createSession(db, rows[0].id, ctx.clock.now());

const URLS = { leads: `/rest/leads/all?limit=${values.limit}`, health: '/rest/health' } as const;
const ENCODINGS = { plain: undefined, gzip: 'gzip', br: 'br, gzip' } as const;
type Key = `${keyof typeof URLS} ${keyof typeof ENCODINGS}`;
const cpu = new Map<Key, number>();
const bytes = new Map<Key, number>();
const keys = (Object.keys(URLS) as Array<keyof typeof URLS>).flatMap((u) => (Object.keys(ENCODINGS) as Array<keyof typeof ENCODINGS>).map((e) => [u, e] as const));

for (let r = 0; r < ROUNDS + 1; r++) {
  for (let k = 0; k < keys.length; k++) {
    const [u, e] = keys[(r + k) % keys.length];
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (ENCODINGS[e]) headers['accept-encoding'] = ENCODINGS[e];
    const t0 = process.cpuUsage();
    let sent = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const res = await app.inject({ method: 'GET', url: URLS[u], headers });
      if (res.statusCode !== 200) throw new Error(`${URLS[u]} answered ${res.statusCode}`);
      sent = res.rawPayload.length;
    }
    const used = process.cpuUsage(t0);
    const key: Key = `${u} ${e}`;
    bytes.set(key, sent);
    if (r > 0) cpu.set(key, (cpu.get(key) ?? 0) + used.user + used.system); // the first round warms up
  }
}
console.log(`${REQUESTS} requests x ${ROUNDS} rounds, interleaved; bytes sent and CPU per request of this process`);
for (const [u] of Object.entries(URLS)) {
  const base = (cpu.get(`${u} plain` as Key) ?? 0) / (ROUNDS * REQUESTS);
  for (const e of Object.keys(ENCODINGS)) {
    const key = `${u} ${e}` as Key;
    const per = (cpu.get(key) ?? 0) / (ROUNDS * REQUESTS);
    console.log(`  ${key.padEnd(14)} ${String(bytes.get(key)).padStart(8)} B  ${(per / 1000).toFixed(2).padStart(7)} ms  ${(per / base).toFixed(2)}x plain`);
  }
}
await app.close();
await db.close();
process.exit(0);
