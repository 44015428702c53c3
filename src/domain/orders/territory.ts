/**
 * The territory of an order (document 001, sections 3, 4 and 5): a list of ZIP codes, a
 * radius around a regional ZIP, a whole state, or counties of a state. Pure rules, used by
 * the server (authority), the wizard machine and the territory step (early feedback).
 */
import { TERRITORY } from '../geo/constants';
import { GEO_MSG } from '../geo/messages';

export type GeoType = 'zip' | 'state';
/** How the territory step builds the territory; a view's choice, derivable from a value. */
export type TerritoryMode = 'zips' | 'radius' | 'state' | 'counties';

export interface TerritoryCounty {
  /** Five-digit FIPS code (state + county): the id of the county's shape in us-atlas. */
  fips: string;
  county: string;
  /** The county's ZIP codes, comma separated. */
  zipcodes: string;
  totalZips: number;
  enabled: boolean;
}

export interface TerritoryZip {
  id: string;
  enabled: boolean;
}

export interface Territory {
  geoType: GeoType;
  /** Two-letter state abbreviation, or null. */
  state: string | null;
  counties: TerritoryCounty[];
  zips: TerritoryZip[];
  regionalZip: string | null;
  regionalRadius: number;
  enableCounties: boolean;
  zipListLength: number;
  manualZipsAdded: boolean;
}

export const emptyTerritory = (radius: number = TERRITORY.defaultRadius): Territory => ({
  geoType: 'zip',
  state: null,
  counties: [],
  zips: [],
  regionalZip: null,
  regionalRadius: radius,
  enableCounties: false,
  zipListLength: 0,
  manualZipsAdded: false,
});

// ---------------------------------------------------------------- formats

const ZIP5 = /^\d{5}$/;
const ZIP_PLUS4 = /^\d{5}(?:-\d{4})?$/;

/** A ZIP code of a list: 5 digits. */
export const isZip5 = (s: string): boolean => ZIP5.test(s);
/** A regional ZIP: 5 digits or ZIP+4. */
export const isRegionalZip = (s: string): boolean => ZIP_PLUS4.test(s.trim());
/** The 5-digit part of a regional ZIP (ZIP+4 is looked up by its first five digits). */
export const zip5Of = (s: string): string => s.trim().slice(0, 5);

/** The radius's refusal, or null when it lies in 10–300 miles. */
export function radiusError(miles: number): string | null {
  return Number.isFinite(miles) && miles >= TERRITORY.radiusMin && miles <= TERRITORY.radiusMax
    ? null
    : GEO_MSG.radiusOutOfRange;
}

/** The regional ZIP's refusal, or null when it has the form of a ZIP or ZIP+4. */
export function regionalZipError(zip: string | null | undefined): string | null {
  return zip && isRegionalZip(zip) ? null : GEO_MSG.regionalZipInvalid;
}

// ---------------------------------------------------------------- manual lists

export interface ParsedZipList {
  /** Distinct 5-digit ZIP codes, in the order first written. */
  zips: string[];
  /** Entries that are not 5 digits, as written (trimmed, distinct). */
  invalid: string[];
}

