/** Card numbers: the check digit and the brand. A server keeps neither the number nor the CVV. */

/** The digits of a card number as typed: spaces and dashes are ignored. */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/** The digits of a number a server may keep: its last four. */
export const lastFourOf = (number: string): string => cardDigits(number).slice(-4);

/** Check digit (Luhn) of a card number; spaces and dashes are ignored, 12–19 digits. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** The brand from the number's leading digits (IIN ranges). */
export function cardBrand(number: string): CardBrand {
  const d = cardDigits(number);
  if (/^4/.test(d)) return 'visa';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  const two = Number(d.slice(0, 2));
  const four = Number(d.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return 'unknown';
}

/** A CVV's length: four digits on an American Express card, three on the others. */
export const cvvLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);
export const cvvValid = (cvv: string, brand: CardBrand): boolean => /^\d+$/.test(cvv) && cvv.length === cvvLength(brand);
