import { BILLING_DESIGNED_MSG } from './messages';
import type { FieldError } from '../field-error';

/** Toasts of a transfer stay 15 seconds (document 002 section 9). */
export const TRANSFER_TOAST_MS = 15_000;

export interface TransferForm {
  toCompanyId: number;
  fromCompanyId: number;
  amountCents: number;
}

/**
 * Document 002 section 5: a transfer is valid only if the target company is above 0, the
 * target differs from the current one, and the amount is above 0.
 */
export function transferErrors(t: TransferForm): FieldError[] {
  const errors: FieldError[] = [];
  if (!(t.toCompanyId > 0)) errors.push({ field: 'toCompanyId', message: BILLING_DESIGNED_MSG.targetCompanyRequired });
  else if (t.toCompanyId === t.fromCompanyId) errors.push({ field: 'toCompanyId', message: BILLING_DESIGNED_MSG.targetCompanySame });
  if (!(t.amountCents > 0) || !Number.isSafeInteger(t.amountCents)) errors.push({ field: 'amount', message: BILLING_DESIGNED_MSG.amountPositive });
  return errors;
}
