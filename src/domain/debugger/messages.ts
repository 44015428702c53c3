/** Texts of the live area and the vendor API debugger that we designed (not in the spec). */
export const LIVE_MSG = {
  companyMissing: 'No such company',
  callMissing: 'No such call',
  recordingMissing: 'This call has no recording',
  vendorMissing: 'No such vendor',
  notVendor: 'This account is not linked to a vendor',
  proxyPath: 'Choose one of the vendor API paths: /v2/ping, /v2/post, /v2/pingpost/{pingId}, /v2/calls/match, /v2/calls/post/{callId}',
  noPingId: 'Ping a lead first: no matched ping id is stored.',
  noCallId: 'Match a call first: no call id is stored.',
  unreachable: 'The vendor API could not be reached. Please try again.',
} as const;

/** The ping ids and call ids the debugger keeps (the latest is used first). */
export const MAX_STORED_IDS = 5;

/** A vendor's live sales tokens: issuing one more revokes the oldest. */
export const MAX_VENDOR_TOKENS = 5;
/** Requests one vendor user may send through the debugger's proxy a minute. */
export const PROXY_REQUESTS_PER_MINUTE = 120;
