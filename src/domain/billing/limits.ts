import { isSuperAdmin, type Actor } from '../roles';
import { BILLING_DESIGNED_MSG, billingText } from './messages';
import { formatCents } from '../money/format';

/** Document 002 sections 5 and 9, in cents. */
export const CREDIT_MAX_CENTS = 50_00;
export const SUPER_ADMIN_CREDIT_MAX_CENTS = 100_000_00;
export const CHARGE_MAX_CENTS = 100_000_00;

/** Debit types and their labels (document 002 section 9). */
export const DEBIT_TYPES = [
  { value: 'cancellation_credit', label: 'Cancellation Credit' },
  { value: 'refund', label: 'Refund' },
] as const;
export type DebitType = (typeof DEBIT_TYPES)[number]['value'];
export const debitTypeLabel = (t: DebitType): string => DEBIT_TYPES.find((d) => d.value === t)!.label;

/** What an admin may do to a balance from the billing tabs. */
export type ChargeKind = 'credit' | 'debit' | 'courtesy-credit' | 'courtesy-debit' | 'deposit' | 'transfer';

/**
 * The kinds that credit a balance with money no card paid for: the Credit tab's credit and
 * the Courtesy Credit tab's. Section 5's credit maximum holds on every one of them.
 */
export const CREDIT_KINDS: readonly ChargeKind[] = ['credit', 'courtesy-credit'];

/** The most one movement of this kind may move, for this actor. */
export function maxCents(kind: ChargeKind, actor: Pick<Actor, 'role' | 'isSuperAdmin'>): number {
  if (CREDIT_KINDS.includes(kind)) return isSuperAdmin(actor) ? SUPER_ADMIN_CREDIT_MAX_CENTS : CREDIT_MAX_CENTS;
  return CHARGE_MAX_CENTS;
}


/** The field error of an amount in cents, or null when it may move. */
export function amountError(cents: number, kind: ChargeKind, actor: Pick<Actor, 'role' | 'isSuperAdmin'>): string | null {
  if (!Number.isSafeInteger(cents) || cents <= 0) return BILLING_DESIGNED_MSG.amountPositive;
  const max = maxCents(kind, actor);
  if (cents > max) return billingText(BILLING_DESIGNED_MSG.amountTooHigh, { X: formatCents(max) });
  return null;
}
