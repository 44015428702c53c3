/**
 * `npm run bench:access-log`: what request logging costs a request. The same Fastify route
 * (a JSON answer, like GET /rest/health) answered through inject, with no log, with
 * Fastify's own request logging (two lines a request), and with the server's access log
 * (http/access-log.ts: one line), each writing JSON lines to /dev/null through pino as the
 * server does. Rounds interleave the three so the machine's drift hits all alike; prints CPU
 * per request of this process (user + system) and its ratio to no log.
 * Options: --requests 2000 --rounds 30 (run with node's --expose-gc, as the npm script does).
 */
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { AccessLog } from '../src/server/http/access-log';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '30' } } });
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);

function build(kind: 'none' | 'fastify' | 'access'): FastifyInstance {
  const log = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: true }));
  const app = (kind === 'none' ? Fastify({ logger: false })
    : kind === 'fastify' ? Fastify({ loggerInstance: log })
      : Fastify({ loggerInstance: log, logController: new AccessLog(log) })) as unknown as FastifyInstance;
  app.get('/rest/health', async () => ({ status: 'ok' }));
  return app;
}

const apps = { none: build('none'), fastify: build('fastify'), access: build('access') };
for (const app of Object.values(apps)) await app.ready();
const cpu = { none: 0, fastify: 0, access: 0 };
const kinds = Object.keys(apps) as Array<keyof typeof apps>;
const gc = (globalThis as { gc?: () => void }).gc;
for (let r = 0; r < ROUNDS + 1; r++) {
  // Each round starts with another of the three, and collects garbage before each, so one's leftovers are not billed to the next.
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[(r + k) % kinds.length];
    gc?.();
    const t0 = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) await apps[kind].inject({ method: 'GET', url: `/rest/health?i=${i}` });
    const used = process.cpuUsage(t0);
    if (r > 0) cpu[kind] += used.user + used.system; // the first round warms up
  }
}
const per = (k: keyof typeof cpu) => cpu[k] / (ROUNDS * REQUESTS);
console.log(`${REQUESTS.toLocaleString('en-US')} requests x ${ROUNDS} rounds, interleaved; CPU per request of this process`);
for (const k of ['none', 'fastify', 'access'] as const)
  console.log(`  ${k.padEnd(8)} ${per(k).toFixed(1).padStart(7)} µs  ${(per(k) / per('none')).toFixed(2)}x no log  (+${(per(k) - per('none')).toFixed(1)} µs)`);
process.exit(0);
