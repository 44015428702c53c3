import { describe, expect, it } from 'vitest';
import { activeCallsText, leadListChangeText } from '../../src/domain/announcements';

describe('what a screen reader hears when a live table changes', () => {
  it('the active calls: none, one or several, with the connected and ringing split', () => {
    expect(activeCallsText(0, 0, 0)).toBe('No call active');
    expect(activeCallsText(1, 0, 1)).toBe('1 call active: 0 connected, 1 ringing');
    expect(activeCallsText(3, 2, 1)).toBe('3 calls active: 2 connected, 1 ringing');
  });

  it('the lead list: how many leads came or went', () => {
    expect(leadListChangeText(1)).toBe('1 lead added');
    expect(leadListChangeText(2)).toBe('2 leads added');
    expect(leadListChangeText(-1)).toBe('1 lead left the list');
    expect(leadListChangeText(-3)).toBe('3 leads left the list');
  });
});
