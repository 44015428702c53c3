import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import usMetadata from './phone-metadata.us.json';

/**
 * Phone numbers are US numbers. The metadata is the US entry of libphonenumber-js's
 * metadata.min.json (1 KB instead of 80 KB for every country); tests/web/phone.test.ts
 * fails when it drifts from the installed package.
 */
const COUNTRY = 'US';
const metadata = usMetadata as unknown as MetadataJson;
const parse = (text: string) => parsePhoneNumberFromString(text, COUNTRY, metadata);

/** A phone number as people read it, "(512) 555-0199"; text that is no US number stays as it is. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const phone = parse(value);
  return phone && phone.nationalNumber.length === 10 ? phone.formatNational() : value;
}

/**
 * A typed US number in any usual shape ("512.555.0199", "+1 (512) 555-0199",
 * "1-512-555-0199") as its 10 national digits, the form the profile rule and the stored
 * data use; anything else comes back trimmed, for the rule to refuse with its message.
 */
export function normalizePhone(typed: string): string {
  const phone = parse(typed);
  return phone && phone.nationalNumber.length === 10 ? phone.nationalNumber : typed.trim();
}
