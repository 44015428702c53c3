/** Money is integer cents (architecture rule 4). */

/** The largest amount one ledger entry may carry (its column is a 32-bit integer). */
export const MAX_ENTRY_CENTS = 2_147_483_647;

/** A positive whole number of cents one entry can carry. */
export const isPositiveCents = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= MAX_ENTRY_CENTS;
