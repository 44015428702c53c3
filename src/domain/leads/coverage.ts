/**
 * Coverage-type limits shown as tooltips in the lead details (document 002 section 9):
 * bodily injury per person / per accident / property damage, in thousands of dollars.
 */
export const COVERAGE_LIMITS = {
  'State Minimum': [15, 30, 5],
  Basic: [50, 100, 25],
  Standard: [100, 300, 50],
  Superior: [250, 500, 100],
} as const;
export type CoverageType = keyof typeof COVERAGE_LIMITS;

/** '15k/30k/5k', the form of section 9. */
export const coverageLimits = (type: CoverageType): string => COVERAGE_LIMITS[type].map((n) => `${n}k`).join('/');

/** The tooltip of a coverage type, or null for a type without limits. */
export function coverageTooltip(type: string | null | undefined): string | null {
  if (!type || !(type in COVERAGE_LIMITS)) return null;
  const [person, accident, property] = COVERAGE_LIMITS[type as CoverageType];
  return `${type}: ${coverageLimits(type as CoverageType)} (bodily injury $${person}k per person, $${accident}k per accident; property damage $${property}k)`;
}
