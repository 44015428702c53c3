/**
 * Texts of the order wizard (document 001 sections 5 and 8), word for word. The server,
 * the wizard's machine and its screens all import them from here.
 */
export const ORDER_MSG = {
  // Saving (section 8)
  updateFailed: 'Order failed to update.',
  updated: 'Order update successful.',
  /** 'New Order: {name} Created.' — use orderCreated(name). */
  createdPrefix: 'New Order: ',
  createdSuffix: ' Created.',
  packageLocked: 'This package cannot be selected, please create a new order',
  // Vendors (section 5)
  fewVendors: 'Selecting fewer vendors will impact volume significantly',
  noVendor: 'Need to have at least 1 vendor selected.',
  // Clone (section 8)
  cannotClone: 'Order cannot be cloned',
  growthCannotClone: 'Growth orders cannot be cloned',
  noClonePermission: 'you do not have permission to clone this order',
} as const;

/** The success text of a confirmed order. */
export const orderCreated = (name: string): string => `${ORDER_MSG.createdPrefix}${name}${ORDER_MSG.createdSuffix}`;

/**
 * Texts we designed where the specification names a rule but not its words. The server
 * answers them as field errors and the wizard shows the same ones early.
 */
export const ORDER_DESIGNED_MSG = {
  nameRequired: 'Give the order a name',
  nameTooLong: 'An order name has at most 100 characters',
  packageRequired: 'Choose a package',
  packageHidden: 'This package is not available to you',
  packageWrongKind: 'This package is for another vertical or product',
  capsNotEditable: 'You may not change the caps of this order',
  capsInconsistent: 'On a growth package the weekly cap is 7 times and the monthly cap 28 times the daily cap',
  capsOrder: 'The weekly cap is at least the daily cap, and the monthly cap at least the weekly cap',
  capInteger: 'Caps are whole numbers',
  bidRequired: 'Enter a maximum bid',
  customPriceRequired: 'Enter a custom price',
  customPriceNotAllowed: 'Only an admin sets a custom price',
  customPriceTooHigh: 'A custom price is at most $100',
  withdrawalConfirm: 'Confirm a maximum bid above your withdrawal amount',
  concurrencyDigits: 'Concurrent calls must be a whole number of at least 1',
  callDuration: 'Choose a billable call duration from the list',
  callsOnly: 'Only call orders have this setting',
  questionsAdminOnly: 'Only an admin changes the questions',
  questionUnknown: 'This question is not part of the package',
  vendorNotInPackage: 'This vendor does not sell this package',
  vendorsFixed: 'This package does not allow choosing vendors',
  matchPremiumNotAllowed: 'Matching premium sources is not available for this order',
  cldGrowthOnly: 'Only growth agents may order a growth package',
  notAllowedToEdit: 'You may not edit this order',
  regionalCannotSave: 'Regional managers cannot save changes to an order',
  notAllowedToCreate: 'You may not create orders',
  optimizerNotAllowed: 'The vendor optimizer is not available for this order',
  ratioRange: 'The optimizer ratio is between 0 and 1',
  jobMissing: 'This draft order no longer exists',
  orderMissing: 'This order does not exist',
  incomplete: 'Finish every step before confirming the order',
  confirmNotAllowed: 'Add billing details before confirming an order',
  saveOrDiscard: 'You have unsaved changes. Save them before you leave this step?',
} as const;
