import { intBetween, pick, type Random } from '../random';

/** The debugger's verticals in its path (document 002: auto or home) and the lead's vertical. */
export const SAMPLE_VERTICALS = { auto: 'autoins', home: 'homeins' } as const;
export type SampleVertical = keyof typeof SAMPLE_VERTICALS;

const FIRST = ['James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'Carlos', 'Aisha', 'Wei', 'Olivia', 'Ethan', 'Sofia', 'Noah', 'Grace', 'Darnell', 'Priya', 'Tyler', 'Hannah'];
const LAST = ['Smith', 'Johnson', 'Garcia', 'Nguyen', 'Brown', 'Martinez', 'Davis', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Patel', 'Kim', 'Robinson', 'Clark', 'Lewis', 'Walker', 'Young', 'Hall', 'Rivera'];
const STREETS = ['Maple Ave', 'Oak St', 'Lakeview Dr', 'Cedar Ln', 'Main St', 'Sunset Blvd', 'Pine Ridge Rd', 'Elm Ct', 'Highland Ave', 'River Rd'];
const MAIL = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'aol.com'];
/** Real ZIP codes, their city, state and area code, spread over the US. */
const PLACES: ReadonlyArray<readonly [zip: string, city: string, state: string, area: string]> = [
  ['60614', 'Chicago', 'IL', '312'], ['10025', 'New York', 'NY', '212'], ['90034', 'Los Angeles', 'CA', '310'],
  ['77008', 'Houston', 'TX', '713'], ['85016', 'Phoenix', 'AZ', '602'], ['19103', 'Philadelphia', 'PA', '215'],
  ['78209', 'San Antonio', 'TX', '210'], ['92103', 'San Diego', 'CA', '619'], ['75206', 'Dallas', 'TX', '214'],
  ['95125', 'San Jose', 'CA', '408'], ['32207', 'Jacksonville', 'FL', '904'], ['43215', 'Columbus', 'OH', '614'],
  ['28203', 'Charlotte', 'NC', '704'], ['46220', 'Indianapolis', 'IN', '317'], ['98115', 'Seattle', 'WA', '206'],
  ['80206', 'Denver', 'CO', '303'], ['37205', 'Nashville', 'TN', '615'], ['97214', 'Portland', 'OR', '503'],
  ['89123', 'Las Vegas', 'NV', '702'], ['30306', 'Atlanta', 'GA', '404'], ['55408', 'Minneapolis', 'MN', '612'],
  ['33133', 'Miami', 'FL', '305'], ['02134', 'Boston', 'MA', '617'], ['53211', 'Milwaukee', 'WI', '414'],
  ['63109', 'St. Louis', 'MO', '314'], ['70115', 'New Orleans', 'LA', '504'], ['84105', 'Salt Lake City', 'UT', '801'],
];
const VEHICLES: ReadonlyArray<readonly [make: string, model: string, trim: string]> = [
  ['Toyota', 'Camry', 'LE'], ['Honda', 'Civic', 'EX'], ['Ford', 'F-150', 'XLT'], ['Chevrolet', 'Equinox', 'LT'],
  ['Nissan', 'Altima', 'SV'], ['Subaru', 'Outback', 'Premium'], ['Tesla', 'Model 3', 'Long Range'], ['Jeep', 'Wrangler', 'Sport'],
  ['Hyundai', 'Elantra', 'SEL'], ['Kia', 'Sorento', 'EX'], ['BMW', '330i', 'xDrive'], ['Ram', '1500', 'Big Horn'],
];
const OCCUPATIONS = ['Teacher', 'Nurse', 'Engineer', 'Sales', 'Retired', 'Self-employed', 'Student', 'Manager', 'Clerical'];
const INSURERS = ['State Farm', 'GEICO', 'Progressive', 'Allstate', 'USAA', 'Liberty Mutual', 'Farmers', 'Nationwide'];
const COVERAGES = ['State Minimum', 'Basic', 'Standard', 'Superior'];

const digits = (r: Random, n: number) => Array.from({ length: n }, () => intBetween(r, 0, 9)).join('');
/** A 10-digit US number in an area code (exchange 200-999, never 555-01xx fiction). */
const phone = (r: Random, area: string) => `${area}${intBetween(r, 200, 999)}${digits(r, 4)}`;
const isoDate = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const birthDate = (r: Random, year: number) => isoDate(year - intBetween(r, 19, 78), intBetween(r, 1, 12), intBetween(r, 1, 28));

function driver(r: Random, year: number, first: string, last: string) {
  return {
    first_name: first, last_name: last, gender: pick(r, ['M', 'F']), dob: birthDate(r, year),
    marital_status: pick(r, ['Single', 'Married', 'Divorced', 'Widowed']), license_age: intBetween(r, 16, 21),
    occupation: pick(r, OCCUPATIONS), years_employed: intBetween(r, 0, 25),
    education: pick(r, ['High School', 'Some College', 'Bachelors', 'Masters', 'Doctorate']),
    dui: r.next() < 0.05, sr22: r.next() < 0.03, tickets: intBetween(r, 0, 2), accidents: intBetween(r, 0, 1),
  };
}

function vehicle(r: Random, year: number) {
  const [make, model, trim] = pick(r, VEHICLES);
  return {
    year: intBetween(r, year - 15, year), make, model, trim, vin: `1${digits(r, 4)}X${digits(r, 11)}`.slice(0, 17),
    leased: r.next() < 0.2, primary_use: pick(r, ['Commute', 'Pleasure', 'Business']),
    commute_mileage: intBetween(r, 2, 40), commute_days: intBetween(r, 0, 5), annual_mileage: intBetween(r, 4, 20) * 1000,
    alarm: r.next() < 0.5, garage_type: pick(r, ['Attached', 'Detached', 'Carport', 'None']),
  };
}

function autoData(r: Random, year: number, first: string, last: string) {
  const insured = r.next() < 0.75;
  const twoDrivers = r.next() < 0.45;
  return {
    currently_insured: insured, current_insurance_company: insured ? pick(r, INSURERS) : null,
    insured_since: insured ? isoDate(year - intBetween(r, 1, 10), intBetween(r, 1, 12), 1) : null,
    desired_coverage_type: pick(r, COVERAGES),
    desired_collision_deductible: pick(r, [250, 500, 1000]), desired_comprehensive_deductible: pick(r, [250, 500, 1000]),
    drivers: twoDrivers ? [driver(r, year, first, last), driver(r, year, pick(r, FIRST), last)] : [driver(r, year, first, last)],
    vehicles: r.next() < 0.4 ? [vehicle(r, year), vehicle(r, year)] : [vehicle(r, year)],
  };
}

function homeData(r: Random, year: number) {
  const built = intBetween(r, 1925, year - 1);
  return {
    property_type: pick(r, ['Single Family', 'Condo', 'Townhome', 'Duplex']), year_built: built,
    square_feet: intBetween(r, 8, 45) * 100, bedrooms: intBetween(r, 1, 6), bathrooms: intBetween(r, 1, 4),
    stories: intBetween(r, 1, 3), construction: pick(r, ['Frame', 'Masonry', 'Brick Veneer', 'Stucco']),
    foundation: pick(r, ['Slab', 'Basement', 'Crawl Space']), roof_type: pick(r, ['Asphalt Shingle', 'Tile', 'Metal', 'Slate']),
    roof_age: intBetween(r, 0, Math.min(30, year - built)), heating: pick(r, ['Gas Forced Air', 'Electric', 'Heat Pump', 'Oil']),
    garage: pick(r, ['Attached', 'Detached', 'None']), ownership: pick(r, ['Own', 'Mortgage']), owner_occupied: r.next() < 0.9,
    replacement_cost: intBetween(r, 15, 90) * 10_000, personal_liability: pick(r, [100_000, 300_000, 500_000]),
    desired_deductible: pick(r, [500, 1000, 2500]), five_year_claims: intBetween(r, 0, 2), currently_insured: r.next() < 0.8,
    security_system: r.next() < 0.4, fire_alarm: r.next() < 0.8, dog_breed: r.next() < 0.3 ? pick(r, ['Labrador', 'Beagle', 'Poodle', 'Boxer']) : null,
    flood_plain: r.next() < 0.1, deadbolts: r.next() < 0.85, extinguishers: r.next() < 0.6, trampoline: r.next() < 0.08,
    covered_deck: r.next() < 0.35, pool: r.next() < 0.15,
  };
}

/**
 * A realistic sample lead (the debugger's GET /debug/lead/{vertical}): document 002's
 * contact fields, a real ZIP with its city and state, and the vertical's data. Drawn from
 * the given random source, so a seeded source gives the same lead.
 */
export function sampleLead(vertical: SampleVertical, r: Random, now: Date) {
  const year = now.getUTCFullYear();
  const first = pick(r, FIRST);
  const last = pick(r, LAST);
  const [zip, city, state, area] = pick(r, PLACES);
  const lead = {
    first_name: first, last_name: last,
    email: `${first}.${last}${intBetween(r, 1, 99)}@${pick(r, MAIL)}`.toLowerCase(),
    home_phone: phone(r, area), work_phone: phone(r, area),
    address1: `${intBetween(r, 100, 9899)} ${pick(r, STREETS)}`, city, state, zip,
    dob: birthDate(r, year), gender: pick(r, ['M', 'F']),
    credit_rating: pick(r, ['Excellent', 'Good', 'Fair', 'Poor']), residence_status: pick(r, ['Own', 'Rent']),
    insert_date: now.toISOString(),
    ...(vertical === 'auto' ? autoData(r, year, first, last) : homeData(r, year)),
  };
  return { vertical: SAMPLE_VERTICALS[vertical], lead };
}


/** The contact details a ping leaves out (a ping carries no way to reach the consumer). */
export const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'home_phone', 'work_phone', 'address1'] as const;
