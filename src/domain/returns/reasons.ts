/**
 * Reasons of a return's life (document 002 section 5, document 000 section 5). An agent
 * returns a call or a lead for one of its product's reasons; a reviewer denies with one of
 * the 14 deny reasons, and denies a dispute with a deny-dispute reason. Labels are ours.
 */
import type { ReturnProduct } from './status';

export const CALL_RETURN_REASONS = [
  'did_not_transfer', 'duplicate_lead', 'outside_schedule', 'consumer_already_insured', 'incentivized_lead',
  'passed_filter_mobile_home_lead', 'passed_filter_lead_is_renter', 'language_barrier', 'passed_filter',
] as const;
export const LEAD_RETURN_REASONS = [
  'wrong_number', 'disconnected', 'fax_machine', 'no_consumer_request', 'consumer_already_insured', 'duplicate_lead', 'passed_filter',
] as const;
export type ReturnReason = (typeof CALL_RETURN_REASONS)[number] | (typeof LEAD_RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  did_not_transfer: 'Did not transfer',
  duplicate_lead: 'Duplicate lead',
  outside_schedule: 'Outside schedule',
  consumer_already_insured: 'Consumer already insured',
  incentivized_lead: 'Incentivized lead',
  passed_filter_mobile_home_lead: 'Passed filter: mobile home lead',
  passed_filter_lead_is_renter: 'Passed filter: lead is a renter',
  language_barrier: 'Language barrier',
  passed_filter: 'Passed filter',
  wrong_number: 'Wrong number',
  disconnected: 'Disconnected',
  fax_machine: 'Fax machine',
  no_consumer_request: 'Consumer did not request quotes',
};

/** The reasons offered for a product: a call's list or a lead's. */
export const returnReasonsFor = (product: ReturnProduct): readonly ReturnReason[] =>
  product === 'calls' ? CALL_RETURN_REASONS : LEAD_RETURN_REASONS;

export const isReturnReasonFor = (product: ReturnProduct, reason: unknown): reason is ReturnReason =>
  typeof reason === 'string' && (returnReasonsFor(product) as readonly string[]).includes(reason);

/** The 14 reasons of a denial (the five examples of document 000 among them). */
export const DENY_REASONS = [
  'contact_verified', 'consumer_requested_quotes', 'lead_not_incentivized', 'no_language_barrier', 'call_within_schedule',
  'lead_quoted', 'not_a_duplicate', 'consumer_not_insured', 'call_transferred', 'passed_order_filters',
  'past_return_deadline', 'number_in_service', 'not_a_fax_machine', 'insufficient_evidence',
] as const;
export type DenyReason = (typeof DENY_REASONS)[number];

export const DENY_REASON_LABELS: Record<DenyReason, string> = {
  contact_verified: 'Verified correct phone number',
  consumer_requested_quotes: 'Consumer requested quotes',
  lead_not_incentivized: 'Lead not incentivized',
  no_language_barrier: 'Language barrier does not exist',
  call_within_schedule: 'Call within schedule',
  lead_quoted: 'Lead has been quoted',
  not_a_duplicate: 'Not a duplicate lead',
  consumer_not_insured: 'Consumer not already insured',
  call_transferred: 'Call was transferred',
  passed_order_filters: "Lead matched the order's filters",
  past_return_deadline: 'Requested past the return deadline',
  number_in_service: 'Phone number is in service',
  not_a_fax_machine: 'Number is not a fax machine',
  insufficient_evidence: 'Insufficient evidence',
};

/** The denial reason after which no dispute is allowed. */
export const QUOTED_DENY_REASON: DenyReason = 'lead_quoted';

export const DENY_DISPUTE_REASONS = ['denial_upheld', 'evidence_insufficient', 'contact_verified', 'outside_return_policy'] as const;
export type DenyDisputeReason = (typeof DENY_DISPUTE_REASONS)[number];

export const DENY_DISPUTE_REASON_LABELS: Record<DenyDisputeReason, string> = {
  denial_upheld: 'The denial stands',
  evidence_insufficient: 'Dispute evidence insufficient',
  contact_verified: 'Contact verified again',
  outside_return_policy: 'Outside the return policy',
};

export const isDenyReason = (v: unknown): v is DenyReason => typeof v === 'string' && (DENY_REASONS as readonly string[]).includes(v);
export const isDenyDisputeReason = (v: unknown): v is DenyDisputeReason =>
  typeof v === 'string' && (DENY_DISPUTE_REASONS as readonly string[]).includes(v);

/** A stored reason's label (a reason the lists no longer hold shows as stored). */
export const reasonLabel = (reason: string | null): string =>
  reason === null
    ? ''
    : ((RETURN_REASON_LABELS as Record<string, string>)[reason] ??
      (DENY_REASON_LABELS as Record<string, string>)[reason] ??
      (DENY_DISPUTE_REASON_LABELS as Record<string, string>)[reason] ??
      reason);
