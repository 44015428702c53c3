/**
 * A list order's filters (document 001 section 3): name and value, or min and max for the
 * two ranges; an unrestricted filter is dropped before it is saved. Designed: which
 * filters exist and which lead field each reads (docs/areas/lists.md).
 */
import type { FieldError } from '../field-error';
import { LIST_DESIGNED_MSG as D } from './messages';

export interface ListFilter {
  name: string;
  value?: string | null;
  min?: number | null;
  max?: number | null;
}

export const RANGE_FILTERS = {
  /** The consumer's age in whole years on the day the list is generated. */
  ageRange: { label: 'Age', floor: 18, ceiling: 99 },
  /** The household income the vendor posted (details.income), in dollars a year. */
  incomeRange: { label: 'Income', floor: 0, ceiling: 1_000_000 },
} as const;

export const VALUE_FILTERS = {
  vertical: { label: 'Insurance', choices: [{ value: 'autoins', label: 'Auto' }, { value: 'homeins', label: 'Home' }] },
  currentlyInsured: { label: 'Currently insured', choices: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] },
  residenceStatus: {
    label: 'Residence',
    choices: [{ value: 'Own', label: 'Own' }, { value: 'Rent', label: 'Rent' }, { value: 'Live with parents', label: 'Live with parents' }],
  },
  creditRating: {
    label: 'Credit',
    choices: [{ value: 'Excellent', label: 'Excellent' }, { value: 'Good', label: 'Good' }, { value: 'Average', label: 'Average' }, { value: 'Poor', label: 'Poor' }],
  },
} as const;

export type RangeFilterName = keyof typeof RANGE_FILTERS;
export type ValueFilterName = keyof typeof VALUE_FILTERS;
/** The value that means "no restriction". */
export const ANY = 'any';

const isRange = (name: string): name is RangeFilterName => name in RANGE_FILTERS;
const isValue = (name: string): name is ValueFilterName => name in VALUE_FILTERS;

/** Is this filter unrestricted (no min and no max; no value or "any")? */
export function isUnrestricted(f: ListFilter): boolean {
  if (isRange(f.name)) return (f.min ?? null) === null && (f.max ?? null) === null;
  return f.value === undefined || f.value === null || f.value === '' || f.value === ANY;
}

/** The filters to keep: unrestricted ones dropped, each name once (the last wins). */
export function normalizeFilters(filters: readonly ListFilter[]): ListFilter[] {
  const byName = new Map<string, ListFilter>();
  for (const f of filters) {
    if (isUnrestricted(f)) byName.delete(f.name);
    else byName.set(f.name, isRange(f.name) ? { name: f.name, min: f.min ?? null, max: f.max ?? null } : { name: f.name, value: f.value ?? null });
  }
  return [...byName.values()];
}

export function filterErrors(filters: readonly ListFilter[]): FieldError[] {
  const errors: FieldError[] = [];
  filters.forEach((f, i) => {
    const field = `filters.${i}`;
    if (isRange(f.name)) {
      const { floor, ceiling } = RANGE_FILTERS[f.name];
      const out = [f.min, f.max].some((n) => n !== null && n !== undefined && (!Number.isInteger(n) || n < floor || n > ceiling));
      if (out) errors.push({ field, message: `${RANGE_FILTERS[f.name].label} must be between ${floor} and ${ceiling}` });
      else if (f.min != null && f.max != null && f.min > f.max) errors.push({ field, message: D.filterRange });
    } else if (isValue(f.name)) {
      if (!isUnrestricted(f) && !VALUE_FILTERS[f.name].choices.some((c) => c.value === f.value)) errors.push({ field, message: D.filterValue });
    } else errors.push({ field, message: D.filterUnknown });
  });
  return errors;
}
