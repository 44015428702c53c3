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
  tokenNotLive: 'This sales token is not live any more: choose another one.',
  /** Issuing was asked for without naming the token it revokes (or naming another one). */
  revokeUnconfirmed: (hint: string | null) =>
    hint ? `Issuing a new token revokes your token ending in ${hint}: confirm that it may be revoked.` : 'Issuing a new token revokes none of your tokens: confirm again.',
} as const;

/** A vendor's live sales tokens: issuing one more revokes the oldest (domain/debugger/tokens.ts). */
export const MAX_VENDOR_TOKENS = 5;
/** Requests one vendor user may send through the debugger's proxy a minute. */
export const PROXY_REQUESTS_PER_MINUTE = 120;

/** What the debugger's token panel says (designed: the specification shows no texts). */
export const DEBUGGER_TEXT = {
  signedBy: (hint: string) => `Signed by the server with your sales token ending in ${hint}: it is stored hashed, so it is not shown.`,
  noLiveToken: 'You have no live sales token: issue one, or type a token.',
  issueTitle: 'Issue a new sales token?',
  issueRevokes: (hint: string, issued: string) =>
    `Your token ending in ${hint} (issued ${issued}) will be revoked: posts signed with it will be refused from then on.`,
  issueRevokesNone: (live: number) => `No token is revoked: you have ${live} of ${MAX_VENDOR_TOKENS} live tokens.`,
  issuedOnce: 'This is the only time it is shown. Keep it somewhere safe:',
  revoked: (hint: string) => `The token ending in ${hint} is revoked.`,
} as const;
