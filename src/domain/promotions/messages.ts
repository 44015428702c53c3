/**
 * Promotion texts of document 001 sections 5 and 8, word for word, and ours where it is
 * silent. Import them; never write the sentence again elsewhere.
 */
export const PROMO_MSG = {
  nameRequired: 'Promotion Name Required',
  descriptionRequired: 'Promotion Description Required',
  partyRequired: 'Financially Responsible Party Required',
  burnRateRequired: 'burn Rate Required',
  endDateRequired: 'Promotion End Date Required',
  burnRateDecimal: 'Burn Rate percentage needs to be expressed as a decimal',
} as const;

/** The save error of a field the server refused (section 8): '{Field name} invalid'. */
export const fieldInvalid = (label: string): string => `${label} invalid`;

/** Texts we designed. */
export const PROMO_DESIGNED_MSG = {
  regionRequired: 'Choose the region that pays for this promotion',
  vendorRequired: 'Choose the vendor that pays for this promotion',
  budgetRequired: 'Enter the budget of this promotion',
  budgetBelowUsed: 'The budget cannot be less than what is already used',
  endBeforeStart: 'The end date must be on or after the start date',
  deadlineAfterEnd: 'The enrollment deadline must be on or before the end date',
  fixedTooSmall: 'A fixed burn rate must be at least one cent',
  noViewPermission: 'You may not see this promotion',
  noEditPermission: 'You do not have permission to edit promotions',
  noEnablePermission: 'You do not have permission to turn promotions on or off',
  superAdminOnly: 'Only a super administrator may enroll agents',
  enrollmentClosed: 'The enrollment deadline of this promotion has passed',
  notAnAgent: 'Only agents can be enrolled in a promotion',
  balanceUsed: 'This agent has used part of the promotion and cannot be removed',
  archived: 'This promotion has been archived',
  created: (name: string) => `${name} created`,
  updated: (name: string) => `${name} Updated`,
  archivedName: (name: string) => `${name} has been archived`,
  enrolled: (n: number) => (n === 1 ? '1 agent enrolled' : `${n} agents enrolled`),
  removed: (name: string) => `${name} removed from the promotion`,
} as const;
