import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Numbers are US numbers unless typed with another country code. */
const COUNTRY = 'US';

/** A phone number as people read it: (512) 555-0199 for US numbers, international otherwise. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const phone = parsePhoneNumberFromString(value, COUNTRY);
  if (!phone) return value;
  return phone.country === COUNTRY || phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational();
}

/**
 * A typed US number in any usual shape ("512.555.0199", "+1 (512) 555-0199",
 * "1-512-555-0199") as its 10 national digits, the form the profile rule and the stored
 * data use; anything else comes back trimmed, for the rule to refuse with its message.
 */
export function normalizePhone(typed: string): string {
  const phone = parsePhoneNumberFromString(typed, COUNTRY);
  return phone && phone.countryCallingCode === '1' && phone.nationalNumber.length === 10 ? phone.nationalNumber : typed.trim();
}
