import { isGrowthPackage } from './packages';
import type { FieldError, OrderFilters, OrderPackage, Range, Vertical } from './types';

/** Document 001 section 5, other options: the order's filters. */
export const AGE = { min: 18, max: 80, default: [21, 60] as Range } as const;
/** Growth packages allow only these age ranges (default 21-75). */
export const GROWTH_AGE_RANGES: readonly Range[] = [[18, 80], [21, 75], [25, 65]];
export const GROWTH_AGE_DEFAULT: Range = [21, 75];
/** Premium packages store 150 for "no maximum"; it maps to the range's own maximum. */
export const PREMIUM_AGE_MAX = 150;
export const INCOME = { min: 0, max: 200_000, step: 10_000 } as const;
export const HOME_VALUE = { min: 0, max: 2_000_000, step: 50_000 } as const;
export const HOME_AGE = { min: 0, max: 100 } as const;
export const YEARS_AT_RESIDENCE = { min: 0, max: 20 } as const;
export const VEHICLE_COUNTS = [1, 2, 3, 4] as const;
export const HOUSING = ['own', 'rent', 'other'] as const;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** Which filters apply to which vertical. */
export const FILTERS_OF: Record<Vertical, ReadonlyArray<keyof OrderFilters>> = {
  autoins: ['age', 'income', 'vehicles', 'housing', 'insuranceMonth', 'homeownerOnly'],
  homeins: ['age', 'income', 'homeValue', 'homeAge', 'yearsAtResidence', 'homeownerOnly'],
};

export function defaultFilters(p: Pick<OrderPackage, 'tags' | 'cldGrowth'>): OrderFilters {
  return {
    age: isGrowthPackage(p) ? [...GROWTH_AGE_DEFAULT] : [...AGE.default],
    income: [INCOME.min, null],
    homeValue: [HOME_VALUE.min, null],
    vehicles: [],
    housing: [],
    insuranceMonth: [],
    homeAge: [HOME_AGE.min, null],
    yearsAtResidence: [YEARS_AT_RESIDENCE.min, null],
    homeownerOnly: false,
  };
}

/** A stored age range as shown: premium's 150 becomes 80, 75 or 65 by the range's minimum. */
export function ageShown([min, max]: Range): Range {
  if (max !== PREMIUM_AGE_MAX) return [min, max];
  return [min, GROWTH_AGE_RANGES.find(([lo]) => lo === min)?.[1] ?? AGE.max];
}

/** An income slider's top (200000) means no upper bound, stored as null. */
export const incomeStored = ([min, max]: [number, number]): Range => [min, max >= INCOME.max ? null : max];
export const incomeShown = ([min, max]: Range): [number, number] => [min, max ?? INCOME.max];

export const ageRangeText = 'Age is a range from 18 to 80';
export const homeAgeText = 'Home age is from 0 to 100 years';
export const yearsAtResidenceText = 'Years at residence are from 0 to 20';
export const vehiclesText = 'Choose vehicle counts from the list';
export const housingText = 'Choose housing from the list';
export const monthsText = 'Choose months from the list';
export const FILTER_LABELS: Record<keyof OrderFilters, string> = {
  age: 'Age',
  income: 'Income',
  homeValue: 'Home value',
  vehicles: 'Vehicles',
  housing: 'Housing',
  insuranceMonth: 'Insurance renewal month',
  homeAge: 'Home age',
  yearsAtResidence: 'Years at residence',
  homeownerOnly: 'Homeowners only',
};
export const HOUSING_LABELS: Record<(typeof HOUSING)[number], string> = { own: 'Owns', rent: 'Rents', other: 'Other' };
export const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** A filter another vertical uses, set away from its default. */
export const filterNotForVertical = (f: keyof OrderFilters, vertical: Vertical): string =>
  `${FILTER_LABELS[f]} is not a filter of ${vertical === 'autoins' ? 'auto' : 'home'} insurance orders`;
export const growthAgeText = 'Growth packages allow the ages 18-80, 21-75 or 25-65';
export const incomeText = 'Income is a range from $0 to $200,000 in steps of $10,000';
export const homeValueText = 'Home value is a range from $0 to $2,000,000 in steps of $50,000';

function rangeOk([min, max]: Range, lo: number, hi: number, step = 1): boolean {
  const fits = (n: number) => Number.isInteger(n) && n >= lo && n <= hi && n % step === 0;
  return fits(min) && (max === null || (fits(max) && max >= min));
}

/** Field errors of the filters for this package; [] when they may be saved. */
export function filterErrors(f: OrderFilters, p: Pick<OrderPackage, 'tags' | 'cldGrowth'> & { vertical?: Vertical }): FieldError[] {
  const errors: FieldError[] = [];
  const age = ageShown(f.age);
  if (isGrowthPackage(p)) {
    if (!GROWTH_AGE_RANGES.some(([a, b]) => a === age[0] && b === age[1])) errors.push({ field: 'filters.age', message: growthAgeText });
  } else if (age[1] === null || !rangeOk(age, AGE.min, AGE.max)) errors.push({ field: 'filters.age', message: ageRangeText });
  if (!rangeOk(f.income, INCOME.min, INCOME.max - INCOME.step, INCOME.step)) errors.push({ field: 'filters.income', message: incomeText });
  if (!rangeOk(f.homeValue, HOME_VALUE.min, HOME_VALUE.max - HOME_VALUE.step, HOME_VALUE.step))
    errors.push({ field: 'filters.homeValue', message: homeValueText });
  if (!rangeOk(f.homeAge, HOME_AGE.min, HOME_AGE.max)) errors.push({ field: 'filters.homeAge', message: homeAgeText });
  if (!rangeOk(f.yearsAtResidence, YEARS_AT_RESIDENCE.min, YEARS_AT_RESIDENCE.max))
    errors.push({ field: 'filters.yearsAtResidence', message: yearsAtResidenceText });
  const subset = <T>(xs: readonly T[], allowed: readonly T[]) => new Set(xs).size === xs.length && xs.every((x) => allowed.includes(x));
  if (!subset(f.vehicles, VEHICLE_COUNTS)) errors.push({ field: 'filters.vehicles', message: vehiclesText });
  if (!subset(f.housing, HOUSING)) errors.push({ field: 'filters.housing', message: housingText });
  if (!subset(f.insuranceMonth, MONTHS)) errors.push({ field: 'filters.insuranceMonth', message: monthsText });
  // A filter of the other vertical stays at its default (the server keeps what the screen cannot show).
  if (p.vertical) {
    const defaults = defaultFilters(p);
    for (const k of Object.keys(defaults) as Array<keyof OrderFilters>)
      if (k !== 'homeownerOnly' && !FILTERS_OF[p.vertical].includes(k) && JSON.stringify(f[k]) !== JSON.stringify(defaults[k]))
        errors.push({ field: `filters.${k}`, message: filterNotForVertical(k, p.vertical) });
  }
  return errors;
}
