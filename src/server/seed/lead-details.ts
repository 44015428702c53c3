import type { Queryable } from '../db/db';
import { prng } from './marketplace';

/**
 * What the lead details modal shows (document 002 section 3), for every lead of the demo
 * seed: the full auto or home vertical data (two drivers and two vehicles for some auto
 * leads), the consumer's own details, a Jornaya LeadiD token, a click-to-call variant on
 * some calls, and a few notes and do-not-call flags. Deterministic like the rest of the seed.
 */
type Rng = ReturnType<typeof prng>;

const INSURERS = ['Allstate', 'State Farm', 'Progressive', 'GEICO', 'Farmers', 'Liberty Mutual', 'Nationwide', 'Travelers'];
const CARS: Array<[string, string, string[]]> = [
  ['Toyota', 'Camry', ['LE', 'SE', 'XLE']], ['Honda', 'Civic', ['LX', 'Sport', 'EX']], ['Ford', 'F-150', ['XL', 'XLT', 'Lariat']],
  ['Chevrolet', 'Silverado', ['WT', 'LT', 'RST']], ['Nissan', 'Altima', ['S', 'SV', 'SR']], ['Tesla', 'Model 3', ['Standard', 'Long Range']],
  ['Subaru', 'Outback', ['Base', 'Premium', 'Limited']], ['Jeep', 'Wrangler', ['Sport', 'Sahara', 'Rubicon']],
];
const OCCUPATIONS = ['Teacher', 'Nurse', 'Engineer', 'Sales Representative', 'Electrician', 'Retired', 'Student', 'Manager', 'Driver', 'Accountant'];
const EDUCATION = ['High School', 'Some College', 'Associate Degree', 'Bachelors Degree', 'Masters Degree', 'Doctorate'];
const STREETS = ['Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Park Blvd', 'Elm St', 'Lakeview Rd', 'Sunset Ave', 'Hillcrest Dr', 'River Rd'];
const NOTES = ['Left voicemail, will try again tomorrow.', 'Wants a quote for two cars, call after 5 pm.', 'Spouse handles insurance, call back Friday.',
  'Sent quote by email.', 'Asked about bundling home and auto.'];
const VIN = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

const day = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const dob = (rng: Rng, year: number, minAge: number, maxAge: number) => day(year - rng.int(minAge, maxAge), rng.int(1, 12), rng.int(1, 28));
const vin = (rng: Rng) => Array.from({ length: 17 }, () => VIN[rng.int(0, VIN.length - 1)]).join('');

function driverOf(rng: Rng, year: number, gender: string) {
  const licensed = rng.int(16, 21);
  return {
    gender, dob: dob(rng, year, 19, 78), licenseAge: licensed, maritalStatus: rng.pick(['Single', 'Married', 'Divorced', 'Widowed']),
    occupation: rng.pick(OCCUPATIONS), yearsEmployed: rng.int(0, 25), education: rng.pick(EDUCATION),
    dui: rng.chance(0.03), sr22: rng.chance(0.02), tickets: rng.int(0, 2), accidents: rng.int(0, 1),
  };
}

function vehicleOf(rng: Rng, year: number) {
  const [make, model, trims] = rng.pick(CARS);
  const commute = rng.chance(0.6);
  return {
    year: rng.int(year - 15, year), make, model, trim: rng.pick(trims), vin: vin(rng), leased: rng.chance(0.2),
    primaryUse: commute ? 'Commute' : rng.pick(['Pleasure', 'Business']), commuteMileage: commute ? rng.int(3, 40) : 0,
    commuteDays: commute ? rng.int(3, 5) : 0, annualMileage: rng.int(8, 44) * 500, alarm: rng.chance(0.5),
    garageType: rng.pick(['Attached Garage', 'Detached Garage', 'Carport', 'Street', 'Driveway']),
  };
}

export function autoData(rng: Rng, year: number, lastName: string, base: Record<string, unknown> = {}) {
  const insured = typeof base.currentlyInsured === 'boolean' ? base.currentlyInsured : rng.chance(0.75);
  const since = year - rng.int(1, 12);
  const start = day(year - 1, rng.int(1, 12), rng.int(1, 28));
  const secondDriver = rng.chance(0.45);
  const d1 = driverOf(rng, year, rng.pick(['Male', 'Female']));
  return {
    currentlyInsured: insured,
    currentInsuranceCompany: insured ? (base.currentInsuranceCompany ?? rng.pick(INSURERS)) : null,
    insuredSince: insured ? `${since}` : null,
    policyStart: insured ? start : null,
    policyExpiration: insured ? `${Number(start.slice(0, 4)) + 1}${start.slice(4)}` : null,
    desiredCoverageType: base.desiredCoverageType ?? rng.pick(['State Minimum', 'Basic', 'Standard', 'Superior']),
    desiredCollisionDeductible: rng.pick([250, 500, 1000]),
    desiredComprehensiveDeductible: rng.pick([250, 500, 1000]),
    driver1: d1,
    driver2: secondDriver
      ? { firstName: rng.pick(['Alex', 'Jordan', 'Taylor', 'Morgan', 'Chris', 'Sam']), lastName, relationship: rng.pick(['Spouse', 'Child', 'Parent', 'Sibling']),
          ...driverOf(rng, year, d1.gender === 'Male' ? 'Female' : 'Male') }
      : null,
    vehicle1: vehicleOf(rng, year),
    vehicle2: rng.chance(0.35) ? vehicleOf(rng, year) : null,
  };
}

