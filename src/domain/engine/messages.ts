/** Texts of the vendor API and the match breakdown (designed: the specification shows none). */
export const ENGINE_MSG = {
  badToken: 'A valid sales API token is required (Basic authorization)',
  throttled: 'Too many requests: slow down and try again after the Retry-After seconds',
  pingMissing: 'No such ping',
  pingPosted: 'This ping was posted already',
  pingExpired: 'This ping has expired; ping the lead again',
  pingMismatch: "must be the ping's value",
  callMissing: 'No such call',
  callPosted: 'This call was posted already',
  callExpired: 'The call reservation has expired; match the call again',
  callerMismatch: "must be the match's caller id",
  duplicateLead: 'This vendor_lead_id was sent already',
  zipUnknown: 'is not a known US ZIP code',
  stateMismatch: "is not the ZIP code's state",
  matchesMissing: 'No match record for this ping',
  leadMissing: 'No such lead',
  callNotSold: 'The call can no longer be sold to the matched order (the code names the rule)',
} as const;
