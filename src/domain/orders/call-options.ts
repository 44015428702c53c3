import { ORDER_DESIGNED_MSG } from './messages';
import type { FieldError, Product } from './types';

/** Billable call durations offered, in seconds: a call is billed once it lasts this long. */
export const BILLABLE_DURATIONS = [30, 60, 90, 120, 180] as const;
export const CALL_DEFAULTS = { maxConcurrentCalls: 1, billableCallDuration: 90 } as const;

/** Concurrent calls: at least 1, digits only (the field's text). */
export const concurrencyFromText = (text: string): number | null => (/^\d+$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null);

export interface CallOptions {
  maxConcurrentCalls: number | null;
  billableCallDuration: number | null;
}

export function callOptionErrors(o: CallOptions, product: Product): FieldError[] {
  const errors: FieldError[] = [];
  if (product !== 'calls') {
    if (o.maxConcurrentCalls !== null) errors.push({ field: 'maxConcurrentCalls', message: ORDER_DESIGNED_MSG.callsOnly });
    if (o.billableCallDuration !== null) errors.push({ field: 'billableCallDuration', message: ORDER_DESIGNED_MSG.callsOnly });
    return errors;
  }
  if (o.maxConcurrentCalls === null || !Number.isInteger(o.maxConcurrentCalls) || o.maxConcurrentCalls < 1)
    errors.push({ field: 'maxConcurrentCalls', message: ORDER_DESIGNED_MSG.concurrencyDigits });
  if (!BILLABLE_DURATIONS.includes(o.billableCallDuration as never))
    errors.push({ field: 'billableCallDuration', message: ORDER_DESIGNED_MSG.callDuration });
  return errors;
}
