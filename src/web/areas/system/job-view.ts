import type { JobStatus } from '../../../api/system/list-jobs';

export type JobHealth = 'running' | 'failing' | 'ok' | 'waiting';

/** Where a job stands: failing (its last run failed), running, fine, or not run yet. */
export function jobHealth(j: JobStatus): JobHealth {
  if (j.consecutiveFailures > 0) return 'failing';
  if (j.running) return 'running';
  return j.runs > 0 ? 'ok' : 'waiting';
}

/** What each state means to the admin reading it. */
export const JOB_HEALTH: Record<JobHealth, { label: string; color: string; help: string }> = {
  failing: {
    label: 'Failing',
    color: 'red',
    help: 'Its last run failed (the server log has the whole error). It waits twice as long after each failure in a row (up to 5 minutes for most jobs) and goes back to its interval once a run succeeds.',
  },
  running: { label: 'Running', color: 'blue', help: 'A run is under way; the next one is timed when it ends.' },
  ok: { label: 'OK', color: 'green', help: 'Its last run succeeded.' },
  waiting: { label: 'Not run yet', color: 'gray', help: 'The server started less than one interval ago.' },
};

const UNITS: ReadonlyArray<[ms: number, unit: string]> = [
  [86_400_000, 'd'],
  [3_600_000, 'h'],
  [60_000, 'min'],
  [1_000, 's'],
];

/** A span as people say it: "100 ms", "2 s", "10 min", "1.5 h". */
export function spanText(ms: number): string {
  const abs = Math.abs(ms);
  for (const [size, unit] of UNITS) {
    if (abs >= size) return `${Number((abs / size).toFixed(abs >= 10 * size ? 0 : 1))} ${unit}`;
  }
  return `${Math.round(abs)} ms`;
}

/** A moment from now: "in 4 s", "12 min ago", "now" within a second; "—" for none. */
export function fromNow(at: string | null, now: Date): string {
  if (!at) return '—';
  const diff = Date.parse(at) - now.getTime();
  if (Math.abs(diff) < 1_000) return 'now';
  return diff > 0 ? `in ${spanText(diff)}` : `${spanText(diff)} ago`;
}
