import type { EventObject, SnapshotFrom } from 'xstate';
import { leadReturnView, type leadReturnMachine, type LeadReturnInput } from '../../machines/leadReturn.machine';
import { isUserEvent, leafKey, type Oracle, type Snap, type Target } from './oracle';

/**
 * The return statechart's oracle, written by hand from document 002 sections 4, 5 and 8
 * and document 000 sections 4 and 5 (not from the machine): which side may do what in each
 * status, where each step leads, and what each side's screen shows: the status badge, the
 * buttons, the refusal shown before the agent tries, and the outcome's text.
 *
 * Whether a step succeeded is decided by where it leads: each status rests in
 * `idle.quiet`, `idle.accepted` (tag `success`) or `idle.refused` (tag `error`); a
 * success is the `accepted` state and its tag, never a text the oracle recognises.
 */
type LSnap = SnapshotFrom<typeof leadReturnMachine>;
const ctx = (s: Snap) => (s as LSnap).context;
const view = (s: Snap) => leadReturnView(s as LSnap);
const outputOf = (e: EventObject) => (e as EventObject & { output: { ok: boolean; message?: string; errors?: unknown[] } }).output;

export const NOW = '2026-11-18T17:00:00.000Z';
/** The lead of the fixtures. */
export const LEAD = 42;
export const YESTERDAY = '2026-11-17T17:00:00.000Z';

/** The texts the screens show, as the specification and our design write them. */
export const TEXT = {
  digitalAds: 'Digital Ads cannot be returned',
  quoted: 'This lead has been quoted and cannot be disputed.',
  windowClosed: 'The 10 days to dispute this denial have passed',
  fallback: 'The request could not be completed. Please try again.',
  server: 'already pending return',
  requested: 'Return requested',
  approved: 'Return approved: the buyer is refunded',
  denied: 'Return denied',
  disputed: 'Denial disputed',
  disputeDenied: 'Dispute denied',
};
const BADGES: Record<string, string | null> = {
  none: null, pending: 'Return Pending', approved: 'Return Approved', denied: 'Return Denied', disputed: 'Return Disputed',
  disputeDenied: 'Dispute Denied',
};

/** Reasons of the fixtures: which list each belongs to (document 002 section 5, our 14 and 4). */
const LEAD_RETURN = ['wrong_number'];
const DENY = ['contact_verified'];
const DENY_DISPUTE = ['contact_verified', 'denial_upheld'];

/** A state that takes no user event. */
const NOTHING: Record<string, Target> = {};

const agent = (s: Snap) => ctx(s).side === 'agent';
const reviewer = (s: Snap) => ctx(s).side === 'reviewer';
const choice = (s: Snap) => ctx(s).choice ?? '';

/** Why the agent may not dispute: the server's answer as the screen opened (its rule, its time), shown as it came. */
const disputeNotice = (s: Snap): string | null => ctx(s).disputeRefusal;

const buttons = (s: Snap) => {
  const v = view(s);
  return [v.canRequest && 'request', v.canDispute && 'dispute', v.canApprove && 'approve', v.canDeny && 'deny', v.canDenyDispute && 'denyDispute']
    .filter(Boolean)
    .join(',');
};
const shows = (expected: (s: Snap) => string) => (s: Snap) => buttons(s) === expected(s);
const badge = (status: string) => (s: Snap) => (view(s).badge?.label ?? null) === BADGES[status];
const notBusy = (s: Snap) => !view(s).busy;

type Outcome = 'quiet' | 'accepted' | 'refused';
const OUTCOME_TAGS: Record<Outcome, string[]> = { quiet: [], accepted: ['success'], refused: ['error'] };
/** What each way of resting shows of the last step. */
const OUTCOME_SHOWN: Record<Outcome, [string, (s: Snap) => boolean]> = {
  quiet: ['no outcome is shown', (s) => view(s).banner === null && view(s).errorLines.length === 0],
  accepted: ['the last step shows as done', (s) => view(s).banner?.tone === 'success' && view(s).errorLines.length === 0],
  refused: ['the last step shows as refused: an error banner, or field lines', (s) => {
    const b = view(s).banner;
    return b === null ? view(s).errorLines.length > 0 : b.tone === 'error';
  }],
};
const statusTag = (status: string) => `status:${status === 'disputeDenied' ? 'dispute_denied' : status}`;

