/**
 * The dashboard's coverage overlay (document 002 section 2, "an overlay modal with a
 * coverage image"): what of an order's territory the map draws, and the sentence under it.
 * The territory is the wizard's (`src/domain/orders/territory.ts`), drawn as its map does.
 */
import { stateByAbbr } from '../geo/us-states';
import { enabledZips, territoryMode, zip5Of, type Territory, type TerritoryCounty, type TerritoryMode } from '../orders/territory';

export interface Coverage {
  mode: TerritoryMode;
  /** The state drawn (state and county territories), else null. */
  state: string | null;
  /** The state's counties, the enabled ones filled (county territories), else none. */
  counties: TerritoryCounty[];
  /** The radius's centre ZIP and miles (radius territories), else null. */
  circle: { zip: string; miles: number } | null;
  /** The ZIP codes drawn as points (ZIP list and radius territories). */
  zips: string[];
  /** The territory in words. */
  text: string;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the overlay draws of a territory, and says of it. */
export function coverageOf(t: Territory): Coverage {
  const mode = territoryMode(t);
  const stateName = t.state ? (stateByAbbr(t.state)?.name ?? t.state) : '';
  const zips = enabledZips(t);
  switch (mode) {
    case 'state':
      return { mode, state: t.state, counties: [], circle: null, zips: [], text: `The whole state of ${stateName}.` };
    case 'counties': {
      const on = t.counties.filter((c) => c.enabled).length;
      return { mode, state: t.state, counties: t.counties, circle: null, zips: [], text: `${count(on, 'county', 'counties')} of ${stateName} (${count(zips.length, 'ZIP code', 'ZIP codes')}).` };
    }
    case 'radius': {
      const zip = zip5Of(t.regionalZip ?? '');
      return { mode, state: null, counties: [], circle: { zip, miles: t.regionalRadius }, zips, text: `${count(zips.length, 'ZIP code', 'ZIP codes')} within ${count(t.regionalRadius, 'mile', 'miles')} of ${zip}.` };
    }
    default:
      return { mode, state: null, counties: [], circle: null, zips, text: zips.length === 0 ? 'No ZIP codes selected.' : `${count(zips.length, 'ZIP code', 'ZIP codes')}.` };
  }
}
