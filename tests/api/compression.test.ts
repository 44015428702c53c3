import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../../src/server/http/compression';
import { DEMO, sessionFor } from '../helpers/accounts';
import { sseReader } from '../helpers/sse';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** API replies are compressed by Accept-Encoding; small replies and event streams are not. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await sessionFor(t, DEMO.admin)).session.token ?? '';
});
afterAll(() => t?.close());

const get = (url: string, acceptEncoding?: string) => t.app.inject({
  method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
});
const LEADS = '/rest/leads/all?limit=100';

describe('compressed replies', () => {
  test('a page of leads goes in brotli to a browser that takes it, and reads the same', async () => {
    const plain = await get(LEADS);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await get(LEADS, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  test('gzip when that is all the client takes', async () => {
    const plain = await get(LEADS);
    const gz = await get(LEADS, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  test('a reply under the threshold goes as it is', async () => {
    const res = await get('/rest/health', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  test('the server-push stream is never compressed: its first event arrives at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = await sessionFor(t, DEMO.agent);
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/rest/live/events`, {
      headers: { authorization: `Bearer ${agent.session.token}`, 'accept-encoding': 'br, gzip' }, signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    const events = sseReader(res);
    expect((await events.next()).event).toBe('ready');
    abort.abort();
  });

  test('a compressed request body is not inflated: it is refused as the malformed body it is', async () => {
    const body = JSON.stringify({ email: DEMO.agent });
    const send = (payload: string | Buffer, encoding?: string) => t.app.inject({
      method: 'POST', url: '/rest/password/reset', payload,
      headers: { 'content-type': 'application/json', ...(encoding ? { 'content-encoding': encoding } : {}) },
    });
    expect((await send(body)).statusCode).toBe(200);
    const res = await send(gzipSync(body), 'gzip');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });
});