/** A status at rest, after `outcome`: who may do what there. */
const resting = (status: string, outcome: Outcome, on: (s: Snap) => Record<string, Target>, actions: (s: Snap) => string,
  notice: (s: Snap) => string | null) => ({
  tags: [statusTag(status), ...OUTCOME_TAGS[outcome]],
  on,
  context: {
    [`the badge reads ${BADGES[status] ?? 'nothing'}`]: badge(status),
    'the buttons are those of this side in this status': shows(actions),
    'the notice shown before trying is the rule\'s': (s: Snap) => view(s).notice === notice(s),
    'nothing is busy': notBusy,
    [OUTCOME_SHOWN[outcome][0]]: OUTCOME_SHOWN[outcome][1],
  },
});
/** Each way a status rests (`outcomes`), keyed `<prefix>.<outcome>`. */
const restingIn = (status: string, prefix: string, outcomes: Outcome[], on: (s: Snap) => Record<string, Target>,
  actions: (s: Snap) => string, notice: (s: Snap) => string | null) =>
  Object.fromEntries(outcomes.map((o) => [`${prefix}.${o}`, resting(status, o, on, actions, notice)]));
const busy = (status: string, id: string, ok: string, back: string) => ({
  tags: [statusTag(status), 'busy'],
  on: { [`done:${id}`]: (e: EventObject) => (outputOf(e).ok ? ok : back), [`error:${id}`]: back },
  context: {
    'the screen is busy, no buttons and no old outcome': (s: Snap) => view(s).busy && buttons(s) === '' && view(s).banner === null,
    [`the badge still reads ${BADGES[status] ?? 'nothing'}`]: badge(status),
  },
});
const agentRefusal = (s: Snap) => (agent(s) ? ctx(s).refusal : null);
const ALL: Outcome[] = ['quiet', 'accepted', 'refused'];

