import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CACHE_HASHED, CACHE_REVALIDATE } from '../../src/server/http/web-app';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** A built web app in miniature: index.html, one hashed script and an unhashed icon, each
 * written beside its .br and .gz as the build writes them. */
const INDEX = `<!doctype html><html><body><div id="root">${'Leadline '.repeat(200)}</div></body></html>`;
const SCRIPT = `export const screens = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `screen-${i}`))};`;
const SCRIPT_PATH = '/assets/index-AbC123.js';
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

function writeWebDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'leadline-web-'));
  mkdirSync(join(dir, 'assets'));
  const write = (path: string, text: string, precompress = true) => {
    writeFileSync(join(dir, path), text);
    if (!precompress) return;
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  };
  write('index.html', INDEX);
  write(SCRIPT_PATH, SCRIPT);
  write('favicon.svg', ICON, false);
  return dir;
}

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = writeWebDir();
  t = await startTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the built web app', () => {
  test('a browser that takes brotli gets the .br file, labelled as the script it is', async () => {
    const res = await get(SCRIPT_PATH, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('one that takes only gzip gets the .gz file', async () => {
    const res = await get(SCRIPT_PATH, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  test('one that takes neither gets the file as it is, still marked as varying', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get(SCRIPT_PATH, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  test('a hashed asset is cached for a year as immutable, in every encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      expect((await get(SCRIPT_PATH, accept)).headers['cache-control']).toBe(CACHE_HASHED);
    }
    expect(CACHE_HASHED).toBe('public, max-age=31536000, immutable');
  });

  test('index.html and unhashed files are revalidated on every load', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.headers['cache-control']).toBe(CACHE_REVALIDATE);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
    const icon = await get('/favicon.svg', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe(CACHE_REVALIDATE);
    expect(CACHE_REVALIDATE).toBe('no-cache');
  });

  test('a screen’s deep link answers index.html, compressed and revalidated', async () => {
    for (const url of ['/login', '/reports/lead-volume?from=2026-01-01', '/password-reset/abc']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(CACHE_REVALIDATE);
      expect(gunzipSync(res.rawPayload).toString()).toBe(INDEX);
    }
    expect((await get('/dashboard')).body).toBe(INDEX);
  });

  test('unknown API paths, missing assets and non-GET requests stay JSON 404s', async () => {
    const misses = [
      { method: 'GET', url: '/rest/no-such-thing' },
      { method: 'GET', url: '/rest' },
      { method: 'GET', url: '/v2/no-such-thing' },
      { method: 'GET', url: '/assets/index-OldHash.js' },
      { method: 'POST', url: '/login' },
    ] as const;
    for (const { method, url } of misses) {
      const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ error: `No such path: ${method} ${url}` });
    }
  });
});
