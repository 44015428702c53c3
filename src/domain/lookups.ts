/** Shared lookups (document 000 section 3). */
export const VERTICALS = ['autoins', 'homeins'] as const;

/** US states plus DC, the armed-forces codes, Puerto Rico and the Virgin Islands. */
export const STATES: ReadonlyArray<{ code: string; name: string }> = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
  ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'],
  ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'],
  ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'],
  ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
  ['AE', 'Armed Forces Europe'], ['AP', 'Armed Forces Pacific'], ['AA', 'Armed Forces Americas'],
  ['PR', 'Puerto Rico'], ['VI', 'Virgin Islands'],
].map(([code, name]) => ({ code, name }));
export const STATE_CODES: readonly string[] = STATES.map((s) => s.code);

/** The 7 time zones offered to users. */
export const TIMEZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

/** 14 regions, each mapped to a set of states. */
export const REGIONS: ReadonlyArray<{ id: number; name: string; states: readonly string[] }> = [
  { id: 1, name: 'New England', states: ['ME', 'NH', 'VT', 'MA', 'RI', 'CT'] },
  { id: 2, name: 'New York Metro', states: ['NY', 'NJ'] },
  { id: 3, name: 'Mid-Atlantic', states: ['PA', 'DE', 'MD', 'DC', 'VA', 'WV'] },
  { id: 4, name: 'Southeast', states: ['NC', 'SC', 'GA', 'TN'] },
  { id: 5, name: 'Florida', states: ['FL', 'PR', 'VI'] },
  { id: 6, name: 'Gulf States', states: ['AL', 'MS', 'LA', 'AR'] },
  { id: 7, name: 'Great Lakes', states: ['OH', 'MI', 'IN', 'KY'] },
  { id: 8, name: 'Midwest', states: ['IL', 'WI', 'MN', 'IA', 'MO'] },
  { id: 9, name: 'Plains', states: ['KS', 'NE', 'ND', 'SD', 'OK'] },
  { id: 10, name: 'Texas', states: ['TX'] },
  { id: 11, name: 'Mountain', states: ['CO', 'UT', 'WY', 'MT', 'ID', 'NM'] },
  { id: 12, name: 'Southwest', states: ['AZ', 'NV'] },
  { id: 13, name: 'California', states: ['CA', 'HI'] },
  { id: 14, name: 'Northwest', states: ['WA', 'OR', 'AK', 'AE', 'AP', 'AA'] },
];

/** ZIP: five digits with an optional dash and four more digits. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
