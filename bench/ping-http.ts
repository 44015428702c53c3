import http from 'node:http';

/** One request of `npm run bench:ping`: what it sends and as whom. */
export interface Shot {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: () => string;
  /** The authorization header of a request with a body (a vendor's Basic token, an agent's Bearer session). */
  auth?: string;
}

/** What came back: in time or not, and what a ping answered. */
export interface Sample {
  ok: boolean;
  ms: number;
  matched?: boolean;
  /** A post sold the lead to at least one buyer. */
  sold?: boolean;
  deadline?: boolean;
}

export function send(agent: http.Agent, port: number, s: Shot): Promise<Sample> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const body = s.body?.();
    const req = http.request({ host: '127.0.0.1', port, method: s.method, path: s.path, agent,
      headers: body ? { 'content-type': 'application/json', authorization: s.auth ?? '', 'content-length': Buffer.byteLength(body) } : {} }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ ok: res.statusCode === 200, ms: performance.now() - t0, matched: text.includes('"matched":true'), sold: text.includes('"sold":true'),
        deadline: text.includes('"reason":"deadline"') }));
    });
    req.on('error', () => resolve({ ok: false, ms: performance.now() - t0 }));
    req.end(body);
  });
}
