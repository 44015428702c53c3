/** Territory constants (document 001, section 9). */
export const TERRITORY = {
  radiusMin: 10,
  radiusMax: 300,
  /** Default radius on the territory route, and regionalRadius's default. */
  defaultRadius: 90,
  /** The radius of an order created from a recommended order. */
  recommendedRadius: 30,
  metersPerMile: 1609.34,
  /** The ZIP list shows this many at first ... */
  initialZipDisplay: 1500,
  /** ... then this many more at a time. */
  zipPageSize: 50,
  /** Manual ZIP lists are looked up this many at a time. */
  lookupBatch: 500,
  /** How long the ZIP warnings stay on screen. */
  zipToastMs: 15_000,
  /** The map's default view: the centre of the contiguous USA at zoom 4. */
  usCenter: { lat: 39.8283, lng: -98.5795 },
  defaultZoom: 4,
} as const;

export const KM_PER_MILE = TERRITORY.metersPerMile / 1000;
