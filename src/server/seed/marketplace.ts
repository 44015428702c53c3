import { REGIONS } from '../../domain/lookups';
import { chance, intBetween, pick, seededRandom, weighted } from '../../domain/random';
import type { Queryable } from '../db/db';
import { postMovements, purchaseKey, type Movement, type MovementMeta } from '../services/ledger';
import { logReturnSteps, type ReturnStep } from '../services/returns';
import { seedGrowthFunds } from './growth';

/**
 * The demo marketplace: agent companies with orders, vendors and packages, 13 months of
 * leads and calls, and the ledger that paid for them. Deterministic for a given `now`
 * (a seeded PRNG), and bulk-inserted so a fresh PGlite seeds in well under a second.
 */
export interface MarketplaceSummary {
  companies: number;
  vendors: number;
  orders: number;
  leads: number;
  calls: number;
}

const DAY = 86_400_000;
const HISTORY_DAYS = 395; // 13 months
const LEAD_TARGET = 4000; // leads of product 'leads'; sold calls add theirs
const CALL_TARGET = 420;

// ---------------------------------------------------------------- fixed data

/** Real cities with a ZIP code and an area code of theirs, and the state's time zone. */
const PLACES: Record<string, { tz: string; cities: Array<[city: string, zip: string, area: string]> }> = {
  TX: { tz: 'America/Chicago', cities: [['Austin', '78701', '512'], ['Houston', '77002', '713'], ['Dallas', '75201', '214'], ['San Antonio', '78205', '210'], ['Fort Worth', '76102', '817']] },
  FL: { tz: 'America/New_York', cities: [['Miami', '33130', '305'], ['Orlando', '32801', '407'], ['Tampa', '33602', '813'], ['Jacksonville', '32202', '904'], ['Tallahassee', '32301', '850']] },
  CA: { tz: 'America/Los_Angeles', cities: [['Los Angeles', '90012', '213'], ['San Diego', '92101', '619'], ['San Francisco', '94103', '415'], ['Sacramento', '95814', '916'], ['Fresno', '93721', '559']] },
  NY: { tz: 'America/New_York', cities: [['New York', '10001', '212'], ['Buffalo', '14202', '716'], ['Rochester', '14604', '585'], ['Albany', '12207', '518'], ['Syracuse', '13202', '315']] },
  IL: { tz: 'America/Chicago', cities: [['Chicago', '60601', '312'], ['Springfield', '62701', '217'], ['Peoria', '61602', '309'], ['Naperville', '60540', '630'], ['Rockford', '61101', '815']] },
  GA: { tz: 'America/New_York', cities: [['Atlanta', '30303', '404'], ['Savannah', '31401', '912'], ['Augusta', '30901', '706'], ['Macon', '31201', '478'], ['Athens', '30601', '706']] },
  OH: { tz: 'America/New_York', cities: [['Columbus', '43215', '614'], ['Cleveland', '44113', '216'], ['Cincinnati', '45202', '513'], ['Toledo', '43604', '419'], ['Dayton', '45402', '937']] },
  AZ: { tz: 'America/Phoenix', cities: [['Phoenix', '85004', '602'], ['Tucson', '85701', '520'], ['Mesa', '85201', '480'], ['Scottsdale', '85251', '480'], ['Flagstaff', '86001', '928']] },
  NC: { tz: 'America/New_York', cities: [['Charlotte', '28202', '704'], ['Raleigh', '27601', '919'], ['Greensboro', '27401', '336'], ['Durham', '27701', '919'], ['Asheville', '28801', '828']] },
};

/** Agent companies besides the demo agent's; weight scales their volume. */
const COMPANIES = [
  { name: 'Lone Star Insurance Group', state: 'TX', agents: 3, weight: 1.3 },
  { name: 'Sunshine State Coverage', state: 'FL', agents: 2, weight: 1.1 },
  { name: 'Golden Gate Insurance', state: 'CA', agents: 3, weight: 1.2 },
  { name: 'Empire Family Insurance', state: 'NY', agents: 1, weight: 0.6 },
  { name: 'Prairie Shield Agency', state: 'IL', agents: 2, weight: 0.9 },
  { name: 'Peachtree Protection', state: 'GA', agents: 1, weight: 0.5 },
  { name: 'Buckeye Insurance Partners', state: 'OH', agents: 2, weight: 0.8 },
  { name: 'Desert Sun Insurance', state: 'AZ', agents: 1, weight: 0.7 },
];
const DEMO_COMPANY = { name: 'Avery Agent Agency', state: 'TX', weight: 1.2 };
type Pause = 'no' | 'dated' | 'indefinite';
/** The demo agent's orders show both verticals, both products and both statuses (owner 1 is pro@). */
const DEMO_ORDERS: Array<{ pkg: number; owner: number; pause: Pause }> = [
  { pkg: 0, owner: 0, pause: 'no' }, { pkg: 3, owner: 0, pause: 'no' }, { pkg: 4, owner: 1, pause: 'no' },
  { pkg: 1, owner: 0, pause: 'dated' }, { pkg: 5, owner: 1, pause: 'indefinite' },
];

/**
 * The demo agent's around-the-clock order: Auto Exclusive Leads from the demo vendor only
 * (the package lets an order choose its vendors), every hour of every day, statewide, with
 * a maximum bid above every other demo order's.
 */
export const AROUND_THE_CLOCK = { pkg: 0, name: 'Texas Around-the-Clock Auto Leads', maxBid: 4000, caps: { daily: 25, weekly: 150, monthly: 500 } };
const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const VENDORS = [
  { name: 'demo_vendor', display: 'Val Vendor Media', verticals: ['autoins', 'homeins'], login: 'vendor@demo.test' },
  { name: 'apex_leads', display: 'Apex Leads', verticals: ['autoins'] },
  { name: 'bluesky_quotes', display: 'BlueSky Quotes', verticals: ['autoins', 'homeins'], universal: true },
  { name: 'harbor_media', display: 'Harbor Insurance Media', verticals: ['homeins'] },
  { name: 'callbridge', display: 'CallBridge Live', verticals: ['autoins', 'homeins'] },
  // Leads from digital ads cannot be returned (spec 002), so the seed gives them no returns.
  { name: 'digital_ads', display: 'Digital Ads', verticals: ['autoins', 'homeins'], digitalAds: true },
  { name: 'prairie_digital', display: 'Prairie Digital', verticals: ['autoins'], inactive: true },
];

