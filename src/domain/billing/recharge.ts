import { isSuperAdmin, type Actor } from '../roles';
import { addMonths, isIsoDay } from '../time/days';
import { BILLING_DESIGNED_MSG, BILLING_MSG, billingText } from './messages';
import { CHARGE_MAX_CENTS } from './limits';
import { formatCents } from '../money/format';
import type { FieldError } from '../field-error';
import { expiryStateOn } from './cards';

/** Billing types (document 002 sections 3 and 9). */
export const BILLING_TYPES = [
  { value: 'ct', label: 'Continuous Billing' },
  { value: 'subscription', label: 'Monthly billing subscription' },
] as const;
export type BillingType = (typeof BILLING_TYPES)[number]['value'];

/** A company that never set one up has continuous billing with the recurring defaults. */
export const DEFAULT_BILLING_TYPE: BillingType = 'ct';
/** Recurring defaults (document 002 section 5), in cents: recharge $250 when the balance falls below $50. */
export const DEFAULT_RECHARGE_CENTS = 250_00;
export const DEFAULT_THRESHOLD_CENTS = 50_00;
/** The effective date may be up to 1 month ahead. */
export const EFFECTIVE_DATE_MONTHS_AHEAD = 1;
export const latestEffectiveDate = (today: string): string => addMonths(today, EFFECTIVE_DATE_MONTHS_AHEAD);

/** Only a super admin chooses the billing type; others keep continuous billing. */
export const mayChooseBillingType = (actor: Pick<Actor, 'role' | 'isSuperAdmin'>): boolean => isSuperAdmin(actor);

export interface RechargeSetup {
  type: BillingType;
  chargeCents: number;
  thresholdCents: number;
  effectiveDate: string;
  cardIds: readonly number[];
}

/** What the recharge rule reads of a card. */
export interface RechargeCardFacts {
  id: number;
  autoBillingEligible: boolean;
  expirationMonth: number;
  expirationYear: number;
}

/**
 * May this card be a recharge card on the user's day? Only a card marked eligible for auto
 * billing (document 002 section 5) and not expired: a recharge never tries another.
 */
export const rechargeCardEligible = (c: RechargeCardFacts, today: string): boolean =>
  c.autoBillingEligible && expiryStateOn(c.expirationMonth, c.expirationYear, today) !== 'expired';

/** The ids of a company's cards that may be recharge cards today. */
export const eligibleRechargeCardIds = (cards: readonly RechargeCardFacts[], today: string): number[] =>
  cards.filter((c) => rechargeCardEligible(c, today)).map((c) => c.id);

/**
 * Field errors of a recharge or subscription setup ([] when it may be saved). A
 * subscription has no threshold and charges its amount monthly from the effective date.
 * `eligibleCardIds`: the company's cards that may be recharge cards today
 * (`eligibleRechargeCardIds`); every chosen card must be one of them.
 */
export function rechargeErrors(s: RechargeSetup, today: string, eligibleCardIds: readonly number[]): FieldError[] {
  const errors: FieldError[] = [];
  if (!Number.isSafeInteger(s.chargeCents) || s.chargeCents <= 0) errors.push({ field: 'chargeAmount', message: BILLING_DESIGNED_MSG.amountPositive });
  else if (s.chargeCents > CHARGE_MAX_CENTS)
    errors.push({ field: 'chargeAmount', message: billingText(BILLING_DESIGNED_MSG.amountTooHigh, { X: formatCents(CHARGE_MAX_CENTS) }) });
  if (s.type === 'ct') {
    if (!Number.isSafeInteger(s.thresholdCents) || s.thresholdCents < 0)
      errors.push({ field: 'withdrawalThreshold', message: BILLING_DESIGNED_MSG.amountPositive });
    else if (s.thresholdCents >= s.chargeCents && s.chargeCents > 0)
      errors.push({ field: 'withdrawalThreshold', message: BILLING_DESIGNED_MSG.thresholdTooHigh });
  }
  if (!isIsoDay(s.effectiveDate) || s.effectiveDate < today || s.effectiveDate > latestEffectiveDate(today))
    errors.push({ field: 'effectiveDate', message: BILLING_DESIGNED_MSG.effectiveDateRange });
  if (s.cardIds.length === 0) errors.push({ field: 'ctCards', message: BILLING_DESIGNED_MSG.rechargeCardsRequired });
  else if (s.cardIds.some((id) => !eligibleCardIds.includes(id))) errors.push({ field: 'ctCards', message: BILLING_DESIGNED_MSG.rechargeCardIneligible });
  return errors;
}

/** The success text of a saved setup (document 002 section 8). */
export function rechargeSavedText(s: Pick<RechargeSetup, 'type' | 'chargeCents' | 'thresholdCents'>): string {
  return s.type === 'subscription'
    ? billingText(BILLING_MSG.subscriptionUpdated, { X: formatCents(s.chargeCents) })
    : billingText(BILLING_MSG.rechargeUpdated, { X: formatCents(s.chargeCents), Y: formatCents(s.thresholdCents) });
}
