import { isSuperAdmin, type Actor } from '../roles';

/** The check digit lives with the card-number rules (src/domain/money). */
export { luhnValid } from '../money/card-number';

/** Card expiry year choices: 10 years from the current one. Months 1 to 12. */
export const EXPIRY_YEAR_COUNT = 10;
export const expiryYears = (currentYear: number): number[] => Array.from({ length: EXPIRY_YEAR_COUNT }, (_, i) => currentYear + i);
export const EXPIRY_MONTHS: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);

export type ExpiryState = 'expired' | 'expiring' | 'good';

/** The end of a card's expiry month: the first moment of the next month (UTC). */
export const expiryEnd = (month: number, year: number): Date => new Date(Date.UTC(year, month, 1));

/**
 * Card expiry state from the end of the expiry month (document 002 section 4): Expired if
 * that moment is not after now; Expiring if it falls in the current month; Good otherwise.
 * "Falls in the current month" is read as: the card's last valid month is this month.
 */
export function expiryState(month: number, year: number, now: Date): ExpiryState {
  const end = expiryEnd(month, year);
  if (end.getTime() <= now.getTime()) return 'expired';
  if (year === now.getUTCFullYear() && month === now.getUTCMonth() + 1) return 'expiring';
  return 'good';
}

/**
 * Expiry on the user's day (YYYY-MM-DD in their zone): expiry is by month, so noon of the
 * day stands for now. Screens and the server's recharge check ask this with the same day.
 */
export const expiryStateOn = (month: number, year: number, today: string): ExpiryState =>
  expiryState(month, year, new Date(`${today}T12:00:00Z`));

/** Is this a month of the expiry choices (1 to 12)? */
export const isExpiryMonth = (month: number): boolean => EXPIRY_MONTHS.includes(month);

/** A card's expiry as screens and the API write it: 'M/YYYY'. */
export const expiryText = (month: number, year: number): string => `${month}/${year}`;

/** 'Card will expire M/YYYY' for an expiring card. */
export const expiringText = (month: number, year: number): string => `Card will expire ${expiryText(month, year)}`;

export const EXPIRY_LABELS: Record<ExpiryState, string> = { expired: 'Expired', expiring: 'Expiring', good: 'Good' };

/** 1 → '1st', 2 → '2nd', 11 → '11th', 23 → '23rd'. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** Billing priority options (document 002 section 5): 'Primary billing card', 'Backup billing card', then 'Nth backup card'. */
export function priorityLabel(priority: number): string {
  if (priority === 1) return 'Primary billing card';
  if (priority === 2) return 'Backup billing card';
  return `${ordinal(priority)} backup card`;
}

/** The priority choices for a list of n cards. */
export const priorityOptions = (n: number): Array<{ value: number; label: string }> =>
  Array.from({ length: Math.max(n, 1) }, (_, i) => ({ value: i + 1, label: priorityLabel(i + 1) }));

export interface CardLike {
  id: number;
  autoBillingEligible: boolean;
}

/**
 * Document 002 section 5: a card may be removed only if it is not auto-billing eligible,
 * or the user is a super admin, or more than one auto-billing card exists.
 */
export function mayRemoveCard(card: CardLike, cards: readonly CardLike[], actor: Pick<Actor, 'role' | 'isSuperAdmin'>): boolean {
  if (!card.autoBillingEligible || isSuperAdmin(actor)) return true;
  return cards.filter((c) => c.autoBillingEligible).length > 1;
}

/** A stored brand as people write it: 'visa' → 'Visa'. */
export const brandName = (brand: string): string => `${brand.charAt(0).toUpperCase()}${brand.slice(1)}`;

/** How a card is named on screens: 'Visa •••• 4242'. */
export const cardName = (c: { brand: string; lastFour: string }): string => `${brandName(c.brand)} •••• ${c.lastFour}`;

/** How a card is named in a ledger memo: 'Visa ending 4242'. */
export const cardMemo = (c: { brand: string; lastFour: string }): string => `${brandName(c.brand)} ending ${c.lastFour}`;

/** A card offered in a list of cards to charge: 'Visa •••• 4242 (expires 1/2030)'. */
export const cardChoiceLabel = (c: { brand: string; lastFour: string; expirationMonth: number; expirationYear: number }): string =>
  `${cardName(c)} (expires ${expiryText(c.expirationMonth, c.expirationYear)})`;