type Product = 'leads' | 'calls';
type SeedPackage = { name: string; vertical: string; product: Product; tags: string[]; cost: number; floor: number; isPublic?: boolean;
  toggle?: boolean; optimizer?: boolean; vendors: string[]; groups?: string[]; cldGrowth?: boolean; cldType?: string; customPriced?: boolean;
  questions?: Array<{ id: string; text: string; options: string[] }> };
const STANDARD = ['standard'];
const AUTO_QUESTIONS = [{ id: 'sr22', text: 'Accept drivers who need an SR-22?', options: ['yes', 'no'] }];
/**
 * Packages; their ids follow this order. The first six are the history's; the others make
 * every visibility rule of document 001 section 6 visible to some demo account (id 2 and
 * id 11 are the diy group's auto and home lead packages, id 4 and id 6 its call packages).
 */
const PACKAGES: SeedPackage[] = [
  { name: 'Auto Exclusive Leads', vertical: 'autoins', product: 'leads', tags: ['exclusive'], cost: 2500, floor: 1500, toggle: true, optimizer: true, groups: STANDARD, questions: AUTO_QUESTIONS, vendors: ['demo_vendor', 'apex_leads', 'bluesky_quotes', 'digital_ads'] },
  { name: 'Auto Shared Leads', vertical: 'autoins', product: 'leads', tags: ['shared'], cost: 1200, floor: 800, groups: ['standard', 'diy'], vendors: ['apex_leads', 'bluesky_quotes', 'digital_ads'] },
  { name: 'Auto Growth Leads', vertical: 'autoins', product: 'leads', tags: ['growth'], cost: 750, floor: 750, cldGrowth: true, groups: ['growth'], vendors: ['bluesky_quotes', 'demo_vendor'] },
  { name: 'Auto Live Transfers', vertical: 'autoins', product: 'calls', tags: ['live'], cost: 4500, floor: 3500, groups: ['standard', 'diy'], vendors: ['callbridge', 'demo_vendor'] },
  { name: 'Home Exclusive Leads', vertical: 'homeins', product: 'leads', tags: ['exclusive'], cost: 3000, floor: 2000, toggle: true, groups: STANDARD, vendors: ['demo_vendor', 'bluesky_quotes', 'harbor_media', 'digital_ads'] },
  { name: 'Home Live Transfers', vertical: 'homeins', product: 'calls', tags: ['live'], cost: 5500, floor: 4500, groups: ['standard', 'diy'], vendors: ['callbridge', 'harbor_media'] },
  { name: 'Custom Priced Auto Leads', vertical: 'autoins', product: 'leads', tags: ['custom'], cost: 2000, floor: 500, customPriced: true, toggle: true, optimizer: true, groups: STANDARD, vendors: ['demo_vendor', 'apex_leads', 'bluesky_quotes'] },
  { name: 'Short Form Auto Calls', vertical: 'autoins', product: 'calls', tags: ['short-form-auto-call'], cost: 3000, floor: 2500, groups: STANDARD, vendors: ['callbridge'] },
  { name: 'Homegrown Auto Leads', vertical: 'autoins', product: 'leads', tags: ['homegrown-auto-leads'], cost: 1800, floor: 1000, groups: STANDARD, vendors: ['digital_ads'] },
  { name: 'Premium Auto Calls', vertical: 'autoins', product: 'calls', tags: ['premium-call'], cost: 6500, floor: 5000, groups: STANDARD, vendors: ['callbridge', 'demo_vendor'] },
  { name: 'Home Shared Leads', vertical: 'homeins', product: 'leads', tags: ['shared'], cost: 1400, floor: 900, groups: ['standard', 'diy'], vendors: ['bluesky_quotes', 'harbor_media', 'digital_ads'] },
  { name: 'Premium Qualified Auto Leads', vertical: 'autoins', product: 'leads', tags: ['premium-qualified'], cost: 3500, floor: 2500, toggle: true, groups: STANDARD, vendors: ['demo_vendor', 'apex_leads', 'bluesky_quotes', 'digital_ads'] },
  { name: 'Auto Promotion Leads', vertical: 'autoins', product: 'leads', tags: ['promotion'], cost: 1000, floor: 600, groups: STANDARD, vendors: ['apex_leads', 'bluesky_quotes'] },
  { name: 'Original Auto Leads', vertical: 'autoins', product: 'leads', tags: ['original'], cost: 1500, floor: 1000, groups: STANDARD, vendors: ['apex_leads', 'demo_vendor'] },
  { name: 'Internal Test Leads', vertical: 'autoins', product: 'leads', tags: ['test'], cost: 100, floor: 0, isPublic: false, groups: STANDARD, vendors: ['demo_vendor'] },
  { name: 'Home Growth Leads', vertical: 'homeins', product: 'leads', tags: ['growth'], cost: 900, floor: 900, cldGrowth: true, groups: ['growth'], vendors: ['bluesky_quotes', 'harbor_media'] },
  { name: 'Kickstart Auto Leads', vertical: 'autoins', product: 'leads', tags: ['kickstart'], cost: 1100, floor: 700, groups: STANDARD, vendors: ['apex_leads', 'bluesky_quotes'] },
  { name: 'Lead Lake Auto Leads', vertical: 'autoins', product: 'leads', tags: ['lead-lake'], cost: 600, floor: 300, groups: STANDARD, vendors: ['digital_ads'] },
  { name: 'Weekend Growth Calls', vertical: 'autoins', product: 'calls', tags: ['growth'], cost: 6500, floor: 6500, cldGrowth: true, cldType: 'weekends', groups: ['growth'], vendors: ['callbridge'] },
];
/** Demo accounts' order features: each rule of section 6 has an account that meets it. */
const DEMO_FEATURES: Record<string, string[]> = {
  'agent@demo.test': ['call_orders', 'lead-lists'],
  'regional@demo.test': ['lead-lists'],
  'admin@demo.test': ['premium_orders'],
  'super@demo.test': ['premium_orders', 'match_premium_sources'],
  'pro@demo.test': ['call_orders', 'legacy', 'edit-cpo-caps', 'admin_managed_vendors'],
};
/** Spec 001: the maximum bid is 50 dollars for leads and 100 for calls. */
const MAX_BID: Record<Product, number> = { leads: 5000, calls: 10000 };

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Maria', 'Mark', 'Sandra', 'Luis', 'Ashley', 'Kevin', 'Emily', 'Brian', 'Michelle', 'Jose', 'Amanda'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Nguyen', 'Patel'];
const LEAD_RETURN_REASONS = ['wrong_number', 'disconnected', 'fax_machine', 'no_consumer_request', 'consumer_already_insured', 'duplicate_lead', 'passed_filter'];
const CALL_RETURN_REASONS = ['did_not_transfer', 'duplicate_lead', 'outside_schedule', 'consumer_already_insured', 'language_barrier'];
const DECISIONS = ['return_approved', 'return_denied', 'return_disputed', 'return_approved', 'return_dispute_denied', 'return_denied', 'return_approved', 'return_pending'];
const INSURERS = ['Allstate', 'State Farm', 'Progressive', 'GEICO', 'Farmers', 'Liberty Mutual', 'Nationwide', 'Travelers'];
const CARS: Array<[string, string]> = [['Toyota', 'Camry'], ['Honda', 'Civic'], ['Ford', 'F-150'], ['Chevrolet', 'Silverado'], ['Nissan', 'Altima'], ['Tesla', 'Model 3'], ['Subaru', 'Outback'], ['Jeep', 'Wrangler']];

