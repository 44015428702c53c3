import { describe, expect, it } from 'vitest';
import type { JobStatus } from '../../src/api/system/list-jobs';
import { fromNow, jobHealth, spanText } from '../../src/web/areas/system/job-view';

const job = (over: Partial<JobStatus>): JobStatus => ({
  name: 'money-jobs', description: 'd', everyMs: 2_000, runs: 3, failures: 0, consecutiveFailures: 0, lastError: null,
  lastSuccessAt: null, lastFailureAt: null, nextRunAt: null, running: false, ...over,
});

describe('the jobs screen', () => {
  it('says where a job stands: a failure in a row outranks a run under way', () => {
    expect(jobHealth(job({ consecutiveFailures: 2, running: true }))).toBe('failing');
    expect(jobHealth(job({ running: true }))).toBe('running');
    expect(jobHealth(job({ failures: 5 }))).toBe('ok');
    expect(jobHealth(job({ runs: 0 }))).toBe('waiting');
  });

  it('says spans as people do', () => {
    expect([100, 1_000, 1_500, 2_000, 60_000, 90_000, 10 * 60_000, 5_400_000, 86_400_000].map(spanText))
      .toEqual(['100 ms', '1 s', '1.5 s', '2 s', '1 min', '1.5 min', '10 min', '1.5 h', '1 d']);
  });

  it('says moments from now', () => {
    const now = new Date('2026-04-14T15:30:00Z');
    expect(fromNow('2026-04-14T15:30:04Z', now)).toBe('in 4 s');
    expect(fromNow('2026-04-14T15:18:00Z', now)).toBe('12 min ago');
    expect(fromNow('2026-04-14T15:30:00.400Z', now)).toBe('now');
    expect(fromNow(null, now)).toBe('—');
  });
});