/** A manual list: comma separated (spaces and new lines tolerated), trimmed, deduplicated. */
export function parseZipList(text: string): ParsedZipList {
  const zips = new Set<string>();
  const invalid = new Set<string>();
  for (const raw of text.split(/[,\s]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    (isZip5(entry) ? zips : invalid).add(entry);
  }
  return { zips: [...zips], invalid: [...invalid] };
}

/** Consecutive batches of at most `size` (500 for lookups). */
export function batches<T>(items: readonly T[], size: number = TERRITORY.lookupBatch): T[][] {
  if (!(size >= 1)) throw new RangeError('batch size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The entries of `asked` that a lookup did not return. */
export function missingZips(asked: readonly string[], found: Iterable<string>): string[] {
  const got = new Set(found);
  return asked.filter((z) => !got.has(z));
}

// ---------------------------------------------------------------- geoType rules

/** A state without county selection is a 'state' territory; everything else is 'zip'. */
export const geoTypeOf = (t: Pick<Territory, 'state' | 'enableCounties'>): GeoType =>
  t.state && !t.enableCounties ? 'state' : 'zip';

/** The mode a stored territory was built in. */
export function territoryMode(t: Territory): TerritoryMode {
  if (t.state) return t.enableCounties ? 'counties' : 'state';
  if (t.regionalZip) return 'radius';
  return 'zips';
}

/** The ZIP list of the enabled counties (distinct, ascending). */
export function zipsOfCounties(counties: readonly TerritoryCounty[]): TerritoryZip[] {
  const seen = new Set<string>();
  for (const c of counties) {
    if (!c.enabled) continue;
    for (const z of c.zipcodes.split(',')) if (z) seen.add(z);
  }
  return [...seen].sort().map((id) => ({ id, enabled: true }));
}

function withZips(t: Territory, zips: TerritoryZip[]): Territory {
  return { ...t, zips, zipListLength: zips.length };
}

/** Recompute what follows from the state, the counties and the county switch. */
function settle(t: Territory): Territory {
  const geoType = geoTypeOf(t);
  const zips = t.state ? (t.enableCounties ? zipsOfCounties(t.counties) : []) : t.zips;
  return withZips({ ...t, geoType }, zips);
}

/**
 * Choosing a state: its counties (as loaded) become the county list, all selected; any
 * earlier counties, ZIPs and radius are reset. Without county selection the territory is
 * the whole state. Choosing no state leaves state mode.
 */
export function chooseState(t: Territory, state: string | null, counties: readonly Omit<TerritoryCounty, 'enabled'>[]): Territory {
  // Leaving the state: a county selection's ZIPs stay as a list to edit; a whole state leaves none.
  if (!state) return settle({ ...t, state: null, counties: [], enableCounties: false, zips: t.state && t.enableCounties ? t.zips : [] });
  return settle({
    ...t,
    state,
    counties: counties.map((c) => ({ ...c, enabled: true })),
    regionalZip: null,
    manualZipsAdded: false,
  });
}

/** Switch county selection on (the territory becomes the enabled counties' ZIPs) or off. */
export const setEnableCounties = (t: Territory, on: boolean): Territory => settle({ ...t, enableCounties: on });

/**
 * The territory after its type is switched to `mode` (the step's type control), made from
 * `t`: a state's county selection turns on for counties and off for the whole state (a
 * whole state saved without its county list takes `stateCounties`, every county chosen);
 * leaving a state keeps a county selection's ZIPs as a list. A ZIP list and a radius are
 * both a list of ZIPs: switching between them changes nothing.
 */
export function switchMode(t: Territory, mode: TerritoryMode, stateCounties: readonly Omit<TerritoryCounty, 'enabled'>[] = []): Territory {
  if (!t.state) return t;
  if (mode === 'zips' || mode === 'radius') return chooseState(t, null, []);
  if (mode === 'counties' && t.counties.length === 0) return chooseState({ ...t, enableCounties: true }, t.state, stateCounties);
  return setEnableCounties(t, mode === 'counties');
}

/** Toggle one county. */
export function toggleCounty(t: Territory, fips: string): Territory {
  return settle({ ...t, counties: t.counties.map((c) => (c.fips === fips ? { ...c, enabled: !c.enabled } : c)) });
}

/** Select all counties, or none when all are selected already. */
export function toggleAllCounties(t: Territory): Territory {
  const all = t.counties.length > 0 && t.counties.every((c) => c.enabled);
  return settle({ ...t, counties: t.counties.map((c) => ({ ...c, enabled: !all })) });
}

/** A radius territory: the ZIPs found around the regional ZIP replace the list. */
export function setRadiusZips(t: Territory, regionalZip: string, miles: number, zips: readonly string[]): Territory {
  return withZips(
    { ...t, geoType: 'zip', state: null, counties: [], enableCounties: false, regionalZip, regionalRadius: miles, manualZipsAdded: false },
    zips.map((id) => ({ id, enabled: true })),
  );
}

/** ZIPs added by hand (looked up first): appended, enabled, without duplicates. */
export function addZips(t: Territory, zips: readonly string[]): Territory {
  const have = new Set(t.zips.map((z) => z.id));
  const added = zips.filter((z) => !have.has(z) && (have.add(z), true)).map((id) => ({ id, enabled: true }));
  const base = t.state ? { ...t, state: null, counties: [], enableCounties: false } : t;
  return withZips({ ...base, geoType: 'zip', manualZipsAdded: base.manualZipsAdded || added.length > 0 }, [...base.zips, ...added]);
}

/** Empty the ZIP list (the clear ZIP modal); the radius and regional ZIP go with it. */
export function clearZips(t: Territory): Territory {
  return withZips({ ...t, geoType: 'zip', state: null, counties: [], enableCounties: false, regionalZip: null, manualZipsAdded: false }, []);
}

/** Switch one ZIP of the list on or off. */
export function toggleZip(t: Territory, id: string): Territory {
  return { ...t, zips: t.zips.map((z) => (z.id === id ? { ...z, enabled: !z.enabled } : z)) };
}

export const enabledZips = (t: Pick<Territory, 'zips'>): string[] => t.zips.filter((z) => z.enabled).map((z) => z.id);

// ---------------------------------------------------------------- validity

export interface TerritoryIssue {
  field: 'zips' | 'regionalZip' | 'regionalRadius' | 'state';
  message: string;
}

/**
 * What keeps a territory from being saved (empty when valid): a zip territory needs at
 * least one enabled ZIP; a state territory needs its state; a radius lies in 10–300 and
 * its regional ZIP is a ZIP or ZIP+4.
 */
export function territoryIssues(t: Territory): TerritoryIssue[] {
  const issues: TerritoryIssue[] = [];
  if (t.regionalZip !== null && regionalZipError(t.regionalZip)) issues.push({ field: 'regionalZip', message: GEO_MSG.regionalZipInvalid });
  if (t.regionalZip !== null && radiusError(t.regionalRadius)) issues.push({ field: 'regionalRadius', message: GEO_MSG.radiusOutOfRange });
  if (geoTypeOf(t) === 'state') {
    if (!t.state) issues.push({ field: 'state', message: GEO_MSG.stateRequired });
  } else if (!t.zips.some((z) => z.enabled)) {
    issues.push({ field: 'zips', message: GEO_MSG.noZipSelected });
  }
  return issues;
}

export const isTerritoryValid = (t: Territory): boolean => territoryIssues(t).length === 0;

/** How many ZIPs of a list of `total` are shown after `pages` "show more" clicks. */
export const zipsShown = (total: number, pages: number): number =>
  Math.min(total, TERRITORY.initialZipDisplay + Math.max(0, pages) * TERRITORY.zipPageSize);
