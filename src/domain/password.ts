import { DESIGNED_MSG } from './messages';

/** Password strength as the reset form checks it (document 000 section 5). */
export const PASSWORD_CHECKS = [
  { id: 'upper', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A digit', test: (p: string) => /[0-9]/.test(p) },
  { id: 'special', label: 'A special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export const PASSWORD_MIN_LENGTH = 8; // designed: the spec names no length
export const PASSWORD_MAX_LENGTH = 128;

export function passwordError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    return `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`;
  return PASSWORD_CHECKS.every((c) => c.test(password)) ? null : DESIGNED_MSG.passwordRules;
}

export function confirmationError(password: string, confirmation: string): string | null {
  return password !== '' && password === confirmation ? null : DESIGNED_MSG.passwordMismatch;
}
