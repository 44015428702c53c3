import { describe, expect, it } from 'vitest';
import { rovingMove } from '../../src/web/ui/use-roving-focus';

describe('rovingMove', () => {
  it('moves by one across, by a row up and down, to the ends with Home and End, and stops at the edges', () => {
    // 10 items in 4 columns: rows 0-3, 4-7, 8-9.
    expect(rovingMove(5, 'ArrowRight', 10, 4)).toBe(6);
    expect(rovingMove(5, 'ArrowLeft', 10, 4)).toBe(4);
    expect(rovingMove(5, 'ArrowDown', 10, 4)).toBe(9);
    expect(rovingMove(7, 'ArrowDown', 10, 4)).toBe(9);
    expect(rovingMove(5, 'ArrowUp', 10, 4)).toBe(1);
    expect(rovingMove(2, 'ArrowUp', 10, 4)).toBe(0);
    expect(rovingMove(0, 'ArrowLeft', 10, 4)).toBe(0);
    expect(rovingMove(9, 'ArrowRight', 10, 4)).toBe(9);
    expect(rovingMove(5, 'Home', 10, 4)).toBe(0);
    expect(rovingMove(5, 'End', 10, 4)).toBe(9);
    expect(rovingMove(5, ' ', 10, 4)).toBeNull();
  });
});
