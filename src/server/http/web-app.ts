import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { loadContract } from '../contract/openapi';

/** Paths that belong to machines, not to the web app: they never fall back to index.html. */
export const API_PREFIXES = ['/rest/', '/v2/'];
/** Vite's output folder for files named by their content hash. */
const HASHED_DIR = 'assets';
/** A hashed file never changes under its name: a year, and no revalidation. */
export const CACHE_HASHED = 'public, max-age=31536000, immutable';
/** index.html (and the few unhashed files) are revalidated on every load, so a deploy shows at once. */
export const CACHE_REVALIDATE = 'no-cache';

/**
 * The built single-page app. Each file is sent as the build precompressed it (.br, else
 * .gz, else as it is) by the request's Accept-Encoding, with `Vary: Accept-Encoding`;
 * hashed assets are cached for good, everything else revalidated. Every other GET that is
 * not an API path or a missing asset answers index.html, so deep links open their screen.
 */
export function serveWebApp(app: FastifyInstance, webDir: string): void {
  const hasWeb = existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      preCompressed: true,
      // send's own max-age header is replaced by ours below.
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = relative(webDir, path).split(sep)[0] === HASHED_DIR;
        reply.header('cache-control', hashed ? CACHE_HASHED : CACHE_REVALIDATE);
      },
    });
  }
  const basePath = loadContract().basePath;
  const notForApp = [...API_PREFIXES, `/${HASHED_DIR}/`];
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const isApp = hasWeb && (req.method === 'GET' || req.method === 'HEAD') && path !== basePath && !notForApp.some((p) => path.startsWith(p));
    if (!isApp) return reply.code(404).send({ error: `No such path: ${req.method} ${path}` });
    return reply.sendFile('index.html');
  });
}
