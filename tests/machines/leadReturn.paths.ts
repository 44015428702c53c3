import type { EventObject, SnapshotFrom } from 'xstate';
import { leadReturnMachine, type LeadReturnInput, type ReturnState } from '../../machines/leadReturn.machine';
import { done, fail } from './fixtures';
import type { GraphOptions, PathSpec } from './harness';
import { LEAD, leadReturnOracle, NOW, TEXT, YESTERDAY } from './leadReturn.oracle';
import type { Snap } from './oracle';

type LSnap = SnapshotFrom<typeof leadReturnMachine>;
const ctx = (s: Snap) => (s as LSnap).context;

/** What people do: pick a reason of each list (and one of none), and press each button. */
const userEvents = [
  { type: 'SELECT', reason: 'wrong_number' },
  { type: 'SELECT', reason: 'did_not_transfer' },
  { type: 'SELECT', reason: 'contact_verified' },
  { type: 'SELECT', reason: 'denial_upheld' },
  { type: 'REQUEST' },
  { type: 'DISPUTE' },
  { type: 'APPROVE' },
  { type: 'DENY' },
  { type: 'DENY_DISPUTE' },
] as const;

const result = (status: ReturnState['status'], over: Partial<ReturnState> = {}): ReturnState => ({
  status, returnReason: 'wrong_number', denyReason: null, denyDisputeReason: null, respondedAt: null, ...over,
});
/** The server's answers: accepted, refused with a text, refused with field errors, unreachable. */
const answers = (id: string, accepted: ReturnState) => [
  done(id, { ok: true, result: accepted }),
  done(id, { ok: false, message: TEXT.server }),
  done(id, { ok: false, message: '', errors: [{ field: 'returnReason', message: 'Choose a reason for the return' }] }),
  fail(id),
];

const options = (input: LeadReturnInput): GraphOptions<LeadReturnInput> => ({
  machine: leadReturnMachine,
  input,
  userEvents,
  actorEvents: (s) => {
    if (s.matches({ none: 'requesting' })) return answers('requestReturn', result('return_pending'));
    if (s.matches({ pending: 'approving' })) return answers('approveReturn', result('return_approved', { respondedAt: NOW }));
    if (s.matches({ pending: 'denying' })) return answers('denyReturn', result('return_denied', { denyReason: 'contact_verified', respondedAt: NOW }));
    if (s.matches({ denied: 'disputing' })) return answers('disputeReturn', result('return_disputed', { denyReason: 'contact_verified', respondedAt: YESTERDAY }));
    if (s.matches({ disputed: 'approving' })) return answers('approveReturn', result('return_approved', { respondedAt: NOW }));
    if (s.matches({ disputed: 'denyingDispute' })) return answers('denyDispute', result('return_dispute_denied', { denyDisputeReason: 'denial_upheld', respondedAt: NOW }));
    return [];
  },
  serialize: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.choice, c.message, c.errors.length]);
  },
});

const base: LeadReturnInput = {
  leadId: LEAD, side: 'agent', product: 'leads', refusal: null, disputeRefusal: null, ...result(null, { returnReason: null }),
};
const denial = { ...result('return_denied', { denyReason: 'contact_verified', respondedAt: YESTERDAY }) };
const dispute = { ...result('return_disputed', { denyReason: 'contact_verified', respondedAt: YESTERDAY }) };

/** The return statechart's path tests (see harness.ts): each side in each status. */
export const spec: PathSpec = {
  machine: leadReturnMachine,
  scenarios: [
    { name: 'an agent, a lead that may be returned', options: options(base) },
    { name: 'an agent, a digital-ads lead: the reason shows before trying', options: options({ ...base, refusal: TEXT.digitalAds }) },
    { name: 'a reviewer, a lead without a return', options: options({ ...base, side: 'reviewer' }) },
    { name: 'a reviewer, a pending return', options: options({ ...base, side: 'reviewer', ...result('return_pending') }) },
    { name: 'an agent, a pending return', options: options({ ...base, ...result('return_pending') }) },
    { name: 'an agent, a denial of yesterday', options: options({ ...base, ...denial }) },
    {
      name: 'an agent, a denial because the lead was quoted: the server\'s reason shows before trying',
      options: options({ ...base, ...denial, denyReason: 'lead_quoted', disputeRefusal: TEXT.quoted }),
    },
    {
      name: 'an agent, a denial whose 10 days have passed by the server\'s clock',
      options: options({ ...base, ...denial, disputeRefusal: TEXT.windowClosed }),
    },
    { name: 'a reviewer, a denied return', options: options({ ...base, side: 'reviewer', ...denial }) },
    { name: 'a reviewer, a disputed return', options: options({ ...base, side: 'reviewer', ...dispute }) },
    { name: 'an agent, a disputed return', options: options({ ...base, ...dispute }) },
    { name: 'an agent, an approved return', options: options({ ...base, ...result('return_approved', { respondedAt: YESTERDAY }) }) },
    { name: 'an agent, a dispute denied', options: options({ ...base, ...dispute, status: 'return_dispute_denied', denyDisputeReason: 'denial_upheld' }) },
  ],
  oracle: leadReturnOracle,
  actorIds: ['requestReturn', 'approveReturn', 'denyReturn', 'disputeReturn', 'denyDispute'],
  describeEvent: (e: EventObject) => {
    if (e.type === 'SELECT') return `the reason ${(e as EventObject & { reason: string }).reason} is picked`;
    return undefined;
  },
};
