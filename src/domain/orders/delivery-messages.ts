/** Delivery texts of the specification (document 001 section 8), word for word. */
export const DELIVERY_MSG = {
  testLeadSent: 'test lead sent',
  /** Fill in {phone} with testCallMessage. */
  testCall: 'Currently calling {phone} please check your phone',
  providerIdReset: 'Provider Id Reset',
} as const;

/** 'Currently calling (312) 555-0100 please check your phone' */
export const testCallMessage = (phone: string): string => DELIVERY_MSG.testCall.replace('{phone}', phone);

/** Texts we designed for delivery where the specification says nothing. */
export const DELIVERY_DESIGNED_MSG = {
  emailsRequired: 'Add at least one email address',
  emailsMax: 'At most 10 email addresses',
  emailInvalid: 'Enter a valid email address',
  emailDuplicate: 'This email address is already in the list',
  destinationNumber: 'A destination number needs 10 digits',
  required: 'Required',
  urlInvalid: 'Enter a web address starting with https:// or http://',
  tokenInvalid: 'Use letters, digits, dots, dashes and underscores only',
  channelTwice: 'Each channel can be set up once',
  channelNotAllowed: 'This delivery channel is not available for this order',
  channelsRequired: 'Choose at least one delivery channel',
  webhookRefusedHost: 'This web address points to a private network and cannot receive leads',
  webhookFailed: 'The test lead could not be delivered',
  webhookTimeout: 'The receiving server did not answer in time',
  testCallFailed: 'The test call could not be placed',
  testLeadsThrottled: 'Too many test leads. Please try again in an hour.',
  testCallsThrottled: 'Too many test calls. Please try again in an hour.',
} as const;
