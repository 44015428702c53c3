import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import {
  isDenyDisputeReason, isDenyReason, isReturnReasonFor, RETURN_DESIGNED_MSG, RETURN_STATUS_COLORS, RETURN_STATUS_LABELS,
  type ReturnProduct, type ReturnStatus,
} from '../src/domain/returns';
import type { FieldError } from '../src/domain/field-error';
import { acceptedOf, refusalOf, type Outcome, type Refusal } from '../src/domain/outcome';

/**
 * The life of one lead's return, as one screen sees it (document 002 sections 4, 5 and 8;
 * document 000 sections 4 and 5): none → return_pending when the agent asks with a reason
 * (from the lead list or the call list) → approved, or denied with one of the 14 reasons →
 * disputed by the agent (only a denial, within 10 days of the response, never when the
 * lead was quoted) → dispute denied with a reason, or approved.
 *
 * The agent's side asks and disputes; the reviewer's side (admins, and vendors for their
 * own leads) approves and denies. The other side's steps arrive as a fresh actor started
 * in the status the server reports. Whether a lead may be returned, and whether a denial
 * may be disputed, are the server's answers (`refusal`, `disputeRefusal`: the rules of
 * src/domain/returns at the server's time), shown before the agent tries; a step the
 * server refuses all the same shows the server's reason.
 *
 * Each status rests in `idle`, whose child says how the last step ended: `quiet` (nothing
 * to report), `accepted` (tag `success`: the step that led here was done) or `refused`
 * (tag `error`: refused, unreachable, or a reason missing). Views read the tone from these
 * tags, never from the text.
 */

export type ReturnSide = 'agent' | 'reviewer';

/** A return as the server reports it. */
export interface ReturnState {
  status: ReturnStatus | null;
  returnReason: string | null;
  denyReason: string | null;
  denyDisputeReason: string | null;
  /** The latest decision (ISO); a dispute's window counts from the denial's. */
  respondedAt: string | null;
}

export interface LeadReturnInput extends ReturnState {
  leadId: number;
  side: ReturnSide;
  product: ReturnProduct;
  /** Why this lead may not be returned now (the server's eligibility answer), or null. */
  refusal: string | null;
  /** Why this denial may not be disputed now (the server's answer), or null. */
  disputeRefusal: string | null;
}

export interface LeadReturnContext extends LeadReturnInput {
  /** The reason picked in the open modal (a return, deny or deny-dispute reason). */
  choice: string | null;
  /** The outcome's text: a refusal, or the success of the last step. */
  message: string | null;
  errors: FieldError[];
}

export type LeadReturnEvent =
  | { type: 'SELECT'; reason: string }
  | { type: 'REQUEST' }
  | { type: 'DISPUTE' }
  | { type: 'APPROVE' }
  | { type: 'DENY' }
  | { type: 'DENY_DISPUTE' };

export type LeadReturnEmitted = { type: 'changed' };

/** What each step's actor answers: the return as it now stands, or a refusal. */
export type ReturnOutcome = Outcome<{ result: ReturnState }>;
type StepInput = { leadId: number; reason: string | null };

const requires = (field: string, message: string): FieldError[] => [{ field, message }];
const missingActor = (name: string) =>
  fromPromise<ReturnOutcome, StepInput>(async () => {
    // Stryker disable next-line StringLiteral: a missing actor's error text is never shown (onError shows the failure text)
    throw new Error(`provide the ${name} actor`);
  });

