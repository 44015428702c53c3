import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { ORDER_LIST_DESIGNED_MSG } from '../src/domain/orders/list';
import {
  DEFAULT_PAUSE_DAYS,
  DEFAULT_REACTIVATE_DAYS,
  REACTIVATE_MAX_DAYS,
  activationAfter,
  pauseCodeText,
  pauseFailed,
  pauseProblem,
  type PauseMode,
  type PauseReason,
} from '../src/domain/orders/status';
import { refusalOf, type Outcome, type Refusal } from '../src/domain/outcome';

/**
 * Pausing and activating one order (document 001 sections 4, 5 and 8). The pause modal
 * asks a reason (not on the wizard's confirmation step) and a duration: 1 day up to the
 * role's maximum (7 a user, 30 an admin or pro user, 180 a super admin) or indefinitely.
 * On an order already paused the same modal sets when it comes back (reactivation, at
 * most 30 days, 1 by default). Activating clears the activation date. The server answers
 * decide the texts: no_leads_received, invalid_duration, any other failure; an activation
 * failure shows the server's message. A change is emitted as `changed` (the list reloads).
 */

export interface OrderStatusInput {
  orderId: number;
  status: 'active' | 'inactive';
  /** The longest pause the caller may set (maxPauseDays of the viewer). */
  maxDays: number;
  /** On the wizard's confirmation step no reason is asked. */
  confirmationStep: boolean;
}

export interface OrderStatusContext extends OrderStatusInput {
  reason: PauseReason | null;
  /** Days until the order comes back; null: indefinitely. */
  days: number | null;
  /** The moment the modal opened (ISO): the activation date counts from it (null before). */
  openedAt: string | null;
  /** The text shown: a problem of the form, the server's refusal, or the outcome. */
  message: string | null;
}

export type OrderStatusEvent =
  | { type: 'OPEN'; now: string }
  | { type: 'SET_REASON'; reason: PauseReason }
  | { type: 'SET_DAYS'; days: number }
  | { type: 'SET_INDEFINITE' }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'ACTIVATE' }
  | { type: 'CLOSE' };

export type OrderStatusEmitted = { type: 'changed'; status: 'active' | 'inactive' };

export interface PauseRequest {
  orderId: number;
  activationDate: string | null;
  reason: PauseReason | null;
  confirmationStep: boolean;
}
export type StatusOutcome = Outcome<{ activateDate?: string | null }>;

/**
 * Which modal an order's status opens: on an order already paused, the reactivation. The
 * status never changes while the modal is open, so the mode is read from it, not kept.
 */
const modeOf = (status: OrderStatusInput['status']): PauseMode => (status === 'inactive' ? 'reactivate' : 'pause');
const choiceOf = (c: OrderStatusContext) => ({ ...c, mode: modeOf(c.status) });

