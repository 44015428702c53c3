/** Territory rules (document 001 sections 4, 5 and 9): each case beside its near miss. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TERRITORY } from '../../src/domain/geo/constants';
import { GEO_MSG, zipLookupFailed } from '../../src/domain/geo/messages';
import { stateByAbbr, stateByFips, US_STATES } from '../../src/domain/geo/us-states';
import {
  addZips, batches, chooseState, clearZips, emptyTerritory, enabledZips, geoTypeOf, isRegionalZip, isTerritoryValid,
  isZip5, missingZips, parseZipList, radiusError, regionalZipError, setEnableCounties, setRadiusZips, switchMode, territoryIssues,
  territoryMode, toggleAllCounties, toggleCounty, toggleZip, zip5Of, zipsOfCounties, zipsShown, type Territory,
} from '../../src/domain/orders/territory';

const COUNTIES = [
  { fips: '48113', county: 'Dallas', zipcodes: '75201,75202', totalZips: 2 },
  { fips: '48439', county: 'Tarrant', zipcodes: '76101,75202', totalZips: 2 },
  { fips: '48453', county: 'Travis', zipcodes: '78701', totalZips: 1 },
];

describe('constants', () => {
  it('are those of section 9', () => {
    expect(TERRITORY).toMatchObject({
      radiusMin: 10, radiusMax: 300, defaultRadius: 90, recommendedRadius: 30, metersPerMile: 1609.34,
      initialZipDisplay: 1500, zipPageSize: 50, lookupBatch: 500, zipToastMs: 15_000, defaultZoom: 4,
    });
    expect(emptyTerritory().regionalRadius).toBe(90);
    expect(emptyTerritory(30).regionalRadius).toBe(30);
  });
  it('name states by abbreviation and FIPS code both ways', () => {
    expect(new Set(US_STATES.map((s) => s.abbr)).size).toBe(US_STATES.length);
    expect(stateByAbbr('tx')).toEqual({ abbr: 'TX', fips: '48', name: 'Texas' });
    expect(stateByFips('06')?.abbr).toBe('CA');
    expect(stateByAbbr('XX')).toBeUndefined();
  });
});

describe('formats', () => {
  it('a list ZIP is exactly 5 digits; a regional ZIP may be ZIP+4', () => {
    expect(isZip5('75201')).toBe(true);
    expect(isZip5('7520')).toBe(false);
    expect(isZip5('752011')).toBe(false);
    expect(isZip5('75201-1234')).toBe(false);
    expect(isRegionalZip('75201-1234')).toBe(true);
    expect(isRegionalZip(' 75201 ')).toBe(true);
    expect(isRegionalZip('75201-123')).toBe(false);
    expect(isRegionalZip('75201 1234')).toBe(false);
    expect(zip5Of('75201-1234')).toBe('75201');
  });
  it('refuses a regional ZIP with the specification\'s text', () => {
    expect(regionalZipError('abcde')).toBe(GEO_MSG.regionalZipInvalid);
    expect(regionalZipError('')).toBe(GEO_MSG.regionalZipInvalid);
    expect(regionalZipError(null)).toBe(GEO_MSG.regionalZipInvalid);
    expect(regionalZipError('75201')).toBeNull();
  });
  it('takes a radius of 10 to 300 miles, both ends included', () => {
    expect(radiusError(10)).toBeNull();
    expect(radiusError(300)).toBeNull();
    expect(radiusError(9.99)).toBe(GEO_MSG.radiusOutOfRange);
    expect(radiusError(300.01)).toBe(GEO_MSG.radiusOutOfRange);
    expect(radiusError(Number.NaN)).toBe(GEO_MSG.radiusOutOfRange);
  });
});

describe('manual lists', () => {
  it('are comma separated, trimmed and deduplicated; bad entries are set apart', () => {
    expect(parseZipList(' 75201,75202 ,75201,,abc, 1234\n75203')).toEqual({ zips: ['75201', '75202', '75203'], invalid: ['abc', '1234'] });
    expect(parseZipList('')).toEqual({ zips: [], invalid: [] });
  });
  it('never keep a duplicate or an entry that is not 5 digits (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.stringMatching(/^\d{5}$/), fc.string({ maxLength: 7 })), { maxLength: 40 }), (entries) => {
        const { zips, invalid } = parseZipList(entries.join(','));
        expect(new Set(zips).size).toBe(zips.length);
        expect(zips.every(isZip5)).toBe(true);
        expect(invalid.some(isZip5)).toBe(false);
      }),
    );
  });
  it('are looked up in batches of 500, in order, nothing lost', () => {
    const list = Array.from({ length: 1201 }, (_, i) => String(10000 + i));
    const b = batches(list);
    expect(b.map((x) => x.length)).toEqual([500, 500, 201]);
    expect(b.flat()).toEqual(list);
    expect(batches(list.slice(0, 500))).toHaveLength(1);
    expect(batches([])).toEqual([]);
    expect(() => batches(list, 0)).toThrow(RangeError);
  });
  it('name what a lookup did not return', () => {
    expect(missingZips(['75201', '00000', '99999'], ['75201'])).toEqual(['00000', '99999']);
    expect(zipLookupFailed(['00000', '99999'])).toBe('Could not return Zip codes with 00000, 99999');
  });
});

describe('geoType rules (section 4)', () => {
  const tx = (enableCounties: boolean) => chooseState({ ...emptyTerritory(), enableCounties }, 'TX', COUNTIES);

  it('a state without counties is a state territory with no ZIP list', () => {
    const t = tx(false);
    expect(t.geoType).toBe('state');
    expect(t.zips).toEqual([]);
    expect(territoryMode(t)).toBe('state');
    expect(isTerritoryValid(t)).toBe(true);
  });
  it('a state with county selection becomes zip: the enabled counties\' ZIPs, once each', () => {
    const t = tx(true);
    expect(t.geoType).toBe('zip');
    expect(enabledZips(t)).toEqual(['75201', '75202', '76101', '78701']);
    expect(t.zipListLength).toBe(4);
    expect(territoryMode(t)).toBe('counties');
    expect(setEnableCounties(t, false).geoType).toBe('state');
  });
  it('choosing a state loads its counties and selects all', () => {
    expect(tx(true).counties.every((c) => c.enabled)).toBe(true);
    expect(tx(true).counties.map((c) => c.fips)).toEqual(COUNTIES.map((c) => c.fips));
  });
  it('changing the state resets the counties', () => {
    const t = toggleCounty(tx(true), '48113');
    const ok = chooseState(t, 'OK', [{ fips: '40109', county: 'Oklahoma', zipcodes: '73101', totalZips: 1 }]);
    expect(ok.counties).toEqual([{ fips: '40109', county: 'Oklahoma', zipcodes: '73101', totalZips: 1, enabled: true }]);
    expect(enabledZips(ok)).toEqual(['73101']);
  });
  it('toggling a county changes the ZIPs; a ZIP shared with a selected county stays', () => {
    const t = toggleCounty(tx(true), '48113');
    expect(t.counties.find((c) => c.fips === '48113')?.enabled).toBe(false);
    expect(enabledZips(t)).toEqual(['75202', '76101', '78701']);
    expect(new Set(enabledZips(toggleCounty(t, '48113')))).toEqual(new Set(enabledZips(tx(true))));
  });
  it('select-all toggles every county: none when all are on, all otherwise', () => {
    const none = toggleAllCounties(tx(true));
    expect(none.counties.every((c) => !c.enabled)).toBe(true);
    expect(territoryIssues(none)).toEqual([{ field: 'zips', message: GEO_MSG.noZipSelected }]);
    const some = toggleCounty(none, '48453');
    expect(toggleAllCounties(some).counties.every((c) => c.enabled)).toBe(true);
    expect(toggleAllCounties(emptyTerritory()).counties).toEqual([]);
  });
  it('geoType follows the state and the county switch, whatever was stored', () => {
    fc.assert(
      fc.property(fc.option(fc.constantFrom('TX', 'OK')), fc.boolean(), (state, enableCounties) => {
        expect(geoTypeOf({ state, enableCounties })).toBe(state && !enableCounties ? 'state' : 'zip');
      }),
    );
  });
  it('leaving the state keeps the counties\' ZIPs as a list', () => {
    const t = chooseState(tx(true), null, []);
    expect(t.state).toBeNull();
    expect(t.geoType).toBe('zip');
    expect(enabledZips(t)).toEqual(['75201', '75202', '76101', '78701']);
    expect(chooseState(tx(false), null, []).zips).toEqual([]);
  });
  it('switching the type: counties on or off, a whole state saved without its county list takes it, a list stays a list', () => {
    const counties = tx(true);
    expect(territoryMode(switchMode(counties, 'state'))).toBe('state');
    expect(switchMode(switchMode(counties, 'state'), 'counties')).toEqual(counties);
    expect(enabledZips(switchMode(counties, 'zips'))).toEqual(['75201', '75202', '76101', '78701']);
    expect(switchMode(counties, 'radius')).toEqual(switchMode(counties, 'zips'));
    const saved = { ...tx(false), counties: [] };
    expect(switchMode(saved, 'counties', COUNTIES)).toEqual(counties);
    const list = addZips(emptyTerritory(), ['75201']);
    for (const mode of ['zips', 'radius', 'state', 'counties'] as const) expect(switchMode(list, mode)).toBe(list);
  });
});

describe('ZIP lists', () => {
  it('a radius replaces the list and leaves any state', () => {
    const t = setRadiusZips(chooseState(emptyTerritory(), 'TX', COUNTIES), '75201', 25, ['75201', '75202']);
    expect(t).toMatchObject({ geoType: 'zip', state: null, counties: [], regionalZip: '75201', regionalRadius: 25, zipListLength: 2 });
    expect(territoryMode(t)).toBe('radius');
  });
  it('added ZIPs are appended once each and mark the list manual', () => {
    const t = addZips(addZips(emptyTerritory(), ['75201', '75202']), ['75202', '75203', '75203']);
    expect(t.zips.map((z) => z.id)).toEqual(['75201', '75202', '75203']);
    expect(t.manualZipsAdded).toBe(true);
    expect(addZips(emptyTerritory(), []).manualZipsAdded).toBe(false);
    expect(territoryMode(t)).toBe('zips');
  });
  it('clearing empties the list and the radius, and the territory is then refused', () => {
    const t = clearZips(setRadiusZips(emptyTerritory(), '75201', 25, ['75201']));
    expect(t).toMatchObject({ zips: [], regionalZip: null, zipListLength: 0 });
    expect(territoryIssues(t)).toEqual([{ field: 'zips', message: GEO_MSG.noZipSelected }]);
  });
  it('needs at least one enabled ZIP', () => {
    const one = addZips(emptyTerritory(), ['75201']);
    expect(isTerritoryValid(one)).toBe(true);
    const off = toggleZip(one, '75201');
    expect(territoryIssues(off)).toEqual([{ field: 'zips', message: GEO_MSG.noZipSelected }]);
    expect(isTerritoryValid(toggleZip(off, '75201'))).toBe(true);
  });
  it('refuses a stored radius outside 10–300 and a malformed regional ZIP', () => {
    const t: Territory = setRadiusZips(emptyTerritory(), '75201', 301, ['75201']);
    expect(territoryIssues(t)).toEqual([{ field: 'regionalRadius', message: GEO_MSG.radiusOutOfRange }]);
    expect(territoryIssues({ ...t, regionalRadius: 10, regionalZip: '7520' })).toEqual([{ field: 'regionalZip', message: GEO_MSG.regionalZipInvalid }]);
  });
  it('a state territory needs its state', () => {
    expect(territoryIssues({ ...emptyTerritory(), geoType: 'state' })).toEqual([{ field: 'zips', message: GEO_MSG.noZipSelected }]);
    expect(zipsOfCounties([])).toEqual([]);
  });
  it('shows 1500 ZIPs first, then 50 more a page, never more than there are', () => {
    expect(zipsShown(4000, 0)).toBe(1500);
    expect(zipsShown(4000, 1)).toBe(1550);
    expect(zipsShown(4000, 3)).toBe(1650);
    expect(zipsShown(1520, 1)).toBe(1520);
    expect(zipsShown(10, 0)).toBe(10);
    expect(zipsShown(4000, -1)).toBe(1500);
  });
});
