import { LIST_DESIGNED_MSG } from '../../../domain/lists';
import type { ListTerritory } from '../../../domain/lists';
import { zip5Of } from '../../../domain/orders/territory';
import { countiesOf, zipsInRadius } from '../geo';
import type { FieldError } from '../../../domain/field-error';

/**
 * A list territory as the generation reads it: the ZIP codes of a radius or of the chosen
 * counties, or a whole state (zips null, the lead's state is compared). Worked out when the
 * order is saved, so the job does no geodata work.
 */
export type ResolvedTerritory = { zips: string[] | null; state: string | null };

export function resolveTerritory(t: ListTerritory): ResolvedTerritory | FieldError {
  if (t.geoType === 'zip') {
    const found = zipsInRadius(zip5Of(t.regionalZip ?? ''), t.regionalRadius);
    if (!found) return { field: 'territory.regionalZip', message: LIST_DESIGNED_MSG.zipUnknown };
    return { zips: found.map((z) => z.zip).sort(), state: null };
  }
  const state = t.state!;
  const enabled = new Set(t.counties.filter((c) => c.enabled).map((c) => c.fips));
  // No county chosen (or all of them): the whole state.
  const counties = countiesOf(state);
  if (enabled.size === 0 || counties.every((c) => enabled.has(c.fips))) return { zips: null, state };
  const zips = counties.filter((c) => enabled.has(c.fips)).flatMap((c) => c.zipcodes.split(',')).filter(Boolean).sort();
  return { zips, state };
}
