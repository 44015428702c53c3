import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/domain/time-format';

describe('formatDateTime', () => {
  const moment = '2026-11-21T11:27:07.000Z';

  it('shows a moment in the given zone, named', () => {
    expect(formatDateTime(moment, 'America/New_York')).toBe('Nov 21, 2026, 6:27 AM EST');
    expect(formatDateTime(new Date(moment), 'America/Chicago')).toBe('Nov 21, 2026, 5:27 AM CST');
    expect(formatDateTime('2026-07-01T12:00:00Z', 'America/Los_Angeles')).toBe('Jul 1, 2026, 5:00 AM PDT');
  });

  it('falls back to UTC for a zone name it does not know, and leaves text that is no moment alone', () => {
    expect(formatDateTime(moment, 'Mars/Olympus')).toBe('Nov 21, 2026, 11:27 AM UTC');
    expect(formatDateTime('soon', 'UTC')).toBe('soon');
  });
});
