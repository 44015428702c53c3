import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive } from './test-run';

/**
 * Make `file` once, however many processes ask at the same time: the first takes a lock
 * file and builds, the others wait for the file. A lock left by a dead process is taken over.
 */
export async function fileOnce(file: string, build: () => Promise<Uint8Array>): Promise<string> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + 120_000;
  while (!existsSync(file)) {
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      if (lockHolderDied(lock)) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new Error(`timed out waiting for ${file}`);
      else await sleep(50);
      continue;
    }
    try {
      writeFileSync(fd, String(process.pid));
      if (!existsSync(file)) {
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, await build());
        renameSync(partial, file); // readers never see half a file
      }
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
  return file;
}

function lockHolderDied(lock: string): boolean {
  try {
    const pid = Number(readFileSync(lock, 'utf8'));
    return pid > 0 && !isAlive(pid); // an empty file is a lock being taken right now
  } catch {
    return true; // gone already
  }
}
