/**
 * Lead-list texts of document 001 sections 5 and 8, word for word, and ours where it gives
 * only the gist ("error creating", "rerun ... an email will follow"). Import them; never
 * write the sentence again elsewhere.
 */
export const LIST_MSG = {
  zipOrState: 'zip code or state required',
  missingName: 'missing name',
  missingFrequency: 'missing frequency',
  quantityInvalid: 'Quantity invalid',
  callableMax: 'Quantity cannot be greater than 999 for callable Only',
  processing: 'New list processing',
  exportFailed: 'your list did not export',
  modalFailed:
    'There was a problem submitting your request, please try again. If you continue to experience difficulties, contact an account representative.',
} as const;

/** 'Quantity must be below N' (section 5): the current maximum. */
export const quantityMustBeBelow = (n: number): string => `Quantity must be below ${n}`;
export const listArchived = (name: string): string => `${name} has been archived`;
export const listRemoved = (name: string): string => `${name} has been removed`;
export const listOrderCreated = (name: string): string => `${name} created`;
export const listOrderUpdated = (name: string): string => `${name} Updated`;
export const listSentTo = (destination: string): string => `Your list has been sent to ${destination}`;

/** Texts we designed where the specification gives only the gist or nothing. */
export const LIST_DESIGNED_MSG = {
  rerun: 'Your list is being rerun. We will email you when it is ready.',
  expiredArchived: 'Expired lists archived',
  errorCreatingList: 'Your list could not be created',
  errorCreatingOrder: 'Your list order could not be created',
  errorUpdatingOrder: 'Your list order could not be updated',
  stillProcessing: 'A list of this order is still processing',
  orderInactive: 'This list order is inactive',
  orderArchived: 'This list order has been archived',
  notReady: 'This list is not ready',
  expired: 'This list has expired',
  noFeature: 'Lead lists are not enabled for your account',
  zipInvalid: 'Enter a 5-digit ZIP code (or ZIP+4)',
  zipUnknown: 'We do not know this ZIP code',
  stateUnknown: 'Choose a state',
  radiusRange: 'The radius must be between 1 and 50 miles',
  emailInvalid: 'Enter valid email addresses, separated by commas',
  tooManyEmails: 'At most 10 email addresses',
  frequencyRange: 'The frequency must be between 1 and 365 days',
  startDateInvalid: 'Enter a valid start date',
  nextRunBeforeStart: 'The next run cannot be before the start date',
  dncAlwaysOn: 'Every list is scrubbed against the do-not-call lists',
  filterUnknown: 'Unknown filter',
  filterRange: 'The minimum cannot be above the maximum',
  filterValue: 'Choose a value',
  crmNotConfigured: 'No order of yours delivers to this CRM yet: add it as a delivery channel of an order first',
  destinationUnknown: 'Send the list to an email address or one of your CRMs',
  insufficientFunds: 'Your balance does not cover this list',
  noRecords: 'No aged leads match this order',
  dncImported: 'Numbers imported',
  deliveriesThrottled: 'Too many lists sent this hour. Please try again later.',
  dncNameRequired: 'Name the list',
  dncStateRequired: 'A state list needs its state',
  dncNumbersRequired: 'Add at least one number',
  dncNumberInvalid: 'Numbers have 10 digits',
} as const;

/** The mail that follows a list's generation (the rerun message promises one). */
export function listReadyMail(orderName: string, records: number, failure: string | null): { subject: string; text: string } {
  if (failure !== null) return { subject: `Your lead list could not be made: ${orderName}`, text: `${failure}.` };
  return {
    subject: `Your lead list is ready: ${orderName}`,
    text: `${records} records of "${orderName}" are ready. Download the list or send it from Lead Lists.`,
  };
}
