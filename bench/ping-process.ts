import { fork, type ChildProcess } from 'node:child_process';
import type { Answer, BookLoads, Command, PingServerData, Ready } from './ping-server';

type Ask = Command extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/** A bench:ping server process, as the load generator sees it. */
export interface Server extends Ready {
  pid: number;
  ask<T = unknown>(c: Ask): Promise<T>;
  counts(): Promise<{ queries: number; loads: BookLoads }>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** Fork bench/ping-server.ts (through tsx) with `data`, and wait until it listens. */
export async function startServer(data: PingServerData): Promise<Server> {
  const child: ChildProcess = fork(new URL('./ping-server.ts', import.meta.url).pathname, [JSON.stringify(data)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('message', (m: Answer) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.result);
  });
  const ask = <T>(c: Ask) => new Promise<T>((resolve, reject) => {
    const id = ++next;
    waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
    child.send({ ...c, id });
  });
  return {
    ...ready,
    pid: child.pid!,
    ask,
    counts: () => ask({ cmd: 'count' }),
    query: (sql, params) => ask({ cmd: 'query', sql, params }),
    async stop() {
      await ask({ cmd: 'stop' });
      child.kill();
    },
  };
}
