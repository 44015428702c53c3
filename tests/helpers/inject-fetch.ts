import type { FastifyInstance, LightMyRequestResponse as InjectResponse } from 'fastify';
import { contractViolation, operationOf } from './contract-check';

export interface RawRequest {
  method: string;
  /** Path and query, e.g. /rest/users/3. */
  url: string;
  headers?: Record<string, string>;
  /** Sent as it is when a string (so malformed JSON can be sent), else as JSON. */
  payload?: string | object;
  /** The client address the server sees (throttles count per address). */
  ip: string;
}

/**
 * One request through Fastify's inject (no socket), then the contract check: a status
 * openapi.yaml does not declare, or a body that does not match, throws and fails the test.
 */
export async function injectChecked(app: FastifyInstance, r: RawRequest): Promise<InjectResponse> {
  const headers = { ...r.headers };
  if (r.payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  const res = await app.inject({
    method: r.method as 'GET',
    url: r.url,
    headers,
    payload: typeof r.payload === 'object' ? JSON.stringify(r.payload) : r.payload,
    remoteAddress: r.ip,
  });
  const op = operationOf(r.method, r.url);
  if (op) {
    const problem = contractViolation(op, res.statusCode, res.headers['content-type'] as string | undefined, res.body);
    if (problem) throw new Error(`Contract broken: ${r.method} ${r.url}: ${problem}`);
  }
  return res;
}

/** A fetch for openapi-fetch that goes through injectChecked from one client address. */
export function injectFetch(app: FastifyInstance, ip: string): typeof fetch {
  return async (input, init) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = req.body ? await req.text() : undefined;
    const res = await injectChecked(app, {
      method: req.method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(req.headers),
      payload: text,
      ip,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) headers.append(k, String(one));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}
