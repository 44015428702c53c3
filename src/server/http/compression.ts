import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies smaller than this go as they are: compressing them saves too little to pay for itself. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** What the API sends that compresses well: JSON, CSV exports and the territory's KML. The
 * web app's files are compressed once at build time and are not in this list (a file
 * left plain there is too small to gain). PDFs and recordings are compressed already. */
const API_TYPES = /^application\/(?:[\w.+-]*\+)?json(?:;|$)|^text\/csv(?:;|$)|^application\/vnd\.google-earth\.kml\+xml(?:;|$)/;

/**
 * Compress what the API answers (a page of leads is ~40 kB of JSON, a few kB in brotli) by
 * the request's Accept-Encoding. Brotli at quality 4 (the plugin's default: fast enough to
 * do per reply), else gzip. The built web app is sent precompressed and passes through
 * untouched; server-sent event streams are never compressed (a compressor would hold the
 * events back until its buffer filled): neither is in API_TYPES.
 */
export async function installCompression(app: FastifyInstance, apiPrefixes: string[]): Promise<void> {
  // Before the plugin's own onRoute hook: the web app's routes (files sent as built) are
  // left alone, and no route inflates a compressed request body (the body bounds count
  // what arrives; an inflated body would escape them).
  app.addHook('onRoute', (route) => {
    if (!apiPrefixes.some((p) => route.url.startsWith(p))) route.compress = false;
    route.decompress = false;
  });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES, customTypes: API_TYPES });
}