const returnSetup = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; setup() reads no value of them
  types: {
    context: {} as LeadReturnContext,
    input: {} as LeadReturnInput,
    events: {} as LeadReturnEvent,
    emitted: {} as LeadReturnEmitted,
  },
  actors: {
    requestReturn: missingActor('requestReturn'),
    disputeReturn: missingActor('disputeReturn'),
    approveReturn: missingActor('approveReturn'),
    denyReturn: missingActor('denyReturn'),
    denyDispute: missingActor('denyDispute'),
  },
  guards: {
    isReviewer: ({ context }) => context.side === 'reviewer',
    /** The agent's side, on a lead the rule lets them return. */
    mayRequest: ({ context }) => context.side === 'agent' && context.refusal === null,
    returnReasonMissing: ({ context }) =>
      context.side === 'agent' && context.refusal === null && !isReturnReasonFor(context.product, context.choice),
    denyReasonMissing: ({ context }) => context.side === 'reviewer' && !isDenyReason(context.choice),
    denyDisputeReasonMissing: ({ context }) => context.side === 'reviewer' && !isDenyDisputeReason(context.choice),
    disputeRefused: ({ context }) => context.side === 'agent' && context.disputeRefusal !== null,
    mayDispute: ({ context }) => context.side === 'agent' && context.disputeRefusal === null,
    accepted: (_, outcome: ReturnOutcome) => outcome.ok,
    wasNone: ({ context }) => context.status === null,
    wasPending: ({ context }) => context.status === 'return_pending',
    wasApproved: ({ context }) => context.status === 'return_approved',
    wasDenied: ({ context }) => context.status === 'return_denied',
    wasDisputed: ({ context }) => context.status === 'return_disputed',
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'SELECT');
      return { choice: event.reason, message: null, errors: [] };
    }),
    clearOutcome: assign({ message: null, errors: [] }),
    requireReturnReason: assign({ message: null, errors: requires('returnReason', RETURN_DESIGNED_MSG.reasonRequired) }),
    requireDenyReason: assign({ message: null, errors: requires('denyReason', RETURN_DESIGNED_MSG.denyReasonRequired) }),
    requireDenyDisputeReason: assign({ message: null, errors: requires('denyDisputeReason', RETURN_DESIGNED_MSG.denyDisputeReasonRequired) }),
    showDisputeRefusal: assign(({ context }) => ({ message: context.disputeRefusal, errors: [] })),
    storeResult: assign((_, params: { result: ReturnState; text: string }) => ({ ...params.result, choice: null, message: params.text, errors: [] })),
    storeRefusal: assign((_, refusal: Refusal) => ({ message: refusal.message || RETURN_DESIGNED_MSG.failed, errors: refusal.errors ?? [] })),
    storeFailure: assign({ message: RETURN_DESIGNED_MSG.failed, errors: [] }),
    announceChange: emit({ type: 'changed' as const }),
  },
});

/** The server calls of a return, each the step of one event. */
type ReturnCall = 'requestReturn' | 'approveReturn' | 'denyReturn' | 'disputeReturn' | 'denyDispute';

/**
 * A step that asks the server (busy while it runs): accepted, the return moves to
 * `target` (its status's `idle.accepted`) and the screen says `text`; refused or failed,
 * it stays in its status (`idle.refused`) with the answer shown. `withReason`: the call
 * carries the reason chosen on the screen.
 */
function asking(src: ReturnCall, target: string, text: string, withReason: boolean) {
  return returnSetup.createStateConfig({
    tags: ['busy'],
    invoke: {
      id: src,
      src,
      input: ({ context }) => ({ leadId: context.leadId, reason: withReason ? context.choice : null }),
      onDone: [
        {
          guard: { type: 'accepted', params: ({ event }) => event.output },
          target,
          actions: [{ type: 'storeResult', params: ({ event }) => ({ result: acceptedOf(event.output).result, text }) }, 'announceChange'],
        },
        { target: 'idle.refused', actions: { type: 'storeRefusal', params: ({ event }) => refusalOf(event.output) } },
      ],
      onError: { target: 'idle.refused', actions: 'storeFailure' },
    },
  });
}

type RestingOn = NonNullable<ReturnType<typeof returnSetup.createStateConfig>['on']>;

/**
 * Where a status waits for the next event, taking `on`: `quiet`, or how the last step
 * ended, `accepted` (when a step leads into this status) or `refused`.
 */
function resting(acceptedHere: boolean, on: RestingOn) {
  return returnSetup.createStateConfig({
    initial: 'quiet',
    on,
    states: {
      quiet: {},
      ...(acceptedHere ? { accepted: { tags: ['success'] } } : {}),
      refused: { tags: ['error'] },
    },
  });
}

/**
 * A status the reviewer decides: pick a reason, approve (`approving`), or turn it down with
 * `decline` and the reason picked (`declining`); without a reason, the field says so.
 */
function reviewing(
  decline: 'DENY' | 'DENY_DISPUTE',
  reasonMissing: 'denyReasonMissing' | 'denyDisputeReasonMissing',
  requireReason: 'requireDenyReason' | 'requireDenyDisputeReason',
  declining: string,
) {
  return resting(true, {
    SELECT: { guard: 'isReviewer', target: '.quiet', actions: 'choose' },
    APPROVE: { guard: 'isReviewer', target: 'approving', actions: 'clearOutcome' },
    [decline]: [
      { guard: reasonMissing, target: '.refused', actions: requireReason },
      { guard: 'isReviewer', target: declining, actions: 'clearOutcome' },
    ],
  });
}

/** A status nothing leaves: as the server reported it, or just reached by an accepted step. */
const ended = {
  initial: 'quiet',
  states: { quiet: {}, accepted: { tags: ['success'] } },
} as const;

