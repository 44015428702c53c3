/**
 * A lead-list order (document 001 section 3, "List order") and its save rules (section 5).
 * The server refuses what `listOrderErrors` finds; the form shows the same texts early.
 */
import type { FieldError } from '../field-error';
import { isIsoDay } from '../time/days';
import { isEmail } from '../orders/delivery';
import { isRegionalZip } from '../orders/territory';
import { LIST, maxQuantity } from './constants';
import { filterErrors, type ListFilter } from './filters';
import { LIST_DESIGNED_MSG as D, LIST_MSG as M, quantityMustBeBelow } from './messages';

export interface ListCounty {
  /** The county's FIPS code; its ZIP codes come from the geodata. */
  fips: string;
  county: string;
  enabled: boolean;
}

export interface ListTerritory {
  geoType: 'zip' | 'state';
  regionalZip: string | null;
  regionalRadius: number;
  state: string | null;
  counties: ListCounty[];
}

export interface ListScrubbing {
  /** Only consumers with a phone number that can be called (default on; at most 999 records). */
  callableOnly: boolean;
  /** Always on: every list is scrubbed against the do-not-call lists. */
  doNotCall: boolean;
  /** Leave out consumers your company already bought, by phone number. */
  existingCustomer: boolean;
}

export interface ListCrms {
  emails: string[];
  leadManager: boolean;
  quoteBurst: boolean;
  roboAgent: boolean;
}

export interface ListDelivery {
  startDate: string | null;
  nextRunDate: string | null;
  frequency: number | null;
  quantity: number | null;
  excludeWeekends: boolean;
  crms: ListCrms;
}

export interface ListOrderInput {
  name: string;
  status: 'active' | 'inactive';
  quantity: number;
  filters: ListFilter[];
  territory: ListTerritory;
  scrubbing: ListScrubbing;
  delivery: ListDelivery;
}

export const emptyListOrder = (): ListOrderInput => ({
  name: '',
  status: 'active',
  quantity: LIST.defaultQuantity,
  filters: [],
  territory: { geoType: 'zip', regionalZip: null, regionalRadius: LIST.radius.default, state: null, counties: [] },
  scrubbing: { callableOnly: true, doNotCall: true, existingCustomer: false },
  delivery: {
    startDate: null, nextRunDate: null, frequency: null, quantity: null, excludeWeekends: false,
    crms: { emails: [], leadManager: false, quoteBurst: false, roboAgent: false },
  },
});

/** A clone: the same order named 'CLONE: ' + its name (section 4). */
export const cloneListOrder = (o: ListOrderInput): ListOrderInput => ({ ...o, name: `${LIST.clonePrefix}${o.name}` });

/** The radius slider's ceiling: 50, or the order's own radius if larger (section 5). */
export const radiusCeiling = (radius: number): number => Math.max(LIST.radius.ceiling, radius);

/** Setting a next run date fills an empty quantity (100) and frequency (7); clearing it ("reset") clears all three (section 4). */
export function setNextRunDate(d: ListDelivery, day: string | null): ListDelivery {
  if (day === null) return { ...d, nextRunDate: null, quantity: null, frequency: null };
  return { ...d, nextRunDate: day, quantity: d.quantity ?? LIST.defaultQuantity, frequency: d.frequency ?? LIST.defaultFrequency };
}

/** A comma list of emails: trimmed, each checked, duplicates skipped (section 5). */
export function parseEmails(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(',')) {
    const e = raw.trim();
    if (!e) continue;
    if (!isEmail(e)) invalid.push(e);
    else if (!emails.some((x) => x.toLowerCase() === e.toLowerCase())) emails.push(e);
  }
  return { emails, invalid };
}

function quantityErrors(field: string, quantity: number | null, callableOnly: boolean): FieldError[] {
  if (quantity === null || !Number.isInteger(quantity) || quantity < 1) return [{ field, message: M.quantityInvalid }];
  if (callableOnly && quantity > LIST.maxCallableOnly) return [{ field, message: M.callableMax }];
  if (quantity > maxQuantity(callableOnly)) return [{ field, message: quantityMustBeBelow(maxQuantity(callableOnly)) }];
  return [];
}

function territoryErrors(t: ListTerritory): FieldError[] {
  const zip = t.regionalZip?.trim() ?? '';
  if (t.geoType === 'state') return t.state ? [] : [{ field: 'territory', message: M.zipOrState }];
  if (!zip) return [{ field: 'territory', message: M.zipOrState }];
  if (!isRegionalZip(zip)) return [{ field: 'territory.regionalZip', message: D.zipInvalid }];
  if (!Number.isInteger(t.regionalRadius) || t.regionalRadius < LIST.radius.floor || t.regionalRadius > LIST.radius.ceiling)
    return [{ field: 'territory.regionalRadius', message: D.radiusRange }];
  return [];
}

function deliveryErrors(d: ListDelivery, callableOnly: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (d.crms.emails.length > LIST.maxEmails) errors.push({ field: 'delivery.crms.emails', message: D.tooManyEmails });
  else if (d.crms.emails.some((e) => !isEmail(e))) errors.push({ field: 'delivery.crms.emails', message: D.emailInvalid });
  if (d.startDate !== null && !isIsoDay(d.startDate)) errors.push({ field: 'delivery.startDate', message: D.startDateInvalid });
  if (d.nextRunDate !== null && !isIsoDay(d.nextRunDate)) errors.push({ field: 'delivery.nextRunDate', message: D.startDateInvalid });
  else if (d.nextRunDate && d.startDate && isIsoDay(d.startDate) && d.nextRunDate < d.startDate)
    errors.push({ field: 'delivery.nextRunDate', message: D.nextRunBeforeStart });
  // The schedule's rules hold once it has a start (or a next run date, which starts it).
  if (d.startDate === null && d.nextRunDate === null) return errors;
  if (d.frequency === null) errors.push({ field: 'delivery.frequency', message: M.missingFrequency });
  else if (!Number.isInteger(d.frequency) || d.frequency < 1 || d.frequency > LIST.maxFrequency)
    errors.push({ field: 'delivery.frequency', message: D.frequencyRange });
  return [...errors, ...quantityErrors('delivery.quantity', d.quantity, callableOnly)];
}

/** Every reason this order cannot be saved, in the form's order; empty when it can. */
export function listOrderErrors(o: ListOrderInput): FieldError[] {
  return [
    ...(o.name.trim() ? [] : [{ field: 'name', message: M.missingName }]),
    ...quantityErrors('quantity', o.quantity, o.scrubbing.callableOnly),
    ...filterErrors(o.filters),
    ...territoryErrors(o.territory),
    ...(o.scrubbing.doNotCall ? [] : [{ field: 'scrubbing.doNotCall', message: D.dncAlwaysOn }]),
    ...deliveryErrors(o.delivery, o.scrubbing.callableOnly),
  ];
}
