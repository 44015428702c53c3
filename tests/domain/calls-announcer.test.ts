import { describe, expect, it } from 'vitest';
import { activeCallsText } from '../../src/domain/calls/list';

describe('what a screen reader hears of the active calls', () => {
  it('says none, one or several, with the connected and ringing split', () => {
    expect(activeCallsText(0, 0, 0)).toBe('No call active');
    expect(activeCallsText(1, 0, 1)).toBe('1 call active: 0 connected, 1 ringing');
    expect(activeCallsText(3, 2, 1)).toBe('3 calls active: 2 connected, 1 ringing');
  });
});
