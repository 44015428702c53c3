/**
 * A cost-share promotion (document 001 section 3, "Promotion") and its save rules
 * (section 5). The server refuses what `promotionErrors` finds; the form shows the same
 * texts as the user types.
 *
 * Designed where the specification is silent: a promotion has a budget (cents) that its
 * responsible party puts up front; the burn rate is what it pays of each sale, a share of
 * the price (`percent`, a decimal above 0 and at most 1) or a fixed amount (`fixed`, cents),
 * never more than the price nor than the budget left. Dates are days in the agent's time zone.
 */
import type { FieldError } from '../field-error';
import { MAX_ENTRY_CENTS } from '../money/cents';
import { isIsoDay } from '../time/days';
import { PROMO_DESIGNED_MSG as D, PROMO_MSG as M } from './messages';

export type ResponsibleParty = 'regional' | 'vendor' | 'marketplace';
export const RESPONSIBLE_PARTIES: readonly ResponsibleParty[] = ['regional', 'vendor', 'marketplace'];
export const PARTY_LABELS: Record<ResponsibleParty, string> = { regional: 'Region', vendor: 'Vendor', marketplace: 'Marketplace' };

export type BurnRateType = 'percent' | 'fixed';
export interface BurnRate {
  type: BurnRateType;
  /** percent: a decimal share of the price (0.25 is 25 %); fixed: cents per sale. */
  value: number;
}

export interface PromotionInput {
  name: string;
  description: string;
  priority: number;
  startDate: string | null;
  endDate: string | null;
  enrollmentDeadlineDate: string | null;
  responsibleParty: ResponsibleParty | null;
  responsibleRegionId: number | null;
  responsibleVendorId: number | null;
  burnRate: { type: BurnRateType; value: number | null };
  budgetCents: number | null;
}

export const PROMO = {
  nameMax: 100,
  descriptionMax: 2000,
  priority: { min: 1, max: 100, default: 10 },
  /** A percent burn rate keeps four decimals (0.0001 is a hundredth of a percent). */
  percentDecimals: 4,
  /** The page warns this many days before the end date. */
  endWarningDays: 7,
  /** The forecast reads the pace of the last days. */
  forecastDays: 7,
} as const;

/** The labels of the fields, as the form names them (the '{Field name} invalid' texts). */
export const PROMO_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  priority: 'Priority',
  startDate: 'Start Date',
  endDate: 'End Date',
  enrollmentDeadlineDate: 'Enrollment Deadline',
  responsibleParty: 'Financially Responsible Party',
  responsibleRegionId: 'Region',
  responsibleVendorId: 'Vendor',
  burnRate: 'Burn Rate',
  budgetCents: 'Budget',
};

export const emptyPromotion = (): PromotionInput => ({
  name: '',
  description: '',
  priority: PROMO.priority.default,
  startDate: null,
  endDate: null,
  enrollmentDeadlineDate: null,
  responsibleParty: null,
  responsibleRegionId: null,
  responsibleVendorId: null,
  burnRate: { type: 'percent', value: null },
  budgetCents: null,
});

const hasDecimalsAtMost = (n: number, places: number): boolean => Math.abs(Math.round(n * 10 ** places) - n * 10 ** places) < 1e-6;

/** Every refusal of a promotion, in the form's order; `usedCents` is what the budget already paid. */
export function promotionErrors(p: PromotionInput, usedCents = 0): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (!p.name.trim()) add('name', M.nameRequired);
  if (!p.description.trim()) add('description', M.descriptionRequired);
  if (!p.responsibleParty) add('responsibleParty', M.partyRequired);
  else if (p.responsibleParty === 'regional' && p.responsibleRegionId === null) add('responsibleRegionId', D.regionRequired);
  else if (p.responsibleParty === 'vendor' && p.responsibleVendorId === null) add('responsibleVendorId', D.vendorRequired);
  const rate = p.burnRate.value;
  if (rate === null || !Number.isFinite(rate) || rate <= 0) add('burnRate', M.burnRateRequired);
  else if (p.burnRate.type === 'percent' && (rate > 1 || !hasDecimalsAtMost(rate, PROMO.percentDecimals))) add('burnRate', M.burnRateDecimal);
  else if (p.burnRate.type === 'fixed' && (!Number.isInteger(rate) || rate < 1)) add('burnRate', D.fixedTooSmall);
  if (p.budgetCents === null || !Number.isInteger(p.budgetCents) || p.budgetCents < 1 || p.budgetCents > MAX_ENTRY_CENTS) {
    add('budgetCents', D.budgetRequired);
  } else if (p.budgetCents < usedCents) add('budgetCents', D.budgetBelowUsed);
  if (!p.endDate) add('endDate', M.endDateRequired);
  else if (p.startDate && p.startDate > p.endDate) add('endDate', D.endBeforeStart);
  if (p.endDate && p.enrollmentDeadlineDate && p.enrollmentDeadlineDate > p.endDate) add('enrollmentDeadlineDate', D.deadlineAfterEnd);
  for (const f of ['startDate', 'endDate', 'enrollmentDeadlineDate'] as const) {
    const day = p[f];
    if (day && !isIsoDay(day)) add(f, fieldLabelInvalid(f));
  }
  return errors;
}

const fieldLabelInvalid = (field: string): string => `${PROMO_FIELD_LABELS[field] ?? field} invalid`;

/** The burn rate as people read it: '25%' or '$2.50 per sale'. */
export function burnRateLabel(rate: BurnRate): string {
  if (rate.type === 'percent') return `${+(rate.value * 100).toFixed(2)}%`;
  return `$${(rate.value / 100).toFixed(2)} per sale`;
}
