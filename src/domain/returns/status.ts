import { DATE_RANGE_CHOICES, type DatePreset } from '../time/choices';
import type { DateRangeRule } from '../time/range';

/**
 * Return statuses (document 002 section 3, document 000 section 4) and what they mean to
 * the screens: their names, the lead tabs' counters and return management's filters.
 */
export const RETURN_STATUSES = ['return_pending', 'return_approved', 'return_denied', 'return_disputed', 'return_dispute_denied'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export type ReturnProduct = 'leads' | 'calls';

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  return_pending: 'Return Pending',
  return_approved: 'Return Approved',
  return_denied: 'Return Denied',
  return_disputed: 'Return Disputed',
  return_dispute_denied: 'Dispute Denied',
};

/**
 * The same statuses in a column already headed "Return status": short, each its own words,
 * so a table's badge reads in full (colour is never the only difference).
 */
export const RETURN_STATUS_SHORT_LABELS: Record<ReturnStatus, string> = {
  return_pending: 'Pending',
  return_approved: 'Approved',
  return_denied: 'Denied',
  return_disputed: 'Disputed',
  return_dispute_denied: 'Dispute denied',
};

export const RETURN_STATUS_COLORS: Record<ReturnStatus, string> = {
  return_pending: 'yellow',
  return_approved: 'green',
  return_denied: 'red',
  return_disputed: 'orange',
  return_dispute_denied: 'gray',
};


/**
 * Does a lead with this return status count in the agent-status tabs (new, contacted,
 * quoted, policy)? Document 002 section 4: those tabs show leads without a return or whose
 * return was refused; a returned lead (pending, approved, disputed) leaves the counters.
 */
export const COUNTED_RETURN_STATUSES: ReadonlyArray<ReturnStatus | null> = [null, 'return_denied', 'return_dispute_denied'];
export const countsInStatusTabs = (s: ReturnStatus | null): boolean => COUNTED_RETURN_STATUSES.includes(s);

/**
 * The steps of a return's life (document 002 section 4, document 000 section 4): the
 * statuses each step may leave (null: the lead has no return yet) and the one it enters.
 * The rules of eligibility and the server's guarded changes read this one table.
 */
export const RETURN_STEPS = {
  request: { from: [null], to: 'return_pending' },
  approve: { from: ['return_pending', 'return_disputed'], to: 'return_approved' },
  deny: { from: ['return_pending'], to: 'return_denied' },
  dispute: { from: ['return_denied'], to: 'return_disputed' },
  denyDispute: { from: ['return_disputed'], to: 'return_dispute_denied' },
} as const satisfies Record<string, { from: ReadonlyArray<ReturnStatus | null>; to: ReturnStatus }>;
export type ReturnStepName = keyof typeof RETURN_STEPS;

/** May this step leave a return in this status? */
export const stepLeaves = (step: ReturnStepName, status: ReturnStatus | null): boolean =>
  (RETURN_STEPS[step].from as ReadonlyArray<ReturnStatus | null>).includes(status);

/** Return management's status filters: every status by default; the two dispute ones for admins only. */
export const ADMIN_ONLY_FILTER_STATUSES: readonly ReturnStatus[] = ['return_disputed', 'return_dispute_denied'];
export const returnFilterStatuses = (admin: boolean): readonly ReturnStatus[] =>
  admin ? RETURN_STATUSES : RETURN_STATUSES.filter((s) => !ADMIN_ONLY_FILTER_STATUSES.includes(s));

/** Return management table (document 000 section 9). */
export const RETURN_DEFAULT_PAGE_SIZE = 10;
export const RETURN_DEFAULT_VERTICAL = 'autoins';
/** Index 3 of the date-range choices of document 000 section 9: this month. */
export const RETURN_DEFAULT_RANGE: DatePreset = DATE_RANGE_CHOICES[3];
/** Its range (GET /returns start and end): any two days in order. */
export const RETURN_RANGE: DateRangeRule = { fields: { from: 'start', to: 'end' } };
