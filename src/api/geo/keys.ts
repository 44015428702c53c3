import type { ActingAs } from '../context';

/**
 * Query keys of the geo area. The data is the same for everyone, but keys of signed-in
 * data start with ActingAs all the same (a switch changes whose cache is read).
 */
export const geoKeys = {
  all: (as: ActingAs) => ['geo', as] as const,
  zips: (as: ActingAs, zips: readonly string[]) => [...geoKeys.all(as), 'zips', zips.join(',')] as const,
  radius: (as: ActingAs, regionalZip: string, miles: number) => [...geoKeys.all(as), 'radius', regionalZip, miles] as const,
  counties: (as: ActingAs, state: string) => [...geoKeys.all(as), 'counties', state] as const,
};