export const leadReturnMachine = returnSetup.createMachine({
  id: 'leadReturn',
  context: ({ input }) => ({ ...input, choice: null, message: null, errors: [] }),
  initial: 'start',
  states: {
    /** Where the server's status puts this screen. */
    start: {
      always: [
        { guard: 'wasNone', target: 'none' },
        { guard: 'wasPending', target: 'pending' },
        { guard: 'wasApproved', target: 'approved' },
        { guard: 'wasDenied', target: 'denied' },
        { guard: 'wasDisputed', target: 'disputed' },
        { target: 'disputeDenied' },
      ],
    },
    none: {
      tags: ['status:none'],
      initial: 'idle',
      states: {
        idle: resting(false, {
          SELECT: { guard: 'mayRequest', target: '.quiet', actions: 'choose' },
          REQUEST: [
            { guard: 'returnReasonMissing', target: '.refused', actions: 'requireReturnReason' },
            { guard: 'mayRequest', target: 'requesting', actions: 'clearOutcome' },
          ],
        }),
        requesting: asking('requestReturn', '#leadReturn.pending.idle.accepted', RETURN_DESIGNED_MSG.requested, true),
      },
    },
    pending: {
      tags: ['status:pending'],
      initial: 'idle',
      states: {
        idle: reviewing('DENY', 'denyReasonMissing', 'requireDenyReason', 'denying'),
        approving: asking('approveReturn', '#leadReturn.approved.accepted', RETURN_DESIGNED_MSG.approved, false),
        denying: asking('denyReturn', '#leadReturn.denied.idle.accepted', RETURN_DESIGNED_MSG.denied, true),
      },
    },
    denied: {
      tags: ['status:denied'],
      initial: 'idle',
      states: {
        idle: resting(true, {
          DISPUTE: [
            { guard: 'disputeRefused', target: '.refused', actions: 'showDisputeRefusal' },
            { guard: 'mayDispute', target: 'disputing', actions: 'clearOutcome' },
          ],
        }),
        disputing: asking('disputeReturn', '#leadReturn.disputed.idle.accepted', RETURN_DESIGNED_MSG.disputed, false),
      },
    },
    disputed: {
      tags: ['status:disputed'],
      initial: 'idle',
      states: {
        idle: reviewing('DENY_DISPUTE', 'denyDisputeReasonMissing', 'requireDenyDisputeReason', 'denyingDispute'),
        approving: asking('approveReturn', '#leadReturn.approved.accepted', RETURN_DESIGNED_MSG.approved, false),
        denyingDispute: asking('denyDispute', '#leadReturn.disputeDenied.accepted', RETURN_DESIGNED_MSG.disputeDenied, true),
      },
    },
    /** Refunded: nothing more happens to this return. */
    approved: { tags: ['status:approved'], ...ended },
    /** The dispute was denied: the denial stands. */
    disputeDenied: { tags: ['status:dispute_denied'], ...ended },
  },
});

type LeadReturnSnapshot = {
  context: LeadReturnContext;
  hasTag: (tag: string) => boolean;
  can: (event: LeadReturnEvent) => boolean;
};

/** What a screen shows of a return, read from a snapshot: views render this and send events. */
export interface LeadReturnView {
  /** The status badge (label and colour), null without a return. */
  badge: { label: string; color: string } | null;
  busy: boolean;
  /** Why the agent may not act, shown before they try: the lead's refusal, or the dispute's. */
  notice: string | null;
  /** The outcome of the last step: its text and tone. */
  banner: { tone: 'success' | 'error'; text: string } | null;
  /** The modal's error lines, 'field: message'. */
  errorLines: string[];
  canRequest: boolean;
  canDispute: boolean;
  canApprove: boolean;
  canDeny: boolean;
  canDenyDispute: boolean;
}

const STATUS_TAGS: Array<[string, ReturnStatus]> = [
  ['status:pending', 'return_pending'],
  ['status:approved', 'return_approved'],
  ['status:denied', 'return_denied'],
  ['status:disputed', 'return_disputed'],
  ['status:dispute_denied', 'return_dispute_denied'],
];

export function leadReturnView(s: LeadReturnSnapshot): LeadReturnView {
  const c = s.context;
  const status = STATUS_TAGS.find(([tag]) => s.hasTag(tag))?.[1] ?? null;
  const agent = c.side === 'agent';
  // The agent sees why a lead may not be returned (or a denial disputed) before trying.
  const notice = !agent ? null : s.hasTag('status:denied') ? c.disputeRefusal : c.refusal;
  // A message is shown only after a step: its tone is where the step left the machine.
  const tone = s.hasTag('success') ? 'success' : 'error';
  return {
    badge: status ? { label: RETURN_STATUS_LABELS[status], color: RETURN_STATUS_COLORS[status] } : null,
    busy: s.hasTag('busy'),
    notice,
    banner: c.message === null ? null : { tone, text: c.message },
    errorLines: c.errors.map((e) => `${e.field}: ${e.message}`),
    canRequest: s.can({ type: 'REQUEST' }),
    canDispute: s.can({ type: 'DISPUTE' }) && notice === null,
    canApprove: s.can({ type: 'APPROVE' }),
    canDeny: s.can({ type: 'DENY' }),
    canDenyDispute: s.can({ type: 'DENY_DISPUTE' }),
  };
}

