import http from 'node:http';

export interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

export interface Round {
  ok: number;
  failed: number;
  seconds: number;
}

/**
 * Keep `concurrency` keep-alive GET requests in flight against 127.0.0.1:port for
 * `seconds`, and count the answers. Only 200s count as done.
 */
export async function hammer(agent: http.Agent, port: number, target: Target, concurrency: number, seconds: number): Promise<Round> {
  const start = performance.now();
  const stopAt = start + seconds * 1000;
  let ok = 0;
  let failed = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: target.path, headers: target.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) ok += 1;
          else failed += 1;
          resolve();
        });
      });
      req.on('error', () => {
        failed += 1;
        resolve();
      });
    });
  const lane = async () => {
    while (performance.now() < stopAt) await one();
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { ok, failed, seconds: (performance.now() - start) / 1000 };
}
