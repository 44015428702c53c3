/**
 * Does a lead pass an order's filters (document 001 section 5, other options)? A filter
 * the order leaves open passes every lead; a filter it sets passes only a lead that has
 * the field and fits. Ranges are [min, max | null], null meaning no upper bound.
 */
export interface LeadFacts {
  vertical: 'autoins' | 'homeins';
  zipcode: string;
  state: string | null;
  age?: number;
  income?: number;
  homeValue?: number;
  vehicles?: number;
  housing?: 'own' | 'rent' | 'other';
  insuranceMonth?: number;
  homeAge?: number;
  yearsAtResidence?: number;
  homeowner?: boolean;
}

type Range = [number, number | null];
const isRange = (r: unknown): r is Range =>
  Array.isArray(r) && r.length === 2 && typeof r[0] === 'number' && (r[1] === null || typeof r[1] === 'number');

/** The bounds that leave a range open (the wizard's defaults mean "any"). */
const OPEN: Record<string, Range> = {
  income: [0, null],
  homeValue: [0, null],
  homeAge: [0, null],
  yearsAtResidence: [0, null],
};

function inRange(r: unknown, value: number | undefined, open?: Range): boolean {
  if (!isRange(r)) return true;
  if (open && r[0] <= open[0] && r[1] === null) return true;
  if (value === undefined) return false;
  return value >= r[0] && (r[1] === null || value <= r[1]);
}

function inList<T>(list: unknown, value: T | undefined): boolean {
  if (!Array.isArray(list) || list.length === 0) return true;
  return value !== undefined && list.includes(value);
}

export function passesFilters(f: Record<string, unknown>, lead: LeadFacts): boolean {
  // Age is always set by the wizard (21-60 by default); a lead without an age passes it.
  if (isRange(f.age) && lead.age !== undefined && !inRange(f.age, lead.age)) return false;
  if (!inRange(f.income, lead.income, OPEN.income)) return false;
  if (lead.vertical === 'homeins') {
    if (!inRange(f.homeValue, lead.homeValue, OPEN.homeValue)) return false;
    if (!inRange(f.homeAge, lead.homeAge, OPEN.homeAge)) return false;
    if (!inRange(f.yearsAtResidence, lead.yearsAtResidence, OPEN.yearsAtResidence)) return false;
  } else {
    if (!inList(f.vehicles, lead.vehicles)) return false;
    if (!inList(f.insuranceMonth, lead.insuranceMonth)) return false;
  }
  if (lead.vertical === 'autoins' && !inList(f.housing, lead.housing)) return false;
  if (f.homeownerOnly === true && !(lead.homeowner === true || lead.housing === 'own')) return false;
  return true;
}