// ---------------------------------------------------------------- randomness

/** The domain's seeded generator with its draws bound, so every fresh install gets the same data. */
export function prng(seed: number) {
  const r = seededRandom(seed);
  return {
    next: () => r.next(),
    int: (lo: number, hi: number) => intBetween(r, lo, hi),
    pick: <T>(xs: readonly T[]): T => pick(r, xs),
    weighted: <T extends string>(w: Record<T, number>): T => weighted(r, w),
    chance: (p: number) => chance(r, p),
  };
}
type Rng = ReturnType<typeof prng>;

// ---------------------------------------------------------------- helpers

/** Many rows in one statement: they travel as one JSON parameter, which both drivers pass alike. */
async function insertMany<R = Record<string, unknown>>(
  q: Queryable, table: string, columns: Record<string, string>, rows: object[], returning = '',
): Promise<R[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns).join(', ');
  const defs = Object.entries(columns).map(([c, t]) => `${c} ${t}`).join(', ');
  const sql = `INSERT INTO ${table} (${names})
    SELECT ${names} FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(doc, ord)
    CROSS JOIN LATERAL jsonb_to_record(e.doc) AS x(${defs}) ORDER BY e.ord
    ${returning ? `RETURNING ${returning}` : ''}`;
  return (await q.query<R>(sql, [JSON.stringify(rows)])).rows;
}

async function insertOne(q: Queryable, sql: string, params: unknown[]): Promise<number> {
  return (await q.query<{ id: number }>(`${sql} RETURNING id`, params)).rows[0].id;
}

const roundTo = (n: number, step: number) => Math.round(n / step) * step;
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const regionOf = (state: string) => REGIONS.find((r) => r.states.includes(state))?.id ?? null;
/** Weekdays' opening hours (0-23) in the user's zone, the stored schedule shape. */
const hours = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** A moment between `from` and `to` in US waking hours, more of them lately (a growing market). */
function momentBetween(rng: Rng, from: number, to: number): Date {
  const day = Math.floor((from + (to - from) * rng.next() ** 0.8) / DAY) * DAY;
  const t = day + (13 + rng.next() * 12) * 3_600_000; // 13:00-01:00 UTC
  return new Date(Math.round(Math.max(from, t > to ? t - DAY : t)));
}

