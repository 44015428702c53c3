import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { expect, test } from 'vitest';
import { AccessLog } from '../../src/server/http/access-log';

/** The access log: one line per answered request, without the query string (download tokens travel there). */
test('one line per request with method, path, status and time; the query is left out', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write(chunk: Buffer, _e, done) { lines.push(JSON.parse(chunk.toString())); done(); } });
  const log = pino({ level: 'info' }, sink);
  const app = Fastify({ loggerInstance: log, logController: new AccessLog(log) });
  app.get('/rest/lists/:id/export', async () => 'csv');
  await app.inject({ method: 'GET', url: '/rest/lists/7/export?token=secret-token' });
  await app.inject({ method: 'GET', url: '/rest/nowhere' });
  await app.close();
  const requests = lines.filter((l) => l.msg === 'request');
  expect(requests).toHaveLength(2);
  expect(requests[0]).toMatchObject({ method: 'GET', path: '/rest/lists/7/export', status: 200 });
  expect(typeof requests[0].ms).toBe('number');
  expect(requests[1]).toMatchObject({ path: '/rest/nowhere', status: 404 });
  expect(JSON.stringify(lines)).not.toContain('secret-token');
  expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
});
