/**
 * Return texts of document 002 sections 5 and 8, word for word (the spelling 'older that'
 * is the specification's). Import them; never write the sentence again elsewhere.
 */
export const RETURN_MSG = {
  digitalAds: 'Digital Ads cannot be returned',
  alreadyPending: 'already pending return',
  clickToCall: 'Click-to-Calls cannot be returned',
  pastDeadline: 'Lead is past return deadline',
  callTooOld: 'Call is older that 24 hours',
  noAnswer: 'Agent did not answer',
  notAllowed: 'Agent not allowed to return calls or leads',
  quotedDispute: 'This lead has been quoted and cannot be disputed.',
  reasonPlaceholder: 'Please select...',
} as const;

/** Texts we designed where the specification says "not shown". */
export const RETURN_DESIGNED_MSG = {
  reasonRequired: 'Choose a reason for the return',
  reasonUnknown: 'This reason does not apply to this product',
  denyReasonRequired: 'Choose a reason for the denial',
  denyDisputeReasonRequired: 'Choose a reason for denying the dispute',
  notDenied: 'Only a denied return can be disputed',
  disputeWindowClosed: 'The 10 days to dispute this denial have passed',
  notPending: 'This return is no longer pending',
  notDecidable: 'Only a pending or disputed return can be approved',
  notDisputed: 'Only a disputed return can have its dispute denied',
  leadMissing: 'No such lead',
  requested: 'Return requested',
  approved: 'Return approved: the buyer is refunded',
  denied: 'Return denied',
  disputed: 'Denial disputed',
  disputeDenied: 'Dispute denied',
  failed: 'The request could not be completed. Please try again.',
  exportFailed: 'The export could not be made',
  noReturns: 'No returns match these filters',
} as const;