export function homeData(rng: Rng, year: number, place: { city: string | null; state: string | null; zipcode: string | null }) {
  const built = rng.int(1950, year - 1);
  const feet = rng.int(16, 84) * 50;
  return {
    maritalStatus: rng.pick(['Single', 'Married', 'Divorced', 'Widowed']),
    propertyType: rng.pick(['Single Family', 'Condo', 'Townhome', 'Mobile Home']),
    address: `${rng.int(100, 9899)} ${rng.pick(STREETS)}`, city: place.city, state: place.state, zip: place.zipcode,
    squareFeet: feet, bedrooms: rng.int(1, 5), bathrooms: rng.int(1, 4), replacementCost: Math.round(feet * rng.int(140, 260) / 1000) * 1000,
    personalLiability: rng.pick([100000, 300000, 500000]), desiredDeductible: rng.pick([500, 1000, 2500]), fiveYearClaims: rng.int(0, 2),
    currentlyInsured: rng.chance(0.8), yearBuilt: built, ownership: rng.pick(['Own', 'Mortgage']), ownerOccupied: rng.chance(0.9),
    construction: rng.pick(['Frame', 'Masonry', 'Brick Veneer', 'Stucco']), foundation: rng.pick(['Slab', 'Basement', 'Crawl Space', 'Pier']),
    roofType: rng.pick(['Asphalt Shingle', 'Tile', 'Metal', 'Slate']), roofAge: rng.int(0, Math.min(30, year - built)),
    heating: rng.pick(['Forced Air', 'Heat Pump', 'Boiler', 'Electric Baseboard']), stories: rng.int(1, 3),
    garage: rng.pick(['None', 'Attached 1 car', 'Attached 2 car', 'Detached']), securitySystem: rng.chance(0.4), fireAlarm: rng.chance(0.85),
    dogBreed: rng.chance(0.3) ? rng.pick(['Labrador', 'Golden Retriever', 'Beagle', 'Poodle']) : null, floodPlain: rng.chance(0.08),
    deadbolts: rng.chance(0.8), extinguishers: rng.chance(0.6), trampoline: rng.chance(0.07), coveredDeck: rng.chance(0.3), pool: rng.chance(0.15),
  };
}

export function consumerDetails(rng: Rng, year: number, product: string) {
  return {
    dob: dob(rng, year, 19, 80),
    address: `${rng.int(100, 9899)} ${rng.pick(STREETS)}`,
    selfCreditRating: rng.pick(['Excellent', 'Good', 'Average', 'Poor']),
    residenceStatus: rng.pick(['Own', 'Rent', 'Live with parents']),
    source: product === 'calls' ? 'Inbound call' : rng.pick(['Web form', 'Comparison site', 'Mobile app', 'Partner referral']),
    premiumSource: rng.chance(0.2),
    jornayaAudit: rng.chance(0.9) ? 'verified' : 'not found',
  };
}

/** A Jornaya LeadiD token: a UUID-shaped string. */
export const jornayaToken = (rng: Rng) =>
  [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => '0123456789ABCDEF'[rng.int(0, 15)]).join('')).join('-');

/** Complete every seeded lead's details (one UPDATE from a JSON parameter). */
export async function seedLeadDetails(q: Queryable, opts: { now: Date }): Promise<void> {
  const rng = prng(20_261_010);
  const year = opts.now.getUTCFullYear();
  const { rows } = await q.query<{ id: number; vertical: string; product: string; last_name: string; city: string | null; state: string | null;
    zipcode: string | null; vertical_data: Record<string, unknown>; inserted_at: Date }>(
    'SELECT id, vertical, product, last_name, city, state, zipcode, vertical_data, inserted_at FROM leads ORDER BY id');
  const updates = rows.map((l) => {
    const recent = opts.now.getTime() - new Date(l.inserted_at).getTime() < 30 * 86_400_000;
    return {
      id: l.id,
      vd: l.vertical === 'autoins' ? autoData(rng, year, l.last_name, l.vertical_data) : homeData(rng, year, l),
      details: consumerDetails(rng, year, l.product),
      token: jornayaToken(rng),
      variant: l.product === 'calls' && rng.chance(0.1) ? 'click-to-call' : null,
      note: recent && rng.chance(0.15) ? rng.pick(NOTES) : null,
      dnc: rng.chance(0.02),
      at: l.inserted_at,
    };
  });
  await q.query(
    `UPDATE leads l SET vertical_data = x.vd, details = x.details, lead_transaction_key = x.token, product_variant = x.variant,
        note = x.note, note_modified_at = CASE WHEN x.note IS NULL THEN NULL ELSE LEAST(x.at + interval '2 hours', $2::timestamptz) END, dnc = x.dnc
       FROM jsonb_to_recordset($1::jsonb) AS x(id int, vd jsonb, details jsonb, token text, variant text, note text, dnc boolean, at timestamptz)
      WHERE l.id = x.id`,
    [JSON.stringify(updates), opts.now],
  );
}
