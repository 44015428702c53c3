import type { FieldError } from './field-error';

/**
 * An API answer as a machine sees it: expected refusals are data, surprises throw. The data
 * layer makes refusals (src/api/errors.ts, `orRefusal`); machines read them.
 */
export type Outcome<T> = ({ ok: true } & T) | Refusal;

/** A refusal: the message for the form, the error code, and field errors when the server named fields. */
export interface Refusal {
  ok: false;
  message: string;
  code?: string;
  errors?: FieldError[];
}

/**
 * An answer a machine already knows the kind of (its `accepted` guard decided), narrowed
 * for the action that stores it: a machine's action then reads the refusal or the
 * success without asking again.
 */
export function refusalOf(outcome: Outcome<object>): Refusal {
  if (outcome.ok) throw new Error('An accepted answer is not a refusal');
  return outcome;
}
export function acceptedOf<T extends object>(outcome: Outcome<T>): { ok: true } & T {
  if (!outcome.ok) throw new Error(`A refusal is not an accepted answer: ${outcome.message}`);
  return outcome;
}

/** The message of a refusal ('' for a success). */
export const refusalMessage = (outcome: Outcome<object>): string => (outcome.ok ? '' : outcome.message);

/** The code of a refusal whose session is gone (a 401), whichever call met it. */
export const SESSION_CODE = 'session';
