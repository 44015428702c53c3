import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A client that sends its body a byte at a time must not hold a connection for ever:
 * the server cuts it off once the request has taken longer than requestTimeout, however
 * busy the trickle keeps the socket. Timeouts are short here; production uses config.
 */
const REQUEST_TIMEOUT_MS = 600;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ requestTimeoutMs: REQUEST_TIMEOUT_MS, connectionTimeoutMs: 5_000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Open a raw connection, send headers promising a body, trickle it; resolve when the server ends it. */
function trickle(): Promise<{ elapsedMs: number; answer: string; bytesSent: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    let bytesSent = 0;
    let ticker: NodeJS.Timeout | undefined;
    // Bounded: a server without a request timeout would keep taking bytes until here.
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still connected after ${Math.round(performance.now() - started)} ms and ${bytesSent} bytes`));
    }, REQUEST_TIMEOUT_MS * 8);
    socket.on('connect', () => {
      socket.write('POST /rest/authentication/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
      ticker = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(' ', () => (bytesSent += 1));
      }, 50);
    });
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(ticker);
      clearTimeout(giveUp);
      resolve({ elapsedMs: performance.now() - started, answer, bytesSent });
    });
  });
}

test('a request body trickling in is cut off after the request timeout', async () => {
  const { elapsedMs, answer, bytesSent } = await trickle();
  expect(bytesSent).toBeGreaterThan(3); // the socket was kept busy all along
  expect(elapsedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
  expect(elapsedMs).toBeLessThan(REQUEST_TIMEOUT_MS * 8);
  expect(answer).toMatch(/^HTTP\/1\.1 408/);
});

test('the settings come from the configuration', () => {
  expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  expect(t.app.server.keepAliveTimeout).toBe(t.ctx.config.keepAliveTimeoutMs);
  expect(t.app.server.timeout).toBe(5_000);
  expect(t.app.server.headersTimeout).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
});
