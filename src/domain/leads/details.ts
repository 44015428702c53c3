/**
 * The lead details modal (document 002 sections 2 and 3): its tabs per vertical and the
 * fields of each, read from the lead's verticalData (its first element).
 */
export interface DetailField {
  /** Path in the vertical data: 'driver1.dob'. */
  key: string;
  label: string;
  /** Shows the coverage tooltip of its value. */
  coverage?: true;
}
export interface DetailTab {
  id: string;
  label: string;
  fields: readonly DetailField[];
}

const f = (key: string, label: string, coverage?: true): DetailField => (coverage ? { key, label, coverage } : { key, label });

const driver = (n: 1 | 2): DetailField[] => [
  ...(n === 2 ? [f('driver2.firstName', 'First name'), f('driver2.lastName', 'Last name'), f('driver2.relationship', 'Relationship')] : []),
  f(`driver${n}.gender`, 'Gender'),
  f(`driver${n}.dob`, 'Date of birth'),
  f(`driver${n}.licenseAge`, 'Age licensed'),
  f(`driver${n}.maritalStatus`, 'Marital status'),
  f(`driver${n}.occupation`, 'Occupation'),
  f(`driver${n}.yearsEmployed`, 'Years employed'),
  f(`driver${n}.education`, 'Education'),
  f(`driver${n}.dui`, 'DUI'),
  f(`driver${n}.sr22`, 'SR-22'),
  f(`driver${n}.tickets`, 'Tickets'),
  f(`driver${n}.accidents`, 'Accidents'),
];
const vehicle = (n: 1 | 2): DetailField[] => [
  f(`vehicle${n}.year`, 'Year'),
  f(`vehicle${n}.make`, 'Make'),
  f(`vehicle${n}.model`, 'Model'),
  f(`vehicle${n}.trim`, 'Trim'),
  f(`vehicle${n}.vin`, 'VIN'),
  f(`vehicle${n}.leased`, 'Leased'),
  f(`vehicle${n}.primaryUse`, 'Primary use'),
  f(`vehicle${n}.commuteMileage`, 'Commute mileage (one way)'),
  f(`vehicle${n}.commuteDays`, 'Commute days per week'),
  f(`vehicle${n}.annualMileage`, 'Annual mileage'),
  f(`vehicle${n}.alarm`, 'Alarm'),
  f(`vehicle${n}.garageType`, 'Garage'),
];

export const AUTO_TABS: readonly DetailTab[] = [
  {
    id: 'policy',
    label: 'Policy',
    fields: [
      f('currentlyInsured', 'Currently insured'),
      f('currentInsuranceCompany', 'Current insurance company'),
      f('insuredSince', 'Insured since'),
      f('policyStart', 'Policy start'),
      f('policyExpiration', 'Policy expiration'),
      f('desiredCoverageType', 'Desired coverage type', true),
      f('desiredCollisionDeductible', 'Desired collision deductible'),
      f('desiredComprehensiveDeductible', 'Desired comprehensive deductible'),
    ],
  },
  { id: 'driver1', label: 'Driver 1', fields: driver(1) },
  { id: 'driver2', label: 'Driver 2', fields: driver(2) },
  { id: 'vehicle1', label: 'Vehicle 1', fields: vehicle(1) },
  { id: 'vehicle2', label: 'Vehicle 2', fields: vehicle(2) },
];

export const HOME_TABS: readonly DetailTab[] = [
  {
    id: 'overview',
    label: 'Property Overview',
    fields: [
      f('maritalStatus', 'Marital status'),
      f('propertyType', 'Property type'),
      f('address', 'Address'),
      f('city', 'City'),
      f('state', 'State'),
      f('zip', 'ZIP'),
      f('squareFeet', 'Square feet'),
      f('bedrooms', 'Bedrooms'),
      f('bathrooms', 'Bathrooms'),
      f('replacementCost', 'Replacement cost'),
      f('personalLiability', 'Personal liability'),
      f('desiredDeductible', 'Desired deductible'),
      f('fiveYearClaims', 'Claims in 5 years'),
      f('currentlyInsured', 'Currently insured'),
      f('yearBuilt', 'Year built'),
      f('ownership', 'Ownership'),
      f('ownerOccupied', 'Owner occupied'),
    ],
  },
  {
    id: 'details',
    label: 'Property Details',
    fields: [
      f('construction', 'Construction'),
      f('foundation', 'Foundation'),
      f('roofType', 'Roof type'),
      f('roofAge', 'Roof age'),
      f('heating', 'Heating'),
      f('stories', 'Stories'),
      f('garage', 'Garage'),
      f('securitySystem', 'Security system'),
      f('fireAlarm', 'Fire alarm'),
      f('dogBreed', 'Dog breed'),
      f('floodPlain', 'Flood plain'),
      f('deadbolts', 'Deadbolts'),
      f('extinguishers', 'Extinguishers'),
      f('trampoline', 'Trampoline'),
      f('coveredDeck', 'Covered deck'),
      f('pool', 'Pool'),
    ],
  },
];

/** Every lead's own fields (generic leads show these alone). */
export const GENERAL_FIELDS: readonly DetailField[] = [
  f('firstName', 'First name'),
  f('lastName', 'Last name'),
  f('email', 'Email'),
  f('phone', 'Phone'),
  f('zipcode', 'ZIP'),
  f('source', 'Source'),
  f('product', 'Product'),
];

export const detailTabsOf = (vertical: string): readonly DetailTab[] =>
  vertical === 'autoins' ? AUTO_TABS : vertical === 'homeins' ? HOME_TABS : [];

/** A value of the vertical data at a dotted path, as the modal shows it. */
export function detailValue(data: unknown, key: string): string {
  let v: unknown = data;
  for (const part of key.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  if (v === undefined || v === null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}
