import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../api/schema';
import type { Clock } from '../../domain/clock';

/** The most a failing job waits before it is tried again (unless its own interval is longer). */
export const MAX_BACKOFF_MS = 5 * 60_000;
/** Longer error texts are cut in the operator's view (the log keeps the whole error). */
export const ERROR_TEXT_MAX = 500;

/** What the monitor writes to: the server's logger (pino), or any logger with its `error`. */
export type JobLog = Pick<FastifyBaseLogger, 'error'>;

/**
 * The wait before a job's next run: its interval, doubled for each consecutive failure,
 * at most `maxMs` (but never shorter than the interval itself).
 */
export function nextDelay(everyMs: number, consecutiveFailures: number, maxMs = MAX_BACKOFF_MS): number {
  // 2 ** 40 times any interval is past every cap; the bound keeps the product finite.
  const backedOff = everyMs * 2 ** Math.min(consecutiveFailures, 40);
  return Math.max(everyMs, Math.min(backedOff, maxMs));
}

/** A job's name, what it does, its interval and the cap of its back-off (MAX_BACKOFF_MS unless given). */
export interface JobSpec {
  name: string;
  description: string;
  everyMs: number;
  maxBackoffMs?: number;
}

/** One job as the operator sees it (GET /rest/system/jobs; the contract's JobStatus). */
export type JobStatus = components['schemas']['JobStatus'];

interface Job extends Required<JobSpec> {
  work: () => Promise<unknown>;
  timer: NodeJS.Timeout | null;
  nextRunAt: Date | null;
  /** The run under way; a second caller shares it, so runs of one job never overlap. */
  inFlight: Promise<boolean> | null;
  stopped: boolean;
  runs: number;
  failures: number;
  consecutiveFailures: number;
  lastError: string | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
}

const textOf = (e: unknown) => (e instanceof Error ? e.message || e.name : String(e)).slice(0, ERROR_TEXT_MAX);

/**
 * The background jobs of one server: each runs under a name on a timer of its own, one
 * run at a time (the next run is timed when the last one ends). A failure is logged with
 * the job's name and counted, and the job backs off (nextDelay) until it succeeds again.
 * Times are the injected clock's; the timers are real, and tests call runOnce instead of
 * waiting for them.
 */
export class JobMonitor {
  readonly #jobs = new Map<string, Job>();

  constructor(
    private readonly clock: Clock,
    private readonly log: JobLog,
  ) {}

  /** Run `work` every `everyMs` from now on, first after one interval. */
  every(spec: JobSpec, work: () => Promise<unknown>): void {
    const { name, description, everyMs, maxBackoffMs = MAX_BACKOFF_MS } = spec;
    if (this.#jobs.has(name)) throw new Error(`a job named ${name} is already running`);
    const job: Job = {
      name, description, everyMs, maxBackoffMs, work,
      timer: null, nextRunAt: null, inFlight: null, stopped: false,
      runs: 0, failures: 0, consecutiveFailures: 0, lastError: null, lastSuccessAt: null, lastFailureAt: null,
    };
    this.#jobs.set(name, job);
    this.#schedule(job, everyMs);
  }

  /** Run the job now (or join the run under way); whether it succeeded. Its timer starts over from the end. */
  runOnce(name: string): Promise<boolean> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    job.inFlight ??= this.#run(job).finally(() => (job.inFlight = null));
    return job.inFlight;
  }

  /** Stop the named jobs (all when none are named) and wait for their runs under way. */
  async stop(names: string[] = [...this.#jobs.keys()]): Promise<void> {
    const jobs = names.flatMap((n) => this.#jobs.get(n) ?? []);
    for (const job of jobs) {
      job.stopped = true;
      if (job.timer) clearTimeout(job.timer);
      this.#jobs.delete(job.name);
    }
    await Promise.all(jobs.map((j) => j.inFlight));
  }

  /** Every job's counts, by name. */
  status(): JobStatus[] {
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    return [...this.#jobs.values()]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((j) => ({
        name: j.name, description: j.description, everyMs: j.everyMs, runs: j.runs, failures: j.failures, consecutiveFailures: j.consecutiveFailures,
        lastError: j.lastError, lastSuccessAt: iso(j.lastSuccessAt), lastFailureAt: iso(j.lastFailureAt),
        nextRunAt: iso(j.nextRunAt), running: j.inFlight !== null,
      }));
  }

  async #run(job: Job): Promise<boolean> {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    job.nextRunAt = null;
    job.runs += 1;
    let ok = true;
    try {
      await job.work();
      job.consecutiveFailures = 0;
      job.lastSuccessAt = this.clock.now();
    } catch (err) {
      ok = false;
      job.failures += 1;
      job.consecutiveFailures += 1;
      job.lastError = textOf(err);
      job.lastFailureAt = this.clock.now();
      const retryInMs = nextDelay(job.everyMs, job.consecutiveFailures, job.maxBackoffMs);
      this.log.error({ err, job: job.name, failures: job.failures, consecutiveFailures: job.consecutiveFailures, retryInMs },
        `background job ${job.name} failed`);
    }
    if (!job.stopped) this.#schedule(job, nextDelay(job.everyMs, job.consecutiveFailures, job.maxBackoffMs));
    return ok;
  }

  #schedule(job: Job, delayMs: number): void {
    job.nextRunAt = new Date(this.clock.now().getTime() + delayMs);
    // runOnce never rejects: #run catches the work's failure.
    job.timer = setTimeout(() => void this.runOnce(job.name), delayMs);
    // A job never keeps the process alive on its own.
    job.timer.unref();
  }
}