export const leadReturnOracle: Oracle = {
  key: (s) => leafKey(s.value),
  states: {
    ...restingIn('none', 'none.idle', ['quiet', 'refused'],
      (s) => (agent(s) && ctx(s).refusal === null
        ? { SELECT: 'none.idle.quiet', REQUEST: (_e, b) => (LEAD_RETURN.includes(choice(b)) ? 'none.requesting' : 'none.idle.refused') }
        : NOTHING),
      (s) => (agent(s) && ctx(s).refusal === null ? 'request' : ''),
      agentRefusal),
    'none.requesting': busy('none', 'requestReturn', 'pending.idle.accepted', 'none.idle.refused'),
    ...restingIn('pending', 'pending.idle', ALL,
      (s) => (reviewer(s)
        ? {
          SELECT: 'pending.idle.quiet', APPROVE: 'pending.approving',
          DENY: (_e, b) => (DENY.includes(choice(b)) ? 'pending.denying' : 'pending.idle.refused'),
        }
        : NOTHING),
      (s) => (reviewer(s) ? 'approve,deny' : ''),
      agentRefusal),
    'pending.approving': busy('pending', 'approveReturn', 'approved.accepted', 'pending.idle.refused'),
    'pending.denying': busy('pending', 'denyReturn', 'denied.idle.accepted', 'pending.idle.refused'),
    ...restingIn('denied', 'denied.idle', ALL,
      (s) => (agent(s) ? { DISPUTE: (_e, b) => (disputeNotice(b) === null ? 'denied.disputing' : 'denied.idle.refused') } : NOTHING),
      (s) => (agent(s) && disputeNotice(s) === null ? 'dispute' : ''),
      (s) => (agent(s) ? disputeNotice(s) : null)),
    'denied.disputing': busy('denied', 'disputeReturn', 'disputed.idle.accepted', 'denied.idle.refused'),
    ...restingIn('disputed', 'disputed.idle', ALL,
      (s) => (reviewer(s)
        ? { SELECT: 'disputed.idle.quiet', APPROVE: 'disputed.approving',
          DENY_DISPUTE: (_e, b) => (DENY_DISPUTE.includes(choice(b)) ? 'disputed.denyingDispute' : 'disputed.idle.refused') }
        : NOTHING),
      (s) => (reviewer(s) ? 'approve,denyDispute' : ''),
      agentRefusal),
    'disputed.approving': busy('disputed', 'approveReturn', 'approved.accepted', 'disputed.idle.refused'),
    'disputed.denyingDispute': busy('disputed', 'denyDispute', 'disputeDenied.accepted', 'disputed.idle.refused'),
    ...restingIn('approved', 'approved', ['quiet', 'accepted'], () => NOTHING, () => '', agentRefusal),
    ...restingIn('disputeDenied', 'disputeDenied', ['quiet', 'accepted'], () => NOTHING, () => '', agentRefusal),
  },
  callFaults: (id, input, s) => {
    // The reason goes with a request, a denial and a denied dispute: the one picked on the screen.
    const withReason = ['requestReturn', 'denyReturn', 'denyDispute'].includes(id);
    const want = { leadId: LEAD, reason: withReason ? ctx(s).choice : null };
    return JSON.stringify(input) === JSON.stringify(want) ? [] : [`${id} is sent ${JSON.stringify(want)}, got ${JSON.stringify(input)}`];
  },
  emits: (e) => {
    const done = /^xstate\.done\.actor\./.exec(e.type);
    return done && outputOf(e).ok ? [{ type: 'changed' }] : [];
  },
  startFaults: (input, s) => {
    const i = input as LeadReturnInput;
    const where: Record<string, string> = {
      null: 'none.idle.quiet', return_pending: 'pending.idle.quiet', return_approved: 'approved.quiet', return_denied: 'denied.idle.quiet',
      return_disputed: 'disputed.idle.quiet', return_dispute_denied: 'disputeDenied.quiet',
    };
    const faults: string[] = [];
    if (leafKey(s.value) !== where[String(i.status)]) faults.push(`a return ${i.status} opens in ${where[String(i.status)]}`);
    if (view(s).banner !== null || view(s).errorLines.length) faults.push('a screen opens without an outcome');
    return faults;
  },
  stepFaults: (e, before, after) => {
    const faults: string[] = [];
    const v = view(after);
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(e.type);
    if (done) {
      const out = outputOf(e);
      const texts: Record<string, string> = { requestReturn: TEXT.requested, approveReturn: TEXT.approved,
        denyReturn: TEXT.denied, disputeReturn: TEXT.disputed, denyDispute: TEXT.disputeDenied };
      if (out.ok && (v.banner?.tone !== 'success' || v.banner.text !== texts[done[1]])) faults.push(`a step accepted says ${texts[done[1]]}`);
      if (!out.ok) {
        const want = out.message || TEXT.fallback;
        if (v.banner?.tone !== 'error' || v.banner.text !== want) faults.push(`a refusal shows ${want}, got ${v.banner?.text}`);
        if (v.errorLines.length !== (out.errors?.length ?? 0)) faults.push('the refusal\'s field errors are listed as field: message lines');
      }
      if (out.ok && ctx(after).choice !== null) faults.push('the modal\'s choice is cleared once the step is done');
    }
    if (/^xstate\.error\.actor\./.test(e.type) && (v.banner?.tone !== 'error' || v.banner.text !== TEXT.fallback)) faults.push('a lost request says so');
    // Refused on the screen, without asking the server: where it stays says so.
    const refusedHere = leafKey(after.value).endsWith('.idle.refused') && isUserEvent(e);
    const lines = JSON.stringify(v.errorLines);
    if (e.type === 'REQUEST' && refusedHere && lines !== JSON.stringify(['returnReason: Choose a reason for the return'])) faults.push('a missing reason is a field line');
    if (e.type === 'DENY' && refusedHere && lines !== JSON.stringify(['denyReason: Choose a reason for the denial'])) faults.push('a missing deny reason is a field line');
    if (e.type === 'DENY_DISPUTE' && refusedHere && lines !== JSON.stringify(['denyDisputeReason: Choose a reason for denying the dispute'])) {
      faults.push('a missing deny-dispute reason is a field line');
    }
    if (e.type === 'DISPUTE' && refusedHere && (v.banner?.tone !== 'error' || v.banner.text !== disputeNotice(before))) faults.push('a refused dispute shows the server\'s reason');
    if (e.type === 'SELECT') {
      const reason = (e as EventObject & { reason: string }).reason;
      if (ctx(after).choice !== reason) faults.push('the choice is the one picked');
      if (v.banner !== null || v.errorLines.length) faults.push('picking a reason clears the last outcome');
    }
    return faults;
  },
};
