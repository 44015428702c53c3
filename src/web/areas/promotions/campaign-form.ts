/**
 * What the campaign form edits and how it becomes the contract's body: the burn rate and
 * the budget are typed in the units people think in (a decimal share, dollars) and sent as
 * the API's (the same decimal, cents); field errors, the domain rule's or the server's,
 * come back keyed by the form's own fields.
 */
import type { PromotionBody } from '../../../api/promotions/create-promotion';
import type { PromotionPatch } from '../../../api/promotions/update-promotion';
import type { Promotion } from '../../../api/promotions/list-promotions';
import type { FieldError } from '../../../domain/field-error';
import { toCents } from '../../../domain/money/format';
import { emptyPromotion, fieldInvalid, PROMO, PROMO_FIELD_LABELS, type BurnRateType, type PromotionInput, type ResponsibleParty } from '../../../domain/promotions';

/** NumberInput answers '' when emptied. */
type Typed = number | string;

export interface CampaignDraft {
  name: string;
  description: string;
  priority: Typed;
  startDate: string | null;
  endDate: string | null;
  enrollmentDeadlineDate: string | null;
  responsibleParty: ResponsibleParty | null;
  /** Select values are text: the id as a string. */
  responsibleRegionId: string | null;
  responsibleVendorId: string | null;
  burnRateType: BurnRateType;
  /** percent: the decimal share (0.25); fixed: dollars per sale. */
  burnRate: Typed;
  /** Dollars. */
  budget: Typed;
  isActive: boolean;
}

const numberOf = (v: Typed): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const idOf = (v: string | null): number | null => (v === null || v === '' ? null : Number(v));
const textOf = (id: number | null): string | null => (id === null ? null : String(id));

/** The form's start: a new promotion's defaults, or the saved promotion in the form's units. */
export function draftOf(p: Promotion | null): CampaignDraft {
  if (!p) {
    const e = emptyPromotion();
    return {
      name: e.name, description: e.description, priority: e.priority, startDate: e.startDate, endDate: e.endDate, enrollmentDeadlineDate: e.enrollmentDeadlineDate,
      responsibleParty: e.responsibleParty, responsibleRegionId: null, responsibleVendorId: null, burnRateType: e.burnRate.type, burnRate: '', budget: '', isActive: false,
    };
  }
  const rate = p.burnRate.value;
  return {
    name: p.name, description: p.description, priority: p.priority, startDate: p.startDate, endDate: p.endDate, enrollmentDeadlineDate: p.enrollmentDeadlineDate,
    responsibleParty: p.responsibleParty, responsibleRegionId: textOf(p.responsibleRegionId), responsibleVendorId: textOf(p.responsibleVendorId),
    burnRateType: p.burnRate.type, burnRate: rate === null ? '' : p.burnRate.type === 'fixed' ? rate / 100 : rate, budget: p.budgetCents / 100, isActive: p.isActive,
  };
}

/** Dollars to cents; an amount with more than two decimals stays a fraction of a cent, so the rule refuses it. */
const centsOf = (v: Typed): number | null => {
  const n = numberOf(v);
  return n === null ? null : (toCents(n) ?? n * 100);
};

/** The draft as the domain's promotion (what promotionErrors checks); only the chosen party's id is kept. */
export function inputOf(d: CampaignDraft): PromotionInput {
  return {
    name: d.name.trim(),
    description: d.description.trim(),
    priority: numberOf(d.priority) ?? PROMO.priority.default,
    startDate: d.startDate || null,
    endDate: d.endDate || null,
    enrollmentDeadlineDate: d.enrollmentDeadlineDate || null,
    responsibleParty: d.responsibleParty,
    responsibleRegionId: d.responsibleParty === 'regional' ? idOf(d.responsibleRegionId) : null,
    responsibleVendorId: d.responsibleParty === 'vendor' ? idOf(d.responsibleVendorId) : null,
    burnRate: { type: d.burnRateType, value: d.burnRateType === 'fixed' ? centsOf(d.burnRate) : numberOf(d.burnRate) },
    budgetCents: centsOf(d.budget),
  };
}

/** The body of POST /cost-shares; `isActive` only from someone who may turn promotions on (else the server refuses it). */
export const createBodyOf = (d: CampaignDraft, mayEnable: boolean): PromotionBody => ({ ...inputOf(d), ...(mayEnable ? { isActive: d.isActive } : {}) });

/** The body of PATCH /cost-shares/{id}: everything for an editor; only the switch for someone who may only turn it on or off. */
export function patchBodyOf(d: CampaignDraft, may: { edit: boolean; enable: boolean }): PromotionPatch {
  const active = may.enable ? { isActive: d.isActive } : {};
  return may.edit ? { ...inputOf(d), ...active } : active;
}

/** The form field a domain or server field error goes under ('burnRate.value' under the burn rate, 'budgetCents' under the budget). */
const FORM_FIELD: Record<string, keyof CampaignDraft> = { burnRate: 'burnRate', budgetCents: 'budget' };
const DRAFT_FIELDS = new Set(Object.keys(draftOf(null)));

export interface PlacedErrors {
  /** The first message of each form field. */
  fields: Partial<Record<keyof CampaignDraft, string>>;
  /** Messages of fields the form does not show (for a banner). */
  others: string[];
}

/**
 * Field errors keyed by the form's fields. A refusal the server gives without a text shows
 * the save error of section 8, '{Field name} invalid'.
 */
export function placeErrors(errors: readonly FieldError[]): PlacedErrors {
  const placed: PlacedErrors = { fields: {}, others: [] };
  for (const e of errors) {
    const top = e.field.split('.')[0];
    const message = e.message.trim() || fieldInvalid(PROMO_FIELD_LABELS[top] ?? top);
    const field = FORM_FIELD[top] ?? (DRAFT_FIELDS.has(top) ? (top as keyof CampaignDraft) : null);
    if (field) placed.fields[field] ??= message;
    else placed.others.push(message);
  }
  return placed;
}

