import { bidErrors, defaultMaxBid, raisedMaxBid } from './bids';
import { CALL_DEFAULTS, callOptionErrors } from './call-options';
import { capErrors, defaultCaps } from './caps';
import { defaultFilters, filterErrors } from './filters';
import { ORDER_DESIGNED_MSG } from './messages';
import { canEditQuestions, canUseOptimizer, isCldPackage, mayOrderGrowth, showsMatchPremiumSources } from './packages';
import { ratioValid } from './market';
import { deliveryErrors, scheduleErrors, territoryErrors } from './step-rules';
import { destinationDigits } from './delivery';
import { emptyTerritory } from './territory';
import { CREATE_STEPS, EDIT_FLOW, type FieldError, type OrderPackage, type OrderSettings, type SettingsPatch, type Step, type Vertical, type Viewer } from './types';
import { effectiveVendors, hasVendorStep, vendorErrors } from './vendors';

export const NAME_MAX = 100;

/** A fresh territory: a ZIP list, 90 miles around a regional ZIP (spec 001 section 9). */
export const DEFAULT_RADIUS = 90;
export const RECOMMENDED_RADIUS = 30;

export const emptySchedule = (): OrderSettings['schedule'] => ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });

/** The settings a new draft starts with, before a package is chosen. */
export function blankSettings(vertical: Vertical, name: string): OrderSettings {
  return {
    name,
    packageId: null,
    territory: emptyTerritory(DEFAULT_RADIUS),
    schedule: emptySchedule(),
    vendorIds: [],
    filters: defaultFilters({ tags: [], cldGrowth: false }),
    questions: [],
    caps: defaultCaps({ product: 'leads', vertical, tags: [], cldGrowth: false, isCustomPriced: false }),
    maxBidCents: null,
    customPriceCents: null,
    withdrawalConfirmed: false,
    maxConcurrentCalls: null,
    billableCallDuration: null,
    destinationNumber: null,
    channels: [],
    matchPremiumSources: false,
    optimizerRatio: 0,
  };
}

/** What choosing a package sets: its vendors, caps, bid, filters, questions and call options. */
export function settingsForPackage(s: OrderSettings, p: OrderPackage): OrderSettings {
  const calls = p.product === 'calls';
  return {
    ...s,
    packageId: p.id,
    vendorIds: p.vendors.map((v) => v.id),
    caps: defaultCaps(p),
    maxBidCents: defaultMaxBid(p),
    customPriceCents: null,
    filters: defaultFilters(p),
    questions: p.questions.map((q) => ({ id: q.id, value: q.options[0] ?? '' })),
    maxConcurrentCalls: calls ? CALL_DEFAULTS.maxConcurrentCalls : null,
    billableCallDuration: calls ? CALL_DEFAULTS.billableCallDuration : null,
    matchPremiumSources: false,
    optimizerRatio: 0,
  };
}

/** The fields each step edits (a partial update sends these). */
export const STEP_FIELDS: Record<Step, ReadonlyArray<keyof OrderSettings>> = {
  package: ['packageId'],
  schedule: ['schedule'],
  territory: ['territory'],
  vendors: ['vendorIds', 'optimizerRatio'],
  delivery: ['channels', 'destinationNumber'],
  options: ['filters', 'questions', 'caps', 'maxBidCents', 'customPriceCents', 'withdrawalConfirmed', 'maxConcurrentCalls', 'billableCallDuration', 'matchPremiumSources'],
  confirmation: ['name'],
};

/** The step that owns a field. */
export const stepOfField = (field: string): Step =>
  (Object.keys(STEP_FIELDS) as Step[]).find((s) => STEP_FIELDS[s].some((f) => field === f || field.startsWith(`${f}.`))) ?? 'confirmation';

export interface RuleContext {
  pkg: OrderPackage | null;
  viewer: Viewer;
  /** The order's product when no package is chosen yet. */
  product: 'leads' | 'calls';
}

/**
 * The steps of this flow, in its order, from the package to the confirmation (vendors only
 * when the package toggles vendors).
 */
export function stepsOf(pkg: Pick<OrderPackage, 'canToggleVendors'> | null, mode: 'create' | 'edit'): Step[] {
  const steps: readonly Step[] = mode === 'create' ? CREATE_STEPS : EDIT_FLOW;
  return steps.filter((s) => s !== 'vendors' || hasVendorStep(pkg));
}

