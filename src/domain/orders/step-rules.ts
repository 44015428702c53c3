import { deliveryStepErrors, type DeliveryContext } from './delivery';
import { TAG } from './packages';
import { fromApi, scheduleError, type ScheduleContext } from './schedule';
import { territoryIssues } from './territory';
import type { FieldError, OrderPackage, OrderSettings, Product, Viewer } from './types';

/**
 * The territory, schedule and delivery steps' field errors, as the wizard and the server
 * need them. The rules live in their own modules (territory.ts, schedule.ts, delivery.ts);
 * this file only asks them, under the order settings' field names.
 */

export const territoryErrors = (t: OrderSettings['territory']): FieldError[] =>
  territoryIssues(t).map((i) => ({ field: `territory.${i.field}`, message: i.message }));

export function scheduleErrors(api: OrderSettings['schedule'], c: Pick<ScheduleContext, 'isPro' | 'isCall' | 'isCld'>): FieldError[] {
  const parsed = fromApi(api);
  if (!parsed.ok) return parsed.errors;
  const error = scheduleError(parsed.week, c);
  return error ? [{ field: 'schedule', message: error }] : [];
}

/** Who and which package, as the delivery rules see them. */
export const deliveryContext = (p: OrderPackage | null, v: Viewer): DeliveryContext => ({
  isAdmin: v.isAdmin,
  isCallCenter: v.features.includes('call_center'),
  features: v.features,
  package: { cldType: p?.cldType ?? null, isLeadLake: p !== null && p.tags.includes(TAG.leadLake) },
});

export function deliveryErrors(s: Pick<OrderSettings, 'channels' | 'destinationNumber'>, p: OrderPackage | null, v: Viewer, product: Product): FieldError[] {
  const isCall = product === 'calls';
  return deliveryStepErrors({ channels: s.channels, destinationNumber: s.destinationNumber ?? '' }, deliveryContext(p, v), isCall).map((e) =>
    isCall ? e : { ...e, field: e.field.replace(/^distribution/, 'channels') },
  );
}
