/**
 * May this lead be returned, may this denial be disputed (document 002 section 5)? One
 * rule, one place: the server refuses with these texts, the lead list shows them before
 * the agent tries, and the return statechart asks the same functions.
 *
 * The call window's weekday: "72 hours if inserted on a Friday, 48 on a Saturday" is read
 * in the time zone of the agent who bought the call (users.timezone of the lead's owner),
 * because the window exists so that a call bought at the end of the agent's week can still
 * be returned after the agent's weekend. An unknown zone counts as UTC.
 */
import { weekdayIn } from '../time/zone';
import { stepLeaves, type ReturnProduct, type ReturnStatus } from './status';
import { RETURN_DESIGNED_MSG, RETURN_MSG } from './messages';
import { QUOTED_DENY_REASON } from './reasons';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** returnRequestExpireDays (document 002 section 9). */
export const RETURN_REQUEST_EXPIRE_DAYS = 10;
/** A denial may be disputed this many days after the response. */
export const DISPUTE_WINDOW_DAYS = 10;
/** The call window: 24 hours, 72 if the call came on a Friday, 48 on a Saturday. */
export const CALL_RETURN_HOURS = 24;
export const CALL_RETURN_HOURS_FRIDAY = 72;
export const CALL_RETURN_HOURS_SATURDAY = 48;

/** The product variant that cannot be returned. */
export const CLICK_TO_CALL = 'click-to-call';
export const FEATURE_CAN_NOT_RETURN_CALLS = 'can_not_return_calls';
export const FEATURE_CAN_NOT_RETURN_LEADS = 'can_not_return_leads';

export interface ReturnCandidate {
  product: ReturnProduct;
  productVariant: string | null;
  /** Was the lead sold by a digital-ads vendor? */
  digitalAds: boolean;
  returnStatus: ReturnStatus | null;
  insertedAt: Date;
  /** The call's status for a call (completed, no-answer...), null for a lead. */
  callStatus: string | null;
  /** The buying agent: their time zone (the call window's weekday) and feature flags. */
  owner: { timeZone: string; features: readonly string[] };
}

/** Who asks: only the super-admin flag matters. */
export interface ReturnRequester {
  isSuperAdmin: boolean;
}

/** How many hours a call inserted at this moment may be returned within. */
export function callReturnHours(insertedAt: Date, timeZone: string): number {
  const day = weekdayIn(insertedAt, timeZone);
  return day === 5 ? CALL_RETURN_HOURS_FRIDAY : day === 6 ? CALL_RETURN_HOURS_SATURDAY : CALL_RETURN_HOURS;
}

/**
 * Why this lead may not be returned now, or null when it may. The checks run in the
 * specification's order, so the first that applies gives the text.
 */
export function returnRefusal(lead: ReturnCandidate, requester: ReturnRequester, now: Date): string | null {
  if (lead.digitalAds) return RETURN_MSG.digitalAds;
  if (!stepLeaves('request', lead.returnStatus)) return RETURN_MSG.alreadyPending;
  if (lead.productVariant === CLICK_TO_CALL) return RETURN_MSG.clickToCall;
  if (requester.isSuperAdmin) return null;
  const age = now.getTime() - lead.insertedAt.getTime();
  if (age > RETURN_REQUEST_EXPIRE_DAYS * DAY) return RETURN_MSG.pastDeadline;
  if (lead.product === 'calls') {
    if (age > callReturnHours(lead.insertedAt, lead.owner.timeZone) * HOUR) return RETURN_MSG.callTooOld;
    if (lead.callStatus === 'no-answer') return RETURN_MSG.noAnswer;
  }
  const blocking = lead.product === 'calls' ? FEATURE_CAN_NOT_RETURN_CALLS : FEATURE_CAN_NOT_RETURN_LEADS;
  if (lead.owner.features.includes(blocking)) return RETURN_MSG.notAllowed;
  return null;
}

export interface DisputeCandidate {
  returnStatus: ReturnStatus | null;
  denyReason: string | null;
  /** When the denial was answered: the window counts from it. */
  respondedAt: Date | null;
}

/** Why this denial may not be disputed now, or null when it may (document 002 section 5). */
export function disputeRefusal(r: DisputeCandidate, now: Date): string | null {
  if (!stepLeaves('dispute', r.returnStatus) || r.respondedAt === null) return RETURN_DESIGNED_MSG.notDenied;
  if (r.denyReason === QUOTED_DENY_REASON) return RETURN_MSG.quotedDispute;
  if (now.getTime() - r.respondedAt.getTime() > DISPUTE_WINDOW_DAYS * DAY) return RETURN_DESIGNED_MSG.disputeWindowClosed;
  return null;
}