export const orderStatusMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; setup() reads no value of them
  types: {
    context: {} as OrderStatusContext,
    input: {} as OrderStatusInput,
    events: {} as OrderStatusEvent,
    emitted: {} as OrderStatusEmitted,
  },
  actors: {
    // Stryker disable StringLiteral: a missing actor's error text is never shown (onError shows the failure text)
    pauseOrder: fromPromise<StatusOutcome, PauseRequest>(async () => {
      throw new Error('provide the pauseOrder actor');
    }),
    activateOrder: fromPromise<StatusOutcome, { orderId: number }>(async () => {
      throw new Error('provide the activateOrder actor');
    }),
    // Stryker restore StringLiteral
  },
  guards: {
    isInactive: ({ context }) => context.status === 'inactive',
    pausing: ({ context }) => modeOf(context.status) === 'pause',
    formProblem: ({ context }) => pauseProblem(choiceOf(context), context.maxDays) !== null,
    accepted: (_, outcome: StatusOutcome) => outcome.ok,
  },
  actions: {
    openModal: assign(({ context, event }) => {
      assertEvent(event, 'OPEN');
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: both defaults are 1 day (documents 001 and our design), so which one is read cannot be seen
      const days = modeOf(context.status) === 'pause' ? DEFAULT_PAUSE_DAYS : DEFAULT_REACTIVATE_DAYS;
      return { reason: null, days, openedAt: event.now, message: null };
    }),
    setReason: assign(({ event }) => {
      assertEvent(event, 'SET_REASON');
      return { reason: event.reason, message: null };
    }),
    setDays: assign(({ event }) => {
      assertEvent(event, 'SET_DAYS');
      return { days: event.days, message: null };
    }),
    setIndefinite: assign({ days: null, message: null }),
    // Only after formProblem held: the problem is there.
    storeProblem: assign(({ context }) => ({ message: pauseProblem(choiceOf(context), context.maxDays)!.message })),
    clearMessage: assign({ message: null }),
    storePaused: assign({ status: 'inactive' as const, message: ORDER_LIST_DESIGNED_MSG.paused }),
    storePauseRefusal: assign((_, refusal: Refusal) => ({ message: pauseCodeText(refusal.code, refusal.message) })),
    storePauseUnreachable: assign({ message: pauseFailed() }),
    storeActivated: assign({ status: 'active' as const, message: ORDER_LIST_DESIGNED_MSG.activated }),
    storeActivateRefusal: assign((_, refusal: Refusal) => ({ message: refusal.message || ORDER_LIST_DESIGNED_MSG.activateFailed })),
    storeActivateUnreachable: assign({ message: ORDER_LIST_DESIGNED_MSG.activateFailed }),
    announce: emit(({ context }) => ({ type: 'changed' as const, status: context.status })),
  },
}).createMachine({
  id: 'orderStatus',
  context: ({ input }) => ({ ...input, reason: null, days: null, openedAt: null, message: null }),
  initial: 'idle',
  states: {
    /** No modal: the order's row with its pause or activate button, and the last outcome. */
    idle: {
      initial: 'closed',
      states: {
        closed: {},
        paused: { tags: ['success'] },
        activated: { tags: ['success'] },
        activateFailed: { tags: ['error'] },
      },
      on: {
        OPEN: { target: 'open.editing', actions: 'openModal' },
        ACTIVATE: { guard: 'isInactive', target: 'activating', actions: 'clearMessage' },
        CLOSE: { target: '.closed', actions: 'clearMessage' },
      },
    },
    /** The pause modal (or, on a paused order, the reactivation modal). */
    open: {
      initial: 'editing',
      states: {
        editing: {},
        /** The form broke a rule: its text shows, nothing was sent. */
        invalid: { tags: ['error'] },
        /** The server refused or could not be reached: its text shows. */
        failed: { tags: ['error'] },
      },
      on: {
        SET_REASON: { guard: 'pausing', target: '.editing', actions: 'setReason' },
        SET_DAYS: { target: '.editing', actions: 'setDays' },
        SET_INDEFINITE: { guard: 'pausing', target: '.editing', actions: 'setIndefinite' },
        SUBMIT: [
          { guard: 'formProblem', target: '.invalid', actions: 'storeProblem' },
          { target: 'pausing', actions: 'clearMessage' },
        ],
        CANCEL: { target: 'idle.closed', actions: 'clearMessage' },
      },
    },
    pausing: {
      tags: ['loading'],
      invoke: {
        id: 'pauseOrder',
        src: 'pauseOrder',
        input: ({ context }) => ({
          orderId: context.orderId,
          activationDate: context.days === null ? null : activationAfter(new Date(context.openedAt!), context.days).toISOString(),
          reason: context.reason,
          confirmationStep: context.confirmationStep,
        }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'idle.paused', actions: ['storePaused', 'announce'] },
          { target: 'open.failed', actions: { type: 'storePauseRefusal', params: ({ event }) => refusalOf(event.output) } },
        ],
        onError: { target: 'open.failed', actions: 'storePauseUnreachable' },
      },
    },
    activating: {
      tags: ['loading'],
      invoke: {
        id: 'activateOrder',
        src: 'activateOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'idle.activated', actions: ['storeActivated', 'announce'] },
          { target: 'idle.activateFailed', actions: { type: 'storeActivateRefusal', params: ({ event }) => refusalOf(event.output) } },
        ],
        onError: { target: 'idle.activateFailed', actions: 'storeActivateUnreachable' },
      },
    },
  },
});

type StatusSnapshot = { context: OrderStatusContext; hasTag: (tag: string) => boolean; matches: (v: 'open' | 'idle' | 'pausing') => boolean; can: (e: OrderStatusEvent) => boolean };

/** What the order's controls and the pause modal show, read from a snapshot. */
export interface OrderStatusView {
  modalOpen: boolean;
  title: string;
  askReason: boolean;
  /** The longest duration the modal offers. */
  maxDays: number;
  offerIndefinite: boolean;
  reason: PauseReason | null;
  days: number | null;
  busy: boolean;
  /** A text inside the modal (a form problem or a refusal). */
  modalError: string | null;
  /** A text beside the order once the modal is closed (the outcome). */
  banner: { tone: 'success' | 'error'; text: string } | null;
  canActivate: boolean;
}

export function orderStatusView(s: StatusSnapshot): OrderStatusView {
  const c = s.context;
  const modalOpen = s.matches('open') || s.matches('pausing');
  const pausing = modeOf(c.status) === 'pause';
  const tone = s.hasTag('success') ? 'success' : s.hasTag('error') ? 'error' : null;
  return {
    modalOpen,
    title: pausing ? 'Pause order' : 'Reactivate order',
    askReason: pausing && !c.confirmationStep,
    maxDays: pausing ? c.maxDays : REACTIVATE_MAX_DAYS,
    offerIndefinite: pausing,
    reason: c.reason,
    days: c.days,
    busy: s.hasTag('loading'),
    modalError: modalOpen && tone === 'error' ? c.message : null,
    banner: !modalOpen && tone && c.message ? { tone, text: c.message } : null,
    canActivate: s.can({ type: 'ACTIVATE' }),
  };
}
