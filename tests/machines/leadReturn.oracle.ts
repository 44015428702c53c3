import type { EventObject, SnapshotFrom } from 'xstate';
import { leadReturnView, type leadReturnMachine, type LeadReturnInput } from '../../machines/leadReturn.machine';
import { leafKey, type Oracle, type Snap, type Target } from './oracle';

/**
 * The return statechart's oracle, written by hand from document 002 sections 4, 5 and 8
 * and document 000 sections 4 and 5 (not from the machine): which side may do what in each
 * status, where each step leads, and what each side's screen shows: the status badge, the
 * buttons, the refusal shown before the agent tries, and the outcome's text.
 */
type LSnap = SnapshotFrom<typeof leadReturnMachine>;
const ctx = (s: Snap) => (s as LSnap).context;
const view = (s: Snap) => leadReturnView(s as LSnap);
const outputOf = (e: EventObject) => (e as EventObject & { output: { ok: boolean; message?: string; errors?: unknown[] } }).output;

export const NOW = '2026-11-18T17:00:00.000Z';
export const YESTERDAY = '2026-11-17T17:00:00.000Z';
export const ELEVEN_DAYS_AGO = '2026-11-07T17:00:00.000Z';

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

/** Why the agent may not dispute, by hand: quoted first, then the 10 days from the denial. */
function disputeNotice(s: Snap): string | null {
  const c = ctx(s);
  if (c.denyReason === 'lead_quoted') return TEXT.quoted;
  if (Date.parse(c.now) - Date.parse(c.respondedAt!) > 10 * 86_400_000) return TEXT.windowClosed;
  return null;
}

const buttons = (s: Snap) => {
  const v = view(s);
  return [v.canRequest && 'request', v.canDispute && 'dispute', v.canApprove && 'approve', v.canDeny && 'deny', v.canDenyDispute && 'denyDispute']
    .filter(Boolean)
    .join(',');
};
const shows = (expected: (s: Snap) => string) => (s: Snap) => buttons(s) === expected(s);
const badge = (status: string) => (s: Snap) => (view(s).badge?.label ?? null) === BADGES[status];
const notBusy = (s: Snap) => !view(s).busy;

/** The resting state of each status: who may do what there. */
const idle = (status: string, on: (s: Snap) => Record<string, Target>, actions: (s: Snap) => string, notice: (s: Snap) => string | null) => ({
  tags: [`status:${status === 'disputeDenied' ? 'dispute_denied' : status}`],
  on,
  context: {
    [`the badge reads ${BADGES[status] ?? 'nothing'}`]: badge(status),
    'the buttons are those of this side in this status': shows(actions),
    'the notice shown before trying is the rule\'s': (s: Snap) => view(s).notice === notice(s),
    'nothing is busy': notBusy,
  },
});
const busy = (status: string, id: string, ok: string, back: string) => ({
  tags: [`status:${status}`, 'busy'],
  on: { [`done:${id}`]: (e: EventObject) => (outputOf(e).ok ? ok : back), [`error:${id}`]: back },
  context: {
    'the screen is busy, no buttons and no old outcome': (s: Snap) => view(s).busy && buttons(s) === '' && view(s).banner === null,
    [`the badge still reads ${BADGES[status] ?? 'nothing'}`]: badge(status),
  },
});

