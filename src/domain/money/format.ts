/**
 * Money is integer cents (architecture rule 4); this is the one place that writes it as
 * dollars, for screens, texts, PDFs and CSV files alike. Intl.NumberFormat does the
 * grouping, the sign and the rounding; the formatters are built once (building is the slow part).
 */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const USD_WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const AMOUNT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PLAIN = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** 123456 → '$1,234.56', -500 → '-$5.00', and '—' for an amount that is not set (null). */
export const dollars = (cents: number | null): string => (cents === null ? '—' : USD.format(cents / 100));

/** Whole dollars without their cents, others as `dollars`: 500 → '$5', 550 → '$5.50' (limits in sentences). */
export const dollarsShort = (cents: number): string => (cents % 100 === 0 ? USD_WHOLE.format(cents / 100) : dollars(cents));

/** 123456 → '1,234.56' (no dollar sign: the texts of document 002 carry it, "$X"). */
export const formatCents = (cents: number): string => AMOUNT.format(cents / 100);

/** 123456 → '1234.56': a figure a spreadsheet reads as a number (CSV exports). */
export const csvAmount = (cents: number): string => PLAIN.format(cents / 100);

/** Dollars typed in a form (a number such as 12.5) → cents, or null when not a money amount. */
export function toCents(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const cents = Math.round(amount * 100);
  if (Math.abs(cents / 100 - amount) > 1e-6) return null; // more than two decimals
  return Number.isSafeInteger(cents) ? cents : null;
}
