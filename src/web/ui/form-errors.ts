import type { FormErrors } from '@mantine/form';
import { useEffect } from 'react';
import { ApiError, type FieldError } from '../../api/errors';

/** The server's field errors carried by a failure, or none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  return error instanceof ApiError ? error.errors : [];
}

/** What the helpers need of a Mantine form (whatever its transformed values). */
interface FormLike {
  getValues(): object;
  setErrors(update: (prev: FormErrors) => FormErrors): void;
}

/** Field errors whose field is one of the form's own (top-level) values. */
export function onFormFields(values: object, errors: readonly FieldError[]): FieldError[] {
  return errors.filter((e) => Object.hasOwn(values, e.field));
}

/** Whether a failure's field errors all name fields of the form: a banner would only repeat them. */
export function coveredByFields(values: object, errors: readonly FieldError[]): boolean {
  return errors.length > 0 && onFormFields(values, errors).length === errors.length;
}

/**
 * Puts the server's field errors under the form's fields of the same name (a 409 on
 * `agentId` shows under Agent ID); Mantine clears each one when its field changes or the
 * form validates again. Answers whether every error found its field, so a caller can
 * leave out a banner that would only repeat them.
 */
export function showFieldErrors(form: FormLike, errors: readonly FieldError[]): boolean {
  const placed = onFormFields(form.getValues(), errors);
  if (placed.length) form.setErrors((prev) => ({ ...prev, ...Object.fromEntries(placed.map((e) => [e.field, e.message])) }));
  return placed.length === errors.length;
}

/** Shows each new failure's field errors on the form (see showFieldErrors). */
export function useFieldErrors(form: FormLike, errors: readonly FieldError[] | undefined): void {
  useEffect(() => {
    if (errors?.length) showFieldErrors(form, errors);
    // The form object changes every render; only a new list of errors is news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);
}
