import { isMainThread } from 'node:worker_threads';

/**
 * The vitest run this process belongs to: vitest runs each test file in a child process
 * (or a worker thread) of its main process, so that process's id names the run. Files
 * of one run share a template database; leftovers of ended runs are swept.
 */
export const RUN_ID = isMainThread ? process.ppid : process.pid;

/** Is a process of this machine still running? */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
