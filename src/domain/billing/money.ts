/** Money is integer cents (architecture rule 4); screens show dollars. */

/** 123456 → '1,234.56' (no dollar sign: the texts carry it). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** '$1,234.56', '-$5.00'. */
export const dollars = (cents: number): string => (cents < 0 ? `-$${formatCents(-cents)}` : `$${formatCents(cents)}`);

/** Dollars typed in a form (a number such as 12.5) → cents, or null when not a money amount. */
export function toCents(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const cents = Math.round(amount * 100);
  if (Math.abs(cents / 100 - amount) > 1e-6) return null; // more than two decimals
  return Number.isSafeInteger(cents) ? cents : null;
}
