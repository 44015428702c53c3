/** An API answer as a machine sees it: expected refusals are data, surprises throw. */
export type Outcome<T> = ({ ok: true } & T) | Refusal;

/** A refusal: the message for the form, the error code, and field errors when the server named fields. */
export interface Refusal {
  ok: false;
  message: string;
  code?: string;
  errors?: FieldMessage[];
}
export interface FieldMessage {
  field: string;
  message: string;
}

/** The message of a refusal ('' for a success). */
export const refusalMessage = (outcome: Outcome<object>): string => (outcome.ok ? '' : outcome.message);