function verticalData(rng: Rng, vertical: string, nowYear: number): object {
  const insured = rng.chance(0.75);
  if (vertical === 'autoins') {
    const [make, model] = rng.pick(CARS);
    return {
      currentlyInsured: insured, currentInsuranceCompany: insured ? rng.pick(INSURERS) : null,
      desiredCoverageType: rng.pick(['State Minimum', 'Basic', 'Standard', 'Superior']),
      driver1: { gender: rng.pick(['male', 'female']), dob: `${nowYear - rng.int(19, 78)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        maritalStatus: rng.pick(['single', 'married', 'divorced']), dui: rng.chance(0.03), sr22: rng.chance(0.02), tickets: rng.int(0, 2), accidents: rng.int(0, 1) },
      vehicle1: { year: rng.int(nowYear - 15, nowYear), make, model, primaryUse: rng.pick(['commute', 'pleasure', 'business']), annualMileage: roundTo(rng.int(4000, 22000), 500) },
    };
  }
  return {
    currentlyInsured: insured, propertyType: rng.pick(['Single Family', 'Condo', 'Townhome', 'Mobile Home']),
    yearBuilt: rng.int(1950, nowYear - 1), squareFeet: roundTo(rng.int(800, 4200), 50), bedrooms: rng.int(1, 5), bathrooms: rng.int(1, 4),
    construction: rng.pick(['Frame', 'Masonry', 'Brick']), roofType: rng.pick(['Asphalt Shingle', 'Tile', 'Metal']), pool: rng.chance(0.15),
  };
}

/**
 * The steps a return of `status` went through (document 002 sections 4 and 5): asked by the
 * agent; approved or denied by an admin; a denial disputed by the agent within its window;
 * a dispute denied. The last step lands on `responded` when it can, never after `now`.
 */
function returnLife(lead: { return_reason: string | null; deny_reason: string | null; deny_dispute_reason?: string | null }, status: string,
  d: { requested: number; responded: number; now: number; agentId: number; adminId: number; rng: Rng }): Array<Omit<ReturnStep, 'leadId'>> {
  const asked = { status: 'return_pending' as const, reason: lead.return_reason, by: d.agentId, at: new Date(d.requested) };
  if (status === 'return_pending') return [asked];
  if (status === 'return_approved') return [asked, { status: 'return_approved', reason: null, by: d.adminId, at: new Date(d.responded) }];
  // A denial, then (for a dispute) the agent's dispute a few hours to three days later, and its answer within two days.
  const hours = [d.responded - d.requested, ...(status === 'return_denied' ? [] : [(2 + d.rng.next() * 70) * 3_600_000]),
    ...(status === 'return_dispute_denied' ? [(6 + d.rng.next() * 42) * 3_600_000] : [])];
  const total = hours.reduce((a, b) => a + b, 0);
  // Squeeze the steps into the time there was, keeping their proportions.
  const scale = Math.min(1, (d.now - 60_000 - d.requested) / total);
  const at: number[] = [];
  hours.reduce((t, h) => (at.push(t + h * scale), t + h * scale), d.requested);
  const steps: Array<Omit<ReturnStep, 'leadId'>> = [asked, { status: 'return_denied', reason: lead.deny_reason, by: d.adminId, at: new Date(at[0]) }];
  if (status === 'return_denied') return steps;
  steps.push({ status: 'return_disputed', reason: null, by: d.agentId, at: new Date(at[1]) });
  if (status === 'return_dispute_denied') steps.push({ status: 'return_dispute_denied', reason: lead.deny_dispute_reason ?? null, by: d.adminId, at: new Date(at[2]) });
  return steps;
}

// ---------------------------------------------------------------- the seed

export async function seedMarketplace(
  q: Queryable, opts: { now: Date; accounts: Map<string, number> },
): Promise<MarketplaceSummary> {
  const rng = prng(20_260_101);
  const now = opts.now.getTime();
  const start = now - HISTORY_DAYS * DAY;
  const nowYear = opts.now.getUTCFullYear();
  const account = (email: string) => {
    const id = opts.accounts.get(email);
    if (id === undefined) throw new Error(`seedMarketplace: demo account ${email} is missing`);
    return id;
  };
  const { rows: hashRow } = await q.query<{ password_hash: string; company_id: number }>(
    'SELECT password_hash, company_id FROM users WHERE id = $1', [account('agent@demo.test')]);
  const { password_hash: passwordHash, company_id: demoCompanyId } = hashRow[0];

  // The demo companies and accounts predate the history, so reports reach back 13 months.
  const founded = new Date(start - 10 * DAY);
  await q.query('UPDATE companies SET created_at = $1', [founded]);
  await q.query(`UPDATE users SET created_at = $1, updated_at = $1 WHERE company_id IS NOT NULL`, [founded]);

  // Vendors and packages.
  const vendorIds = new Map<string, number>();
  for (const [i, v] of VENDORS.entries()) {
    vendorIds.set(v.name, await insertOne(q,
      `INSERT INTO vendors (vendor_name, display_name, verticals, status, display_order, is_universal_lead_id_provider, user_id, created_at, digital_ads)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [v.name, v.display, v.verticals, v.inactive ? 'inactive' : 'active', i + 1, v.universal ?? false,
        v.login ? account(v.login) : null, founded, v.digitalAds ?? false]));
  }
  const packageIds: number[] = [];
  for (const p of PACKAGES) {
    const id = await insertOne(q,
      `INSERT INTO packages (name, vertical, product, tags, cost_cents, max_bid_floor_cents, is_public, can_toggle_vendors, optimizer_enabled, created_at,
                             package_groups, cld_growth, cld_type, is_custom_priced, questions)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [p.name, p.vertical, p.product, p.tags, p.cost, p.floor, p.isPublic ?? true, p.toggle ?? false, p.optimizer ?? false, founded,
        p.groups ?? [], p.cldGrowth ?? false, p.cldType ?? null, p.customPriced ?? false, JSON.stringify(p.questions ?? [])]);
    packageIds.push(id);
    await q.query('INSERT INTO package_vendors (package_id, vendor_id) SELECT $1, unnest($2::int[])',
      [id, p.vendors.map((n) => vendorIds.get(n))]);
  }

  for (const [email, features] of Object.entries(DEMO_FEATURES))
    await q.query('UPDATE users SET features = $2 WHERE id = $1', [account(email), features]);
  // The demo agency holds a promotion on the promotion package.
  await q.query('INSERT INTO package_promotions (package_id, company_id) VALUES ($1, $2)',
    [packageIds[PACKAGES.findIndex((p) => p.tags.includes('promotion'))], demoCompanyId]);

  // Agent companies: the demo agent's, then the others with 1-3 agents each.
  type Company = { id: number; state: string; weight: number; agents: number[] };
  const companies: Company[] = [{ id: demoCompanyId, state: DEMO_COMPANY.state, weight: DEMO_COMPANY.weight,
    agents: [account('agent@demo.test'), account('pro@demo.test')] }];
  let agentNo = 0;
  for (const c of COMPANIES) {
    const id = await insertOne(q, 'INSERT INTO companies (name, created_at) VALUES ($1, $2)', [c.name, founded]);
    const agents: number[] = [];
    for (let i = 0; i < c.agents; i++) {
      const first = FIRST[(agentNo * 7 + 3) % FIRST.length];
      const last = LAST[(agentNo * 5 + 11) % LAST.length];
      const [city, zip, area] = PLACES[c.state].cities[i % 5];
      agentNo++;
      agents.push(await insertOne(q,
        `INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id, region_id,
                            state, city, zipcode, address1, phone_number, timezone, features, agent_id, created_at, updated_at)
         VALUES ($1, $2, 'user', 'active', true, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)`,
        [`${first}.${last}@${slug(c.name)}.test`.toLowerCase(), passwordHash, first, last, id, regionOf(c.state), c.state,
          city, zip, `${100 + agentNo * 12} Main St`, `${area}55501${String(agentNo).padStart(2, '0')}`, PLACES[c.state].tz,
          ['call_orders'], `AG${String(1000 + agentNo)}`, founded]));
    }
    companies.push({ id, state: c.state, weight: c.weight, agents });
  }

  // Orders: the demo agent's as planned; the others' an auto-leads order from the start, then a mix.
  type Order = { id: number; companyId: number; userId: number; pkg: number; state: string; cities: Array<[string, string, string]>;
    from: number; to: number; maxBid: number; minBillable: number; weight: number };
  const orders: Order[] = [];
  for (const [ci, c] of companies.entries()) {
    const plan = ci === 0 ? DEMO_ORDERS : Array.from({ length: rng.int(2, 4) }, (_, i) => ({
      pkg: i === 0 ? 0 : i === 1 && ci % 2 === 0 ? rng.pick([3, 5]) : rng.pick([1, 2, 4, 3]),
      owner: i, pause: (i === 0 || rng.chance(0.65) ? 'no' : rng.pick(['dated', 'indefinite'])) as Pause }));
    const names = new Set<string>();
    for (const [i, { pkg: pi, owner, pause }] of plan.entries()) {
      const p = PACKAGES[pi];
      const createdDays = i === 0 ? rng.int(385, HISTORY_DAYS - 2) : rng.int(40, 370);
      // A dated pause lasts at most a week (spec 001: a user pauses for 1 to 7 days).
      const pausedDays = pause === 'no' ? 0 : pause === 'dated' ? rng.int(0, 5) : rng.int(0, Math.min(60, createdDays - 20));
      const activateDate = pause === 'dated' ? new Date(now + rng.int(1, 7 - pausedDays) * DAY) : null;
      const cities = PLACES[c.state].cities;
      const k = rng.int(0, cities.length - 1);
      const place = [...cities.slice(k), ...cities.slice(0, k)].find((x) => !names.has(`${x[0]} ${p.name}`)) ?? cities[k];
      const name = `${place[0]} ${p.name}`;
      names.add(name);
      const byZip = rng.chance(0.3);
      const from = now - createdDays * DAY;
      const to = now - pausedDays * DAY;
      const maxBid = Math.min(MAX_BID[p.product], p.floor + rng.int(0, p.product === 'calls' ? 40 : 20) * 100);
      const daily = p.product === 'calls' ? rng.pick([3, 5, 8]) : rng.pick([5, 10, 15, 20]);
      const weekdays = p.product === 'calls' ? hours(9, 17) : hours(8, 20);
      const schedule = { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays, sat: rng.chance(0.4) ? hours(9, 14) : [], sun: [] };
      const territory = byZip
        ? { geoType: 'zip', state: c.state, regionalZip: place[1], regionalRadius: 30, zips: [place[1]] }
        : { geoType: 'state', state: c.state };
      const userId = c.agents[owner % c.agents.length];
      const id = await insertOne(q,
        `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, activate_date,
                             cap_daily, cap_weekly, cap_monthly, max_bid_cents, territory, schedule, created_at, modified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [c.id, userId, packageIds[pi], name, p.vertical, p.product, pause === 'no' ? 'active' : 'inactive', activateDate,
          daily, Math.max(7 * daily, 15), Math.max(28 * daily, 60), maxBid, JSON.stringify(territory), JSON.stringify(schedule),
          new Date(from), new Date(pause === 'no' ? now - rng.int(0, createdDays) * DAY : to)]);
      orders.push({ id, companyId: c.id, userId, pkg: pi, state: c.state, cities: byZip ? [place] : cities,
        from, to, maxBid, minBillable: rng.pick([60, 90, 120]), weight: c.weight * (to - from) * (0.6 + rng.next() * 0.8) });
    }
  }
  // The demo agent's order that buys the demo vendor's auto leads (its only vendor) around the clock, anywhere in
  // Texas, bidding above every other order of the demo: whenever the demo vendor pings a Texas
  // auto lead (the API debugger, its end-to-end test), the demo agent buys it. New this week, so
  // it has no history; its caps keep a busy day sensible.
  const aroundTheClock = await insertOne(q,
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, cap_daily, cap_weekly, cap_monthly,
                         max_bid_cents, territory, schedule, created_at, modified_at)
     VALUES ($1, $2, $3, $4, 'autoins', 'leads', 'active', $5, $6, $7, $8, $9, $10, $11, $11)`,
    [demoCompanyId, account('agent@demo.test'), packageIds[AROUND_THE_CLOCK.pkg], AROUND_THE_CLOCK.name, AROUND_THE_CLOCK.caps.daily,
      AROUND_THE_CLOCK.caps.weekly, AROUND_THE_CLOCK.caps.monthly, AROUND_THE_CLOCK.maxBid, JSON.stringify({ geoType: 'state', state: DEMO_COMPANY.state }),
      JSON.stringify(Object.fromEntries(WEEK.map((d) => [d, hours(0, 24)]))), new Date(now - 3 * DAY)]);
  // What the wizard adds to an order: its vendors, and a call order's phone and call settings.
  await q.query(`INSERT INTO order_vendors (order_id, vendor_id)
    SELECT o.id, pv.vendor_id FROM orders o JOIN package_vendors pv ON pv.package_id = o.package_id
     WHERE o.id <> $1 OR pv.vendor_id = $2`, [aroundTheClock, vendorIds.get('demo_vendor')]);
  await q.query(`UPDATE orders o SET destination_number = regexp_replace(u.phone_number, '[^0-9]', '', 'g'),
      max_concurrent_calls = 1, billable_call_duration = 90
    FROM users u WHERE u.id = o.user_id AND o.product = 'calls' AND u.phone_number IS NOT NULL`);
  await q.query(`UPDATE orders o SET delivery = jsonb_build_object('channels', jsonb_build_array(jsonb_build_object('type', 'email', 'emails', jsonb_build_array(u.email))))
    FROM users u WHERE u.id = o.user_id AND o.product = 'leads'`);
  /** Split `total` over the orders of one product in proportion to their weight. */
  const share = (product: Product, total: number) => {
    const list = orders.filter((o) => PACKAGES[o.pkg].product === product);
    const sum = list.reduce((s, o) => s + o.weight, 0);
    return list.map((o) => ({ o, n: Math.max(1, Math.round((total * o.weight) / sum)) }));
  };
  const price = (o: Order) => roundTo(PACKAGES[o.pkg].floor + rng.next() * (o.maxBid - PACKAGES[o.pkg].floor), 25);
  const consumer = (o: Order) => {
    const [city, zipcode, area] = rng.pick(o.cities);
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    return { first_name: first, last_name: last, city, zipcode, state: o.state,
      email: `${first}.${last}${rng.int(1, 99)}@${rng.pick(['example.com', 'example.net', 'example.org'])}`.toLowerCase(),
      phone: `${area}5550${rng.int(100, 199)}` };
  };

  // Calls: history, plus a few still ringing or connected right now. Each is written as the
  // engine and the telephony worker leave one: an ended call has its connection and end
  // times (and its charge time when sold); an open call is seeded relative to now, so the
  // worker plays it out from here exactly as it plays a call the engine just sold.
  type CallRow = { order_id: number; company_id: number; vendor_id: number; status: string; conference_id: string; duration_seconds: number;
    min_billable_seconds: number; price_cents: number; sold: boolean; phone: string; inserted_at: Date; connected_at: Date | null;
    ended_at: Date | null; charged_at: Date | null };
  const callRows: CallRow[] = [];
  const callConsumers = new Map<string, ReturnType<typeof consumer> & { order: Order }>();
  const addCall = (o: Order, status: string, at: Date, duration: number, connectedAt: Date | null) => {
    const person = consumer(o);
    const conferenceId = `CF-${String(callRows.length + 1).padStart(6, '0')}`;
    callConsumers.set(conferenceId, { ...person, order: o });
    const sold = status === 'completed' && duration >= o.minBillable;
    const endedAt = status === 'completed' ? new Date(connectedAt!.getTime() + duration * 1000)
      : status === 'no-answer' ? new Date(at.getTime() + duration * 1000) : null;
    callRows.push({ order_id: o.id, company_id: o.companyId, vendor_id: vendorIds.get(rng.pick(PACKAGES[o.pkg].vendors))!, status,
      conference_id: conferenceId, duration_seconds: duration, min_billable_seconds: o.minBillable, price_cents: price(o),
      sold, phone: person.phone, inserted_at: at, connected_at: connectedAt, ended_at: endedAt, charged_at: sold ? endedAt : null });
  };
  for (const { o, n } of share('calls', CALL_TARGET)) {
    for (let i = 0; i < n; i++) {
      const answered = rng.chance(0.8);
      const at = momentBetween(rng, o.from, Math.min(o.to, now - 3_600_000));
      const duration = answered ? Math.round(20 + rng.next() ** 2 * 1500) : rng.int(0, 30);
      // Rang for a few seconds (the simulator's 3 to 12) before the agent answered.
      addCall(o, answered ? 'completed' : 'no-answer', at, duration, answered ? new Date(at.getTime() + (3 + (i % 10)) * 1000) : null);
    }
    if (o.to === now) {
      // Connected a little while ago after ringing, and one ringing for seconds: no duration
      // yet (the worker writes it when the call ends) and no charge (the worker charges a
      // billable end once, key purchase:call:<id>).
      const connectedFor = rng.int(45, 600);
      addCall(o, 'in-progress', new Date(now - (connectedFor + 8) * 1000), 0, new Date(now - connectedFor * 1000));
      addCall(o, 'pending-connection', new Date(now - rng.int(5, 40) * 1000), 0, null);
    }
  }
  callRows.sort((a, b) => a.inserted_at.getTime() - b.inserted_at.getTime());
  const callIds = new Map((await insertMany<{ id: number; conference_id: string }>(q, 'calls', {
    order_id: 'int', company_id: 'int', vendor_id: 'int', status: 'text', conference_id: 'text', duration_seconds: 'int',
    min_billable_seconds: 'int', price_cents: 'int', sold: 'boolean', phone: 'text', inserted_at: 'timestamptz', connected_at: 'timestamptz',
    ended_at: 'timestamptz', charged_at: 'timestamptz',
  }, callRows, 'id, conference_id')).map((r) => [r.conference_id, r.id]));

  // Leads: those of lead orders, and one for every call (the engine writes a call's lead when it connects it).
  type LeadRow = ReturnType<typeof consumer> & { order_id: number; company_id: number; user_id: number; vendor_id: number; package_id: number;
    call_id: number | null; vertical: string; product: Product; price_cents: number; agent_status: string; return_status: string | null;
    return_reason: string | null; deny_reason: string | null; return_requested_at: Date | null; return_responded_at: Date | null;
    deny_dispute_reason?: string | null; return_disputed_at?: Date | null; return_decided_by?: number | null; quoted: boolean; policy: boolean;
    vertical_data: object; inserted_at: Date; steps?: Array<Omit<ReturnStep, 'leadId'>> };
  const leadRows: LeadRow[] = [];
  const addLead = (o: Order, person: ReturnType<typeof consumer>, vendor: string, at: Date, priceCents: number, callId: number | null) => {
    const p = PACKAGES[o.pkg];
    const ageDays = (now - at.getTime()) / DAY;
    const agentStatus = ageDays < 1 ? rng.weighted({ new: 8, contacted: 2, attempting: 1 })
      : rng.weighted({ new: 28, contacted: 25, attempting: 15, quoted: 19, policy: 13 });
    const lead: LeadRow = { ...person, order_id: o.id, company_id: o.companyId, user_id: o.userId, vendor_id: vendorIds.get(vendor)!,
      package_id: packageIds[o.pkg], call_id: callId, vertical: p.vertical, product: p.product, price_cents: priceCents,
      agent_status: agentStatus, return_status: null, return_reason: null, deny_reason: null, return_requested_at: null,
      return_responded_at: null, quoted: agentStatus === 'quoted' || agentStatus === 'policy', policy: agentStatus === 'policy',
      vertical_data: verticalData(rng, p.vertical, nowYear), inserted_at: at };
    if (vendor !== 'digital_ads' && rng.chance(ageDays <= 14 ? 0.12 : 0.04)) addReturn(lead, ageDays);
    leadRows.push(lead);
  };
  const decided = new Map<number, number>();
  const adminId = account('admin@demo.test');
  // The hours between a denial, its dispute and the dispute's answer: a stream of their own, so
  // the rest of the demo data stays as it was.
  const stepRng = prng(20_260_102);
  /** A return asked within the 10-day window, answered a day or two later unless recent, and its timeline. */
  const addReturn = (lead: LeadRow, ageDays: number) => {
    const requested = lead.inserted_at.getTime() + rng.next() * Math.min(10, ageDays) * DAY;
    const responded = requested + (6 + rng.next() * 42) * 3_600_000;
    // Decisions take turns per company, so every company with a few returns shows each status.
    const recent = now - requested < 2 * DAY || responded > now;
    const turn = decided.get(lead.company_id) ?? 0;
    if (!recent) decided.set(lead.company_id, turn + 1);
    const status = recent ? 'return_pending' : DECISIONS[turn % DECISIONS.length];
    lead.return_status = status;
    lead.return_reason = rng.pick(lead.product === 'calls' ? CALL_RETURN_REASONS : LEAD_RETURN_REASONS);
    lead.return_requested_at = new Date(requested);
    if (status !== 'return_pending') lead.return_responded_at = new Date(responded);
    if (status !== 'return_pending' && status !== 'return_approved') {
      lead.deny_reason = status === 'return_denied' && rng.chance(0.4) ? 'lead_quoted' : 'contact_verified';
    }
    lead.deny_dispute_reason = status === 'return_dispute_denied' ? 'denial_upheld' : null;
    lead.steps = returnLife(lead, status, { requested, responded, now, agentId: lead.user_id, adminId, rng: stepRng });
    const last = lead.steps[lead.steps.length - 1];
    if (status !== 'return_pending') {
      lead.return_decided_by = adminId;
      // The latest decision (the dispute window counts from it).
      lead.return_responded_at = [...lead.steps].reverse().find((x) => x.by === adminId)!.at;
    }
    lead.return_disputed_at = lead.steps.find((x) => x.status === 'return_disputed')?.at ?? null;
    if (last.at.getTime() > now) throw new Error('seedMarketplace: a return step lies in the future');
    const quoted = lead.deny_reason === 'lead_quoted';
    lead.agent_status = quoted ? 'quoted' : rng.pick(['new', 'contacted', 'attempting']);
    lead.quoted = quoted;
    lead.policy = false;
  };
  for (const { o, n } of share('leads', LEAD_TARGET)) {
    for (let i = 0; i < n; i++) addLead(o, consumer(o), rng.pick(PACKAGES[o.pkg].vendors), momentBetween(rng, o.from, o.to), price(o), null);
  }
  for (const c of callRows.filter((r) => r.sold)) {
    const { order, ...person } = callConsumers.get(c.conference_id)!;
    const vendor = VENDORS.find((v) => vendorIds.get(v.name) === c.vendor_id)!.name;
    addLead(order, person, vendor, c.inserted_at, c.price_cents, callIds.get(c.conference_id)!);
  }
  // The calls not sold (not answered, too short, or still open) have their lead too, never
  // worked nor returned yet; drawn from a generator of their own so the rest of the seed
  // stays as it was.
  const unsoldRng = prng(20_260_102);
  for (const c of callRows.filter((r) => !r.sold)) {
    const { order, ...person } = callConsumers.get(c.conference_id)!;
    const p = PACKAGES[order.pkg];
    leadRows.push({ ...person, order_id: order.id, company_id: order.companyId, user_id: order.userId, vendor_id: c.vendor_id,
      package_id: packageIds[order.pkg], call_id: callIds.get(c.conference_id)!, vertical: p.vertical, product: 'calls', price_cents: c.price_cents,
      agent_status: 'new', return_status: null, return_reason: null, deny_reason: null, return_requested_at: null, return_responded_at: null,
      quoted: false, policy: false, vertical_data: verticalData(unsoldRng, p.vertical, nowYear), inserted_at: c.inserted_at });
  }
  leadRows.sort((a, b) => a.inserted_at.getTime() - b.inserted_at.getTime());
  const leadInserted = await insertMany<{ id: number }>(q, 'leads', {
    order_id: 'int', company_id: 'int', user_id: 'int', vendor_id: 'int', package_id: 'int', call_id: 'int', vertical: 'text',
    product: 'text', first_name: 'text', last_name: 'text', email: 'text', phone: 'text', zipcode: 'text', state: 'text', city: 'text',
    price_cents: 'int', agent_status: 'text', return_status: 'text', return_reason: 'text', deny_reason: 'text',
    return_requested_at: 'timestamptz', return_responded_at: 'timestamptz', quoted: 'boolean', policy: 'boolean',
    vertical_data: 'jsonb', inserted_at: 'timestamptz', deny_dispute_reason: 'text', return_disputed_at: 'timestamptz', return_decided_by: 'int',
  }, leadRows, 'id');
  // A call not charged is no sale yet (migration 022).
  await q.query('UPDATE leads l SET billed = false FROM calls k WHERE k.id = l.call_id AND NOT k.sold');
  // Returns: who asked, and every step of each return's life, written as the returns service writes them.
  await q.query('UPDATE leads SET return_requested_by = user_id WHERE return_status IS NOT NULL');
  // Identities follow the rows' order, so the ids in ascending order are the rows'.
  const leadIds = leadInserted.map((r) => r.id).sort((a, b) => a - b);
  await logReturnSteps(q, leadRows.flatMap((l, i) => (l.steps ?? []).map((step) => ({ leadId: leadIds[i], ...step }))));

  const cards = await seedCards(q, companies.map((c) => c.id), { founded, nowYear });
  await seedLedger(q, rng, { companies, cards, adminId: account('admin@demo.test') });
  await seedGrowthFunds(q, new Date(now - 7 * DAY));

  const { rows } = await q.query<MarketplaceSummary>(`SELECT
    (SELECT count(*)::int FROM companies) AS companies, (SELECT count(*)::int FROM vendors) AS vendors,
    (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM leads) AS leads, (SELECT count(*)::int FROM calls) AS calls`);
  return rows[0];
}

/**
 * Each company's cards, registered with the sandbox gateway as its test card 4242 4242
 * 4242 4242 (and 5555 5555 5555 4444 as a backup for every other company), and
 * continuous billing on the primary one. Written here rather than through the gateway:
 * the seed runs in one transaction, and a gateway is never called inside one.
 */
async function seedCards(q: Queryable, companyIds: number[], d: { founded: Date; nowYear: number }): Promise<Map<number, number>> {
  const rows = companyIds.flatMap((companyId, i) => [
    { company_id: companyId, token: `tok_sbx_seed_${companyId}_1`, brand: 'visa', last_four: '4242', exp_month: 1 + (i % 12), exp_year: d.nowYear + 2 + (i % 3), priority: 1 },
    ...(i % 2 === 1 ? [{ company_id: companyId, token: `tok_sbx_seed_${companyId}_2`, brand: 'mastercard', last_four: '4444', exp_month: 6, exp_year: d.nowYear + 1, priority: 2 }] : []),
  ]).map((r) => ({ ...r, gateway: 'sandbox', created_at: d.founded }));
  await insertMany(q, 'payment_sandbox_cards', { token: 'text', outcome: 'text', exp_month: 'int', exp_year: 'int', created_at: 'timestamptz' },
    rows.map((r) => ({ token: r.token, outcome: 'succeeded', exp_month: r.exp_month, exp_year: r.exp_year, created_at: r.created_at })));
  const cards = await insertMany<{ id: number; company_id: number; priority: number }>(q, 'payment_cards', {
    company_id: 'int', gateway: 'text', token: 'text', brand: 'text', last_four: 'text', exp_month: 'int', exp_year: 'int', priority: 'int', created_at: 'timestamptz',
  }, rows, 'id, company_id, priority');
  const primary = new Map(cards.filter((c) => c.priority === 1).map((c) => [c.company_id, c.id]));
  return primary;
}

/**
 * What paid for the leads, written through the ledger service: a purchase per lead, a
 * refund per approved return, courtesy credits, and card deposits from an auto-recharge
 * played forward in time, so every company's balance stays above its threshold.
 */
async function seedLedger(q: Queryable, rng: Rng, d: {
  companies: Array<{ id: number }>;
  cards: Map<number, number>;
  adminId: number;
}): Promise<void> {
  const { rows: leads } = await q.query<{ id: number; company_id: number; product: Product; price_cents: number; inserted_at: Date;
    return_status: string | null; return_responded_at: Date | null; call_id: number | null; call_status: string | null; charged_at: Date | null }>(
    `SELECT l.id, l.company_id, l.product, l.price_cents, l.inserted_at, l.return_status, l.return_responded_at,
            l.call_id, k.status AS call_status, k.charged_at
       FROM leads l LEFT JOIN calls k ON k.id = l.call_id ORDER BY l.id`);
  const items: Array<{ movement: Movement; meta: MovementMeta }> = [];
  // Calls still open when the seed runs: the worker charges those that end billable, later.
  const pending: Array<{ companyId: number; at: number; cents: number }> = [];
  // Keys name the cause: a lead's purchase (a call's: the charge of its billable end, the key
  // the telephony worker uses) and its refund.
  for (const l of leads) {
    if (l.call_id !== null && l.charged_at === null) {
      if (l.call_status === 'in-progress' || l.call_status === 'pending-connection') {
        pending.push({ companyId: l.company_id, at: new Date(l.inserted_at).getTime(), cents: -l.price_cents });
      }
      continue;
    }
    items.push({ movement: l.call_id === null
      ? { kind: 'purchase', product: l.product, companyId: l.company_id, amountCents: l.price_cents, leadId: l.id }
      : { kind: 'purchase', product: 'calls', companyId: l.company_id, amountCents: l.price_cents, leadId: l.id, callId: l.call_id },
    meta: l.call_id === null
      ? { key: purchaseKey('leads', l.id), at: new Date(l.inserted_at), memo: `Lead ${l.id}` }
      : { key: purchaseKey('calls', l.call_id), at: new Date(l.charged_at!), memo: `Call ${l.call_id}` } });
    if (l.return_status === 'return_approved') {
      items.push({ movement: { kind: 'return_refund', companyId: l.company_id, amountCents: l.price_cents, leadId: l.id },
        meta: { key: `return:lead:${l.id}`, at: new Date(l.return_responded_at!), memo: `Approved return of lead ${l.id}` } });
    }
  }
  const threshold = 5_000;
  const settings: Array<{ company_id: number; amount_cents: number }> = [];
  for (const [ci, c] of d.companies.entries()) {
    const amount = rng.pick([25_000, 50_000, 100_000]);
    settings.push({ company_id: c.id, amount_cents: amount });
    const moves = items.filter((i) => i.movement.companyId === c.id).map((i) => ({
      at: i.meta.at.getTime(), cents: i.movement.kind === 'purchase' ? -i.movement.amountCents : i.movement.amountCents,
    })).sort((a, b) => a.at - b.at);
    // The open calls' prices are played as spent too, so the deposits cover their charges
    // when they end billable: the balance then stays above the threshold, no recharge runs.
    moves.push(...pending.filter((p) => p.companyId === c.id));
    let cents = 0;
    let n = 0;
    for (const m of moves) {
      // Recharge before the purchase that would cross the threshold, as continuous billing does.
      while (cents + m.cents < threshold) {
        cents += amount;
        items.push({ movement: { kind: 'deposit', companyId: c.id, amountCents: amount, cardId: d.cards.get(c.id) },
          meta: { key: `seed:deposit:${c.id}:${n++}`, at: new Date(m.at - 60_000), memo: 'Automatic recharge' } });
      }
      cents += m.cents;
    }
    if (ci % 3 === 0 && moves.length > 0) {
      const credit = rng.pick([1_500, 2_500, 5_000]); // spec 002: credits up to 50 dollars
      items.push({ movement: { kind: 'courtesy_credit', companyId: c.id, amountCents: credit },
        meta: { key: `seed:courtesy:${c.id}`, at: new Date(moves[Math.floor(moves.length / 2)].at), createdBy: d.adminId, memo: 'Courtesy credit: welcome back' } });
    }
  }
  // In time order, deposits first at equal times: no balance dips below zero on the way.
  items.sort((a, b) => a.meta.at.getTime() - b.meta.at.getTime() || Number(b.movement.kind === 'deposit') - Number(a.movement.kind === 'deposit'));
  await postMovements(q, items);
  // Continuous billing on the primary card, at the amounts played above.
  await insertMany(q, 'recharge_settings', { company_id: 'int', billing_type: 'text', active: 'boolean', amount_cents: 'int',
    threshold_cents: 'int', updated_at: 'timestamptz' },
  settings.map((s) => ({ ...s, billing_type: 'ct', active: true, threshold_cents: threshold, updated_at: leads.at(-1)?.inserted_at ?? new Date(0) })));
  await insertMany(q, 'recharge_cards', { company_id: 'int', card_id: 'int' },
    d.companies.map((c) => ({ company_id: c.id, card_id: d.cards.get(c.id) })));
}
