import { ORDER_DESIGNED_MSG } from './messages';
import { isCustomPackage, isGrowthPackage } from './packages';
import type { Caps, FieldError, OrderPackage, Viewer } from './types';

/** Document 001 sections 5 and 9: caps. */
export const CAPS = {
  dailyMin: 3,
  dailyMinCalls: 1,
  weeklyFactor: 7,
  weeklyMin: 15,
  monthlyFactor: 28,
  monthlyMin: 60,
  max: 1_000_000,
  growthDailyMax: { autoins: 15, homeins: 5 },
  defaults: { daily: 10, weekly: 50, monthly: 200 },
} as const;

type CapPackage = Pick<OrderPackage, 'product' | 'vertical' | 'tags' | 'cldGrowth' | 'isCustomPriced'>;

/** The least daily cap: 3, or 1 for call orders or a super admin on a custom package. */
export function dailyMin(p: CapPackage, v: Pick<Viewer, 'isSuperAdmin'>): number {
  return p.product === 'calls' || (v.isSuperAdmin && isCustomPackage(p)) ? CAPS.dailyMinCalls : CAPS.dailyMin;
}

/** The largest daily cap: 15 auto / 5 home on growth packages, else 1,000,000. */
export const dailyMax = (p: CapPackage): number => (isGrowthPackage(p) ? CAPS.growthDailyMax[p.vertical] : CAPS.max);

/** Weekly and monthly caps follow the daily one (growth packages: exactly 7 and 28 times). */
export function capsFromDaily(daily: number, p: CapPackage): Caps {
  if (isGrowthPackage(p)) return { daily, weekly: CAPS.weeklyFactor * daily, monthly: CAPS.monthlyFactor * daily };
  return {
    daily,
    weekly: Math.min(CAPS.max, Math.max(CAPS.weeklyFactor * daily, CAPS.weeklyMin)),
    monthly: Math.min(CAPS.max, Math.max(CAPS.monthlyFactor * daily, CAPS.monthlyMin)),
  };
}

/** A weekly or monthly entry converts back to daily by dividing by 7 or 28. */
export function dailyFrom(which: keyof Caps, value: number): number {
  if (which === 'weekly') return Math.round(value / CAPS.weeklyFactor);
  if (which === 'monthly') return Math.round(value / CAPS.monthlyFactor);
  return value;
}

/** The caps after the user typed `value` into one of the three fields. */
export const capsAfterEntry = (which: keyof Caps, value: number, p: CapPackage): Caps => capsFromDaily(dailyFrom(which, value), p);

/** The caps a new order starts with: 10/50/200, or within a growth package's maximum. */
export function defaultCaps(p: CapPackage): Caps {
  if (!isGrowthPackage(p)) return { ...CAPS.defaults };
  return capsFromDaily(Math.min(CAPS.defaults.daily, dailyMax(p)), p);
}

/** Field errors of a set of caps for this package and viewer; [] when they may be saved. */
export function capErrors(caps: Caps, p: CapPackage, v: Pick<Viewer, 'isSuperAdmin'>): FieldError[] {
  const errors: FieldError[] = [];
  for (const k of ['daily', 'weekly', 'monthly'] as const) {
    if (!Number.isInteger(caps[k])) errors.push({ field: `caps.${k}`, message: ORDER_DESIGNED_MSG.capInteger });
  }
  if (errors.length) return errors;
  const min = dailyMin(p, v);
  const max = dailyMax(p);
  if (caps.daily < min) errors.push({ field: 'caps.daily', message: capMinText(min) });
  else if (caps.daily > max) errors.push({ field: 'caps.daily', message: capMaxText(max) });
  if (caps.weekly > CAPS.max || caps.monthly > CAPS.max) errors.push({ field: 'caps', message: capMaxText(CAPS.max) });
  else if (isGrowthPackage(p)) {
    // Growth packages: weekly is 7 times and monthly 28 times the daily cap.
    const want = capsFromDaily(caps.daily, p);
    if (caps.weekly !== want.weekly) errors.push({ field: 'caps.weekly', message: ORDER_DESIGNED_MSG.capsInconsistent });
    if (caps.monthly !== want.monthly) errors.push({ field: 'caps.monthly', message: ORDER_DESIGNED_MSG.capsInconsistent });
  } else {
    if (caps.weekly < caps.daily) errors.push({ field: 'caps.weekly', message: ORDER_DESIGNED_MSG.capsOrder });
    if (caps.monthly < caps.weekly) errors.push({ field: 'caps.monthly', message: ORDER_DESIGNED_MSG.capsOrder });
  }
  return errors;
}

export const capMinText = (min: number) => `The daily cap is at least ${min}`;
export const capMaxText = (max: number) => `The daily cap is at most ${max.toLocaleString('en-US')}`;
