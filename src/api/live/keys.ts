/**
 * What a server-sent event of GET /live/events makes stale: the query-key prefixes of the
 * areas that show it (leads and their counts, calls, the billing balance and log).
 */
export const liveInvalidations = {
  lead: [['leads'], ['engine'], ['dashboard']],
  call: [['calls'], ['live-calls'], ['leads']],
  balance: [['billing']],
} as const;

export type LiveKind = keyof typeof liveInvalidations;
