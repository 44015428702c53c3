import type { Delivery, FieldError, OrderTerritory, Product, WeekSchedule } from './types';

/**
 * The territory, schedule and delivery steps' validity as the wizard and the server need
 * it. The rules themselves live in their own modules (territory, schedule, delivery);
 * this file only asks them, so the wizard has one place to learn whether a step is done.
 */

const ZIP5 = /^\d{5}$/;
export const RADIUS = { min: 10, max: 300 } as const;
export const NO_ZIP = 'Must have at least one Zip Code selected';

export function territoryErrors(t: OrderTerritory): FieldError[] {
  const errors: FieldError[] = [];
  if (t.geoType === 'state') {
    if (!t.state || !/^[A-Z]{2}$/.test(t.state)) errors.push({ field: 'territory.state', message: 'Choose a state' });
    return errors;
  }
  if (t.zips.some((z) => !ZIP5.test(z.id))) errors.push({ field: 'territory.zips', message: 'ZIP codes are 5 digits' });
  if (!t.zips.some((z) => z.enabled)) errors.push({ field: 'territory.zips', message: NO_ZIP });
  if (t.regionalRadius !== null && (!Number.isInteger(t.regionalRadius) || t.regionalRadius < RADIUS.min || t.regionalRadius > RADIUS.max))
    errors.push({ field: 'territory.regionalRadius', message: 'The radius is between 10 and 300 miles' });
  return errors;
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Quarter-hours on in one API-form slot: a whole hour is 4; a decimal holds the quarters' mask. */
function quartersOf(slot: number): number {
  const frac = Math.round((slot - Math.floor(slot)) * 100);
  if (frac === 0) return 4;
  const mask = frac % 10 === 0 ? frac / 10 : frac;
  return [0, 1, 2, 3].filter((b) => mask & (1 << b)).length;
}

export const scheduleHours = (s: WeekSchedule): number => DAYS.reduce((n, d) => n + s[d].reduce((m, slot) => m + quartersOf(slot), 0), 0) / 4;

export function minimumHours(o: { product: Product; isPro: boolean; cld: boolean; weekendsOnly: boolean }): number {
  if (o.weekendsOnly && o.cld) return 6;
  if (o.product === 'calls' || o.isPro) return 10;
  return 40;
}

export const hoursText = (n: number) => `Must have at least ${n} hours selected.`;

export function scheduleErrors(s: WeekSchedule, weekendOption: string, o: { product: Product; isPro: boolean; cld: boolean }): FieldError[] {
  const min = minimumHours({ ...o, weekendsOnly: weekendOption === 'weekendsOnly' });
  return scheduleHours(s) < min ? [{ field: 'schedule', message: hoursText(min) }] : [];
}

export function deliveryErrors(d: Delivery, destinationNumber: string | null, product: Product): FieldError[] {
  const errors: FieldError[] = [];
  if (product === 'calls' && !(destinationNumber !== null && /^\d{10}$/.test(destinationNumber)))
    errors.push({ field: 'destinationNumber', message: 'A destination number needs 10 digits' });
  const emails = d.channels.email?.emails;
  if (Array.isArray(emails) && emails.length > 10) errors.push({ field: 'delivery.email', message: 'At most 10 emails' });
  return errors;
}