export const leadReturnOracle: Oracle = {
  key: (s) => leafKey(s.value),
  states: {
    'none.idle': idle('none',
      (s) => (agent(s) && ctx(s).refusal === null
        ? { SELECT: 'none.idle', REQUEST: (_e, b) => (LEAD_RETURN.includes(choice(b)) ? 'none.requesting' : 'none.idle') }
        : NOTHING),
      (s) => (agent(s) && ctx(s).refusal === null ? 'request' : ''),
      (s) => (agent(s) ? ctx(s).refusal : null)),
    'none.requesting': busy('none', 'requestReturn', 'pending.idle', 'none.idle'),
    'pending.idle': idle('pending',
      (s) => (reviewer(s)
        ? { SELECT: 'pending.idle', APPROVE: 'pending.approving', DENY: (_e, b) => (DENY.includes(choice(b)) ? 'pending.denying' : 'pending.idle') }
        : NOTHING),
      (s) => (reviewer(s) ? 'approve,deny' : ''),
      (s) => (agent(s) ? ctx(s).refusal : null)),
    'pending.approving': busy('pending', 'approveReturn', 'approved', 'pending.idle'),
    'pending.denying': busy('pending', 'denyReturn', 'denied.idle', 'pending.idle'),
    'denied.idle': idle('denied',
      (s) => (agent(s) ? { DISPUTE: (_e, b) => (disputeNotice(b) === null ? 'denied.disputing' : 'denied.idle') } : NOTHING),
      (s) => (agent(s) && disputeNotice(s) === null ? 'dispute' : ''),
      (s) => (agent(s) ? disputeNotice(s) : null)),
    'denied.disputing': busy('denied', 'disputeReturn', 'disputed.idle', 'denied.idle'),
    'disputed.idle': idle('disputed',
      (s) => (reviewer(s)
        ? { SELECT: 'disputed.idle', APPROVE: 'disputed.approving',
          DENY_DISPUTE: (_e, b) => (DENY_DISPUTE.includes(choice(b)) ? 'disputed.denyingDispute' : 'disputed.idle') }
        : NOTHING),
      (s) => (reviewer(s) ? 'approve,denyDispute' : ''),
      (s) => (agent(s) ? ctx(s).refusal : null)),
    'disputed.approving': busy('disputed', 'approveReturn', 'approved', 'disputed.idle'),
    'disputed.denyingDispute': busy('disputed', 'denyDispute', 'disputeDenied', 'disputed.idle'),
    approved: idle('approved', () => NOTHING, () => '', (s) => (agent(s) ? ctx(s).refusal : null)),
    disputeDenied: idle('disputeDenied', () => NOTHING, () => '', (s) => (agent(s) ? ctx(s).refusal : null)),
  },
  emits: (e) => {
    const done = /^xstate\.done\.actor\./.exec(e.type);
    return done && outputOf(e).ok ? [{ type: 'changed' }] : [];
  },
  startFaults: (input, s) => {
    const i = input as LeadReturnInput;
    const where: Record<string, string> = {
      null: 'none.idle', return_pending: 'pending.idle', return_approved: 'approved', return_denied: 'denied.idle',
      return_disputed: 'disputed.idle', return_dispute_denied: 'disputeDenied',
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
    const key = leafKey(before.value);
    if (e.type === 'REQUEST' && key === leafKey(after.value)) {
      if (JSON.stringify(v.errorLines) !== JSON.stringify(['returnReason: Choose a reason for the return'])) faults.push('a missing reason is a field line');
    }
    if (e.type === 'DENY' && key === leafKey(after.value)) {
      if (JSON.stringify(v.errorLines) !== JSON.stringify(['denyReason: Choose a reason for the denial'])) faults.push('a missing deny reason is a field line');
    }
    if (e.type === 'DENY_DISPUTE' && key === leafKey(after.value)) {
      if (JSON.stringify(v.errorLines) !== JSON.stringify(['denyDisputeReason: Choose a reason for denying the dispute'])) faults.push('a missing deny-dispute reason is a field line');
    }
    if (e.type === 'DISPUTE' && key === leafKey(after.value) && v.banner?.text !== disputeNotice(before)) faults.push('a refused dispute shows why');
    if (e.type === 'SELECT') {
      const reason = (e as EventObject & { reason: string }).reason;
      if (ctx(after).choice !== reason) faults.push('the choice is the one picked');
      if (v.banner !== null || v.errorLines.length) faults.push('picking a reason clears the last outcome');
    }
    return faults;
  },
};
