import { MSG } from './messages';
import { STATE_CODES, ZIP_PATTERN } from './lookups';
import type { FieldError } from './field-error';

/** The registration profile (document 001 section 3) as the complete-profile form sends it. */
export interface ProfileInput {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zipcode: string;
  companyName: string;
  agentId?: string;
}

/** Fields the complete-profile form requires; address line 2 and agent id are optional. */
export const PROFILE_REQUIRED: ReadonlyArray<keyof ProfileInput> = [
  'firstName', 'lastName', 'phoneNumber', 'address1', 'city', 'state', 'zipcode', 'companyName',
];

/** Company name default: first and last name plus ' Agency'. */
export function defaultCompanyName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()} Agency`.trim();
}

/** Field errors of a profile; empty when it may be saved. */
export function profileErrors(p: Partial<ProfileInput>): FieldError[] {
  const errors: FieldError[] = [];
  for (const f of PROFILE_REQUIRED) {
    if (!String(p[f] ?? '').trim()) errors.push({ field: f, message: MSG.profileRequired });
  }
  if (p.zipcode && !ZIP_PATTERN.test(p.zipcode.trim()))
    errors.push({ field: 'zipcode', message: 'Zip code must be 5 digits, optionally followed by a dash and 4 digits' });
  if (p.state && !STATE_CODES.includes(p.state))
    errors.push({ field: 'state', message: 'Choose a state from the list' });
  if (p.phoneNumber && p.phoneNumber.replace(/\D/g, '').length !== 10)
    errors.push({ field: 'phoneNumber', message: 'Phone number needs 10 digits' });
  return errors;
}