/** Field errors of one step; [] when the step is valid. */
export function stepErrors(step: Step, s: OrderSettings, c: RuleContext): FieldError[] {
  const p = c.pkg;
  switch (step) {
    case 'package':
      if (!p || s.packageId !== p.id) return [{ field: 'packageId', message: ORDER_DESIGNED_MSG.packageRequired }];
      return mayOrderGrowth(p, c.viewer) ? [] : [{ field: 'packageId', message: ORDER_DESIGNED_MSG.cldGrowthOnly }];
    case 'schedule':
      return scheduleErrors(s.schedule, { isCall: c.product === 'calls', isPro: c.viewer.isPro, isCld: p !== null && isCldPackage(p) });
    case 'territory':
      return territoryErrors(s.territory);
    case 'vendors': {
      const ratio = ratioValid(s.optimizerRatio) ? [] : [{ field: 'optimizerRatio', message: ORDER_DESIGNED_MSG.ratioRange }];
      return [...ratio, ...(p ? vendorErrors(s.vendorIds, p) : [])];
    }
    case 'delivery':
      return deliveryErrors(s, p, c.viewer, c.product);
    case 'options':
      return p ? optionErrors(s, p, c.viewer) : [];
    case 'confirmation': {
      const name = s.name.trim();
      if (!name) return [{ field: 'name', message: ORDER_DESIGNED_MSG.nameRequired }];
      return name.length > NAME_MAX ? [{ field: 'name', message: ORDER_DESIGNED_MSG.nameTooLong }] : [];
    }
  }
}

export function optionErrors(s: OrderSettings, p: OrderPackage, v: Viewer): FieldError[] {
  const errors = [
    ...filterErrors(s.filters, p),
    ...capErrors(s.caps, p, v),
    ...bidErrors(s, p, v),
    ...callOptionErrors(s, p.product),
  ];
  const known = new Map(p.questions.map((q) => [q.id, q]));
  for (const a of s.questions) {
    const q = known.get(a.id);
    if (!q || (q.options.length > 0 && !q.options.includes(a.value)))
      errors.push({ field: 'questions', message: ORDER_DESIGNED_MSG.questionUnknown });
  }
  if (s.matchPremiumSources && !showsMatchPremiumSources(p, v))
    errors.push({ field: 'matchPremiumSources', message: ORDER_DESIGNED_MSG.matchPremiumNotAllowed });
  return errors;
}

/** Every step's errors: what confirming an order needs empty. */
export function allErrors(s: OrderSettings, c: RuleContext, mode: 'create' | 'edit' = 'create'): FieldError[] {
  const steps = stepsOf(c.pkg, 'create').filter((st) => mode === 'create' || st !== 'package');
  return steps.flatMap((st) => stepErrors(st, s, c));
}

/**
 * Permission errors of a change, beyond the values' own rules (document 001 section 6):
 * caps, questions and custom prices have owners of their own.
 */
export function changeRefusals(before: OrderSettings, patch: SettingsPatch, p: OrderPackage | null, v: Viewer, canCaps: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const changed = <K extends keyof OrderSettings>(k: K) => k in patch && JSON.stringify(patch[k]) !== JSON.stringify(before[k]);
  if (changed('caps') && !canCaps) errors.push({ field: 'caps', message: ORDER_DESIGNED_MSG.capsNotEditable });
  if (changed('questions') && !canEditQuestions(v)) errors.push({ field: 'questions', message: ORDER_DESIGNED_MSG.questionsAdminOnly });
  if (changed('customPriceCents') && !v.isAdmin) errors.push({ field: 'customPriceCents', message: ORDER_DESIGNED_MSG.customPriceNotAllowed });
  if (p && changed('vendorIds') && !p.canToggleVendors) errors.push({ field: 'vendorIds', message: ORDER_DESIGNED_MSG.vendorsFixed });
  if (changed('optimizerRatio') && !(p && canUseOptimizer(p, v))) errors.push({ field: 'optimizerRatio', message: ORDER_DESIGNED_MSG.optimizerNotAllowed });
  return errors;
}

/** A patch applied, with a custom price raising maxBidCost to match it. */
export function applyPatch(s: OrderSettings, patch: SettingsPatch, p: OrderPackage | null): OrderSettings {
  const next = { ...s, ...patch };
  if (p) next.vendorIds = effectiveVendors(p, next.vendorIds);
  next.maxBidCents = raisedMaxBid(next.maxBidCents, next.customPriceCents);
  // A destination number is kept as its 10 digits, however it was typed.
  if (next.destinationNumber !== null) next.destinationNumber = destinationDigits(next.destinationNumber) ?? next.destinationNumber;
  return next;
}
