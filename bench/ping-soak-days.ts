import type { PingHistoryRun } from '../src/server/services/engine/ping-history';
import type { Server } from './ping-process';

const DAY_SECONDS = 86_400;

/**
 * The soak's simulated days (`--soak-day-seconds N`): every N real seconds the bench
 * server's clock (CLOCK_CONTROL) goes forward one day through POST /test/clock, and the
 * ping-history job runs once at the server's new time, as its hourly schedule would
 * soon after midnight. The schedule is simulated; the job (keepPingHistory) is the
 * server's own, against the bench's database. Days move one at a time: a day whose
 * job is still running when the next is due waits for it.
 */
export class SoakDays {
  /** Simulated days passed since the start, each counted once its job has run. */
  day = 0;
  /** Partitions dropped and failed runs (a drop waits 2 s at most for its lock; the next day retries). */
  dropped = 0;
  failed = 0;
  #next: number;
  #chain: Promise<void> = Promise.resolve();

  constructor(private readonly server: Pick<Server, 'port' | 'ask'>, private readonly everySeconds: number) {
    this.#next = everySeconds;
  }

  /** The job once at the start, as a server runs it when it starts (the coming days made). */
  start(): Promise<void> {
    return this.#retain();
  }

  /** A day moved for every N seconds passed (`elapsed`, real seconds since the start). */
  tick(elapsed: number): void {
    for (; elapsed >= this.#next; this.#next += this.everySeconds) {
      this.#chain = this.#chain.then(async () => {
        const res = await fetch(`http://127.0.0.1:${this.server.port}/test/clock`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceSeconds: DAY_SECONDS }),
        });
        if (!res.ok) throw new Error(`POST /test/clock answered ${res.status} (is CLOCK_CONTROL on?)`);
        await this.#retain();
        this.day += 1;
      });
    }
  }

  /** Resolves when every day due so far has moved and its job has run (a line of the soak waits for it, so it reads a settled day). */
  idle(): Promise<void> {
    return this.#chain;
  }

  async #retain(): Promise<void> {
    try {
      this.dropped += (await this.server.ask<PingHistoryRun>({ cmd: 'ping-history' })).dropped.length;
    } catch (e) {
      this.failed += 1;
      console.log(`  soak day ${this.day}: ping-history failed (${(e as Error).message}); the next day retries`);
    }
  }
}
