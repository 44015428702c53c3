import { TERRITORY } from './constants';

/**
 * Territory texts (document 001, sections 5 and 8), word for word, and the few designed
 * ones the specification leaves open. The order wizard's own texts are ORDER_MSG.
 */
export const GEO_MSG = {
  noZipSelected: 'Must have at least one Zip Code selected',
  regionalZipInvalid: 'Your zip code maybe invalid or not allowed',
  /** Followed by the ZIP codes that could not be looked up: see zipLookupFailed(). */
  zipLookupFailed: 'Could not return Zip codes with',
  // Designed: the specification gives the limits, not these sentences.
  radiusOutOfRange: `Radius must be between ${TERRITORY.radiusMin} and ${TERRITORY.radiusMax} miles`,
  zipFormat: 'ZIP codes are 5 digits',
  stateRequired: 'Choose a state',
} as const;

/** 'Could not return Zip codes with 00000, 99999' (a failed or empty lookup). */
export function zipLookupFailed(zips: readonly string[]): string {
  return `${GEO_MSG.zipLookupFailed} ${zips.join(', ')}`.trim();
}
