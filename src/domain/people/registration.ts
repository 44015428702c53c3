import { confirmationError, passwordError } from '../password';
import { profileErrors, type ProfileInput } from '../profile';
import { MSG } from '../messages';
import type { FieldError } from '../field-error';

/**
 * The registration form (document 001 sections 3 and 5): the registration profile plus
 * email, country, password and its confirmation. Company name defaults to the name plus
 * ' Agency' (defaultCompanyName).
 */
export interface RegistrationInput extends ProfileInput {
  email: string;
  country: string;
  password: string;
  confirmation: string;
}

export function registrationErrors(r: Partial<RegistrationInput>): FieldError[] {
  const errors = profileErrors(r);
  if (!r.email?.trim()) errors.push({ field: 'email', message: MSG.profileRequired });
  if (!r.country?.trim()) errors.push({ field: 'country', message: MSG.profileRequired });
  if (!r.password) errors.push({ field: 'password', message: MSG.profileRequired });
  else {
    const weak = passwordError(r.password);
    if (weak) errors.push({ field: 'password', message: weak });
  }
  const mismatch = confirmationError(r.password ?? '', r.confirmation ?? '');
  if (r.password && mismatch) errors.push({ field: 'confirmation', message: mismatch });
  return errors;
}
