import { MSG } from './messages';

/** Both initials boxes must hold the same non-empty initials (document 000 section 5). */
export function termsInitialsError(first: string, second: string): string | null {
  const a = first.trim();
  const b = second.trim();
  return a !== '' && a.toUpperCase() === b.toUpperCase() ? null : MSG.termsInitials;
}
