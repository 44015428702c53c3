/** GET /geo/zips, /geo/counties and /geo/states.kml against the real server and data. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getCounties } from '../../src/api/geo/get-counties';
import { getZipsInRadius, lookupZipList } from '../../src/api/geo/get-zips';
import { ApiError } from '../../src/api/errors';
import { KM_PER_MILE } from '../../src/domain/geo/constants';
import { GEO_MSG } from '../../src/domain/geo/messages';
import { countiesOf, geoIndex, zipsExist, zipsInRadius } from '../../src/server/services/geo';
import { distance } from 'geokdbush';
import { DEMO, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app';

let t: TestApp;
let agent: TestClient;
beforeAll(async () => {
  t = await startTestApp();
  agent = await sessionFor(t, DEMO.agent);
});
afterAll(() => t?.close());

const get = (url: string, token = agent.session.token) => t.request({ method: 'GET', url: `/rest${url}`, token });

describe('the ZIP data', () => {
  test('holds every US ZIP code of the package with its state and county', () => {
    const index = geoIndex();
    expect(index.records.length).toBeGreaterThan(40_000);
    expect(index.byZip.get('90210')).toMatchObject({ state: 'CA', fips: '06037', county: 'Los Angeles' });
    expect(index.byZip.get('10001')).toMatchObject({ state: 'NY', fips: '36061' });
    // Every state and DC has ZIPs and counties.
    for (const s of ['AL', 'AK', 'CA', 'DC', 'TX', 'WY']) expect(countiesOf(s).length, s).toBeGreaterThan(0);
  });

  test('a radius lookup finds exactly what a scan of every ZIP finds', () => {
    const index = geoIndex();
    for (const [zip, miles] of [['75201', 10], ['59001', 300], ['99501', 120], ['33101', 45]] as const) {
      const c = index.byZip.get(zip)!;
      const scan = index.records.filter((r) => distance(c.lng, c.lat, r.lng, r.lat) <= miles * KM_PER_MILE).map((r) => r.zip).sort();
      expect(zipsInRadius(zip, miles)!.map((r) => r.zip).sort(), `${zip} ${miles}`).toEqual(scan);
    }
  });

  test('service functions for the order rules', () => {
    expect(zipsExist(['75201', '00000', '75201'])).toMatchObject({ found: [{ zip: '75201' }], missing: ['00000'] });
    expect(zipsInRadius('00000', 50)).toBeNull();
    expect(zipsInRadius('75201-1234', 10)?.[0].zip).toBe('75201');
    expect(countiesOf('tx')).toBe(countiesOf('TX'));
  });
});

describe('GET /geo/zips', () => {
  test('answers the ZIPs of a list that exist, in order, once each', async () => {
    const res = await agent.GET('/geo/zips', { params: { query: { zips: '75202,00000,75201,75202' } } });
    expect(res.data?.zips.map((z) => z.id)).toEqual(['75202', '75201']);
    expect(res.data?.zips[1]).toEqual({ id: '75201', latitude: 32.7904, longitude: -96.8044, StateAbbr: 'TX' });
  });

  test('answers every ZIP within the radius, nearest first, for ZIP and ZIP+4', async () => {
    const a = await agent.GET('/geo/zips', { params: { query: { zips: '75201', radius: 300 } } });
    const b = await agent.GET('/geo/zips', { params: { query: { zips: '75201-0001', radius: 300 } } });
    expect(a.data!.zips.length).toBeGreaterThan(2000);
    expect(a.data!.zips[0].id).toBe('75201');
    expect(b.data).toEqual(a.data);
    const states = new Set(a.data!.zips.map((z) => z.StateAbbr));
    for (const s of ['TX', 'OK', 'AR', 'LA']) expect(states).toContain(s);
    for (const s of ['CA', 'FL', 'CO']) expect(states).not.toContain(s);
    const c = a.data!.zips[0];
    const d = a.data!.zips.map((z) => distance(c.longitude, c.latitude, z.longitude, z.latitude));
    expect(d.every((x, i) => i === 0 || x >= d[i - 1])).toBe(true);
    expect(Math.max(...d)).toBeLessThanOrEqual(300 * KM_PER_MILE);
    const ten = await agent.GET('/geo/zips', { params: { query: { zips: '75201', radius: 10 } } });
    expect(ten.data!.zips.length).toBeLessThan(a.data!.zips.length);
  });

  test('an unknown regional ZIP is 422 with the specification\'s text', async () => {
    const res = await get('/geo/zips?zips=00000&radius=50');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: GEO_MSG.regionalZipInvalid, errors: [{ field: 'zips' }] });
  });

  test.each([
    ['zips=75201&radius=9', 'radius'],
    ['zips=75201&radius=301', 'radius'],
    ['zips=75201&radius=far', 'radius'],
    ['zips=7520&radius=50', 'zips'],
    ['zips=75201,75202&radius=50', 'zips'],
    ['zips=75201,abcde', 'zips'],
    ['zips=75201-1234', 'zips'],
    ['radius=50', 'zips'],
    ['zips=', 'zips'],
    ['zips=75201&state=TX', 'state'],
  ])('bad input (%s) is 400 naming %s', async (query, field) => {
    const res = await get(`/geo/zips?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  test('any query is answered 200, 400 or 422, never a failure (property)', async () => {
    const zipish = fc.oneof(fc.stringMatching(/^\d{5}(-\d{4})?$/), fc.string({ maxLength: 12 }), fc.array(fc.stringMatching(/^\d{5}$/), { maxLength: 6 }).map((a) => a.join(',')));
    await fc.assert(
      fc.asyncProperty(zipish, fc.option(fc.oneof(fc.integer({ min: -5, max: 400 }), fc.double({ noNaN: false }), fc.string({ maxLength: 4 }))), async (zips, radius) => {
        const q = new URLSearchParams({ zips, ...(radius === null ? {} : { radius: String(radius) }) });
        const res = await get(`/geo/zips?${q}`);
        expect([200, 400, 422]).toContain(res.statusCode);
        if (res.statusCode !== 200) expect(res.json().error).toEqual(expect.any(String));
      }),
      { numRuns: 60 },
    );
  });

  test('more than 500 ZIPs at once is 400; the web looks longer lists up in batches of 500', async () => {
    const list = Array.from({ length: 501 }, (_, i) => String(75001 + i));
    const res = await get(`/geo/zips?zips=${list.join(',')}`);
    expect(res.statusCode).toBe(400);
    const { found, missing } = await lookupZipList(agent, list);
    expect(found.length + missing.length).toBe(501);
    expect(found.length).toBeGreaterThan(100);
    expect(found.map((z) => z.id)).toEqual(list.filter((z) => found.some((f) => f.id === z)));
  });

  test('the web fetcher turns a refused regional ZIP into an ApiError with the text', async () => {
    await expect(getZipsInRadius(agent, '00000', 50)).rejects.toMatchObject({ status: 422, message: GEO_MSG.regionalZipInvalid });
    await expect(getZipsInRadius(agent, '00000', 50)).rejects.toBeInstanceOf(ApiError);
  });
});

describe('GET /geo/counties', () => {
  test('answers a state\'s counties with their ZIP codes, by name', async () => {
    const counties = await getCounties(agent, 'TX');
    expect(counties.length).toBe(countiesOf('TX').length);
    const dallas = counties.find((c) => c.county === 'Dallas')!;
    expect(dallas).toMatchObject({ fips: '48113' });
    expect(dallas.zipcodes.split(',')).toContain('75201');
    expect(dallas.totalZips).toBe(dallas.zipcodes.split(',').length);
    const names = counties.map((c) => c.county);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(counties.every((c) => c.fips.startsWith('48'))).toBe(true);
  });

  test.each(['state=XX', 'state=tx', 'state=', '', 'state=TX&zips=1'])('bad input (%s) is 400', async (query) => {
    const res = await get(`/geo/counties?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });
});

describe('GET /geo/states.kml', () => {
  test('is a KML document with a styled placemark per state asked', async () => {
    const res = await get('/geo/states.kml?states=TX,ok&stroke=ff0000&fill=00ff0080');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
    const kml = res.body;
    expect(kml).toMatch(/^<\?xml/);
    expect(kml.match(/<Placemark /g)).toHaveLength(2);
    expect(kml).toContain('<name>Texas</name>');
    expect(kml).toContain('<name>Oklahoma</name>');
    expect(kml).toContain('<LineStyle><color>ff0000ff</color>');
    expect(kml).toContain('<PolyStyle><color>8000ff00</color>');
    expect(kml).toMatch(/<coordinates>-?\d+\.?\d*,\d+\.?\d* /);
  });

  test('answers every state without a list', async () => {
    const kml = (await get('/geo/states.kml?stroke=1c7ed6&fill=1c7ed6')).body;
    expect(kml.match(/<Placemark /g)!.length).toBeGreaterThanOrEqual(51);
    expect(kml).toContain('<PolyStyle><color>40d67e1c</color>');
  });

  test.each(['stroke=red', 'fill=%23ff0000', 'states=TEX', 'states=TX,', 'stroke=ff00'])('bad input (%s) is 400', async (query) => {
    expect((await get(`/geo/states.kml?${query}`)).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  test('the roles that create orders, and nobody signed out', async () => {
    for (const email of [DEMO.agent, DEMO.regional, DEMO.admin, DEMO.superAdmin]) {
      const c = await sessionFor(t, email);
      expect((await get('/geo/counties?state=TX', c.session.token)).statusCode, email).toBe(200);
    }
    for (const email of [DEMO.vendor, DEMO.corporate]) {
      const c = await sessionFor(t, email);
      for (const url of ['/geo/counties?state=TX', '/geo/zips?zips=75201', '/geo/states.kml'])
        expect((await get(url, c.session.token)).statusCode, `${email} ${url}`).toBe(403);
    }
    for (const url of ['/geo/counties?state=TX', '/geo/zips?zips=75201', '/geo/states.kml']) expect((await get(url, null)).statusCode).toBe(401);
  });
});
