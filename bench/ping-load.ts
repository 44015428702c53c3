import http from 'node:http';
import { send, type Sample, type Shot } from './ping-http';

/** A loop's figures: requests answered a second, latencies, what failed and what matched. */
export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  matched: number;
  n: number;
}

export function figures(samples: Sample[], secs: number): Figures {
  const ms = samples.filter((s) => s.ok).map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? NaN;
  return { perSecond: ms.length / secs, p50: at(0.5), p99: at(0.99), failed: samples.length - ms.length, matched: samples.filter((s) => s.matched).length, n: samples.length };
}

/** `concurrency` requests in flight for `seconds`, spread over the ports in turn (one server, or several instances). */
export async function closedLoopSamples(ports: number | number[], s: Shot, concurrency: number, seconds: number): Promise<Sample[]> {
  const list = Array.isArray(ports) ? ports : [ports];
  const agents = list.map(() => new http.Agent({ keepAlive: true, maxSockets: concurrency }));
  const samples: Sample[] = [];
  const stopAt = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async (_, lane) => {
    const k = lane % list.length;
    while (performance.now() < stopAt) samples.push(await send(agents[k], list[k], s));
  }));
  for (const a of agents) a.destroy();
  return samples;
}

export async function closedLoop(ports: number | number[], s: Shot, concurrency: number, seconds: number): Promise<Figures> {
  const start = performance.now();
  const samples = await closedLoopSamples(ports, s, concurrency, seconds);
  return figures(samples, (performance.now() - start) / 1000);
}

/** `perSecond` requests a second for `seconds` whatever the answers take (sent in ticks of 5 ms, as many as are due). */
export async function openLoopSamples(port: number, s: Shot, perSecond: number, seconds: number): Promise<Sample[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const pending: Array<Promise<Sample>> = [];
  const start = performance.now();
  const total = Math.round(perSecond * seconds);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * perSecond));
      while (pending.length < due) pending.push(send(agent, port, s));
      if (pending.length >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 5);
  });
  const samples = await Promise.all(pending);
  agent.destroy();
  return samples;
}

export async function openLoop(port: number, s: Shot, perSecond: number, seconds: number): Promise<Figures> {
  const start = performance.now();
  const samples = await openLoopSamples(port, s, perSecond, seconds);
  return figures(samples, (performance.now() - start) / 1000);
}

export const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '-');

/** A ping of one of `zips` in turn (age 35, autoins), as the bench vendor. */
export function pingShot(zips: string[], auth: string): Shot {
  let i = 0;
  return { method: 'POST', path: '/rest/v2/ping', body: () => JSON.stringify({ vertical: 'autoins', zipcode: zips[i++ % zips.length], age: 35 }), auth };
}
export const healthShot: Shot = { method: 'GET', path: '/rest/health' };
