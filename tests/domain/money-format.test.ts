import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvAmount, dollars, dollarsShort, formatCents, toCents } from '../../src/domain/money';

describe('money as text (one formatter)', () => {
  it('writes cents as dollars for screens, texts and files', () => {
    expect(dollars(123456)).toBe('$1,234.56');
    expect(dollars(-500)).toBe('-$5.00');
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(null)).toBe('—');
    expect(dollars(15_000_000)).toBe('$150,000.00');
    expect(formatCents(123456)).toBe('1,234.56');
    expect(formatCents(5)).toBe('0.05');
    expect(dollarsShort(500)).toBe('$5');
    expect(dollarsShort(550)).toBe('$5.50');
    expect(dollarsShort(1_000_000)).toBe('$10,000');
    expect(csvAmount(123456)).toBe('1234.56');
    expect(csvAmount(-7)).toBe('-0.07');
  });

  it('reads what it writes: every whole number of cents round-trips', () => {
    fc.assert(fc.property(fc.integer({ min: -2_147_483_647, max: 2_147_483_647 }), (cents) => {
      expect(toCents(Number(csvAmount(cents)))).toBe(cents);
      expect(formatCents(cents).replace(/,/g, '')).toBe(csvAmount(cents));
    }));
  });

  it('reads amounts typed in a form', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.234)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
  });
});
