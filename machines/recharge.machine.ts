import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { BILLING_DESIGNED_MSG, BILLING_MSG } from '../src/domain/billing/messages';
import {
  DEFAULT_BILLING_TYPE,
  DEFAULT_RECHARGE_CENTS,
  DEFAULT_THRESHOLD_CENTS,
  rechargeErrors,
  rechargeSavedText,
  type BillingType,
  type RechargeSetup,
} from '../src/domain/billing/recharge';
import type { FieldError } from '../src/domain/field-error';
import { refusalOf, type Outcome, type Refusal } from '../src/domain/outcome';

/**
 * The recharge tab (document 002 sections 4, 5 and 8): continuous billing ('ct': charge
 * the recharge cards for the recharge amount when the balance falls below the threshold)
 * or a monthly billing subscription, which only a super admin may choose. Saving checks
 * the form with the domain's rule first; the server decides the rest. Deactivating
 * clears the recharge cards. A saved or deactivated setup is emitted as `changed`, so
 * the view refreshes the company and the user.
 */

export interface RechargeInput {
  companyId: number;
  /** Today in the user's zone (YYYY-MM-DD): the effective date's range starts here. */
  today: string;
  /** Only a super admin chooses the billing type. */
  canChooseType: boolean;
  /** The company's cards that may be recharge cards today (the domain's `eligibleRechargeCardIds`). */
  eligibleCardIds: number[];
  /** The company's current setup, or null when none is active. */
  current: { type: BillingType; chargeCents: number; thresholdCents: number; cardIds: number[] } | null;
}

export interface RechargeContext {
  companyId: number;
  today: string;
  canChooseType: boolean;
  eligibleCardIds: number[];
  form: RechargeSetup;
  /** Is a recharge or subscription set up (with cards) on the server? */
  active: boolean;
  /** The text the view shows after an outcome: success or failure. */
  message: string | null;
  errors: FieldError[];
}

export type RechargeEvent =
  | { type: 'SET_TYPE'; value: BillingType }
  | { type: 'SET_AMOUNT'; cents: number }
  | { type: 'SET_THRESHOLD'; cents: number }
  | { type: 'SET_EFFECTIVE_DATE'; day: string }
  | { type: 'TOGGLE_CARD'; cardId: number }
  | { type: 'SAVE' }
  | { type: 'DEACTIVATE' };

export type RechargeEmitted = { type: 'changed' };

/** What the save and deactivate actors answer: a refusal carries the server's error field. */
export type RechargeOutcome = Outcome<object>;

export const rechargeMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; setup() reads no value of them
  types: {
    context: {} as RechargeContext,
    input: {} as RechargeInput,
    events: {} as RechargeEvent,
    emitted: {} as RechargeEmitted,
  },
  actors: {
    // Stryker disable StringLiteral: a missing actor's error text is never shown (onError shows the failure text)
    saveRecharge: fromPromise<RechargeOutcome, { companyId: number; setup: RechargeSetup }>(async () => {
      throw new Error('provide the saveRecharge actor');
    }),
    deactivateRecharge: fromPromise<RechargeOutcome, { companyId: number }>(async () => {
      throw new Error('provide the deactivateRecharge actor');
    }),
    // Stryker restore StringLiteral
  },
  guards: {
    mayChooseType: ({ context }) => context.canChooseType,
    formInvalid: ({ context }) => rechargeErrors(context.form, context.today, context.eligibleCardIds).length > 0,
    accepted: (_, outcome: RechargeOutcome) => outcome.ok,
    isActive: ({ context }) => context.active,
  },
  actions: {
    setType: assign(({ context, event }) => {
      assertEvent(event, 'SET_TYPE');
      return { form: { ...context.form, type: event.value } };
    }),
    setAmount: assign(({ context, event }) => {
      assertEvent(event, 'SET_AMOUNT');
      return { form: { ...context.form, chargeCents: event.cents } };
    }),
    setThreshold: assign(({ context, event }) => {
      assertEvent(event, 'SET_THRESHOLD');
      return { form: { ...context.form, thresholdCents: event.cents } };
    }),
    setEffectiveDate: assign(({ context, event }) => {
      assertEvent(event, 'SET_EFFECTIVE_DATE');
      return { form: { ...context.form, effectiveDate: event.day } };
    }),
    toggleCard: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_CARD');
      const ids = context.form.cardIds;
      const cardIds = ids.includes(event.cardId) ? ids.filter((id) => id !== event.cardId) : [...ids, event.cardId].sort((a, b) => a - b);
      return { form: { ...context.form, cardIds } };
    }),
    clearOutcome: assign({ message: null, errors: [] }),
    storeErrors: assign(({ context }) => ({ errors: rechargeErrors(context.form, context.today, context.eligibleCardIds), message: BILLING_MSG.fixErrors })),
    storeSaved: assign(({ context }) => ({ active: true, message: rechargeSavedText(context.form), errors: [] })),
    storeRefusal: assign((_, refusal: Refusal) => ({ message: refusal.message || BILLING_MSG.rechargeFailed, errors: refusal.errors ?? [] })),
    storeUnreachable: assign({ message: BILLING_MSG.rechargeFailed, errors: [] }),
    storeDeactivated: assign(({ context }) => ({
      active: false,
      form: { ...context.form, cardIds: [] },
      message: BILLING_DESIGNED_MSG.deactivated,
      errors: [],
    })),
    storeDeactivateRefusal: assign((_, refusal: Refusal) => ({ message: refusal.message || BILLING_DESIGNED_MSG.deactivateFailed, errors: [] })),
    storeDeactivateUnreachable: assign({ message: BILLING_DESIGNED_MSG.deactivateFailed, errors: [] }),
    announceChange: emit({ type: 'changed' as const }),
  },
}).createMachine({
  id: 'recharge',
  context: ({ input }) => ({
    companyId: input.companyId,
    today: input.today,
    canChooseType: input.canChooseType,
    eligibleCardIds: input.eligibleCardIds,
    active: input.current !== null && input.current.cardIds.length > 0,
    form: {
      type: input.current?.type ?? DEFAULT_BILLING_TYPE,
      chargeCents: input.current?.chargeCents ?? DEFAULT_RECHARGE_CENTS,
      thresholdCents: input.current?.thresholdCents ?? DEFAULT_THRESHOLD_CENTS,
      effectiveDate: input.today,
      cardIds: input.current?.cardIds ?? [],
    },
    message: null,
    errors: [],
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'pristine',
      states: {
        /** The form as loaded or as last edited: nothing to report. */
        pristine: {},
        /** The form broke a rule: field errors and 'Please fix all errors…'. */
        invalid: { tags: ['error'] },
        saved: { tags: ['success'] },
        failed: { tags: ['error'] },
        deactivated: { tags: ['success'] },
      },
      on: {
        SET_TYPE: { guard: 'mayChooseType', target: '.pristine', actions: ['setType', 'clearOutcome'] },
        SET_AMOUNT: { target: '.pristine', actions: ['setAmount', 'clearOutcome'] },
        SET_THRESHOLD: { target: '.pristine', actions: ['setThreshold', 'clearOutcome'] },
        SET_EFFECTIVE_DATE: { target: '.pristine', actions: ['setEffectiveDate', 'clearOutcome'] },
        TOGGLE_CARD: { target: '.pristine', actions: ['toggleCard', 'clearOutcome'] },
        SAVE: [
          { guard: 'formInvalid', target: '.invalid', actions: 'storeErrors' },
          { target: 'saving', actions: 'clearOutcome' },
        ],
        DEACTIVATE: { guard: 'isActive', target: 'deactivating', actions: 'clearOutcome' },
      },
    },
    saving: {
      tags: ['loading'],
      invoke: {
        id: 'saveRecharge',
        src: 'saveRecharge',
        input: ({ context }) => ({ companyId: context.companyId, setup: context.form }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => event.output },
            target: 'editing.saved',
            actions: ['storeSaved', 'announceChange'],
          },
          { target: 'editing.failed', actions: { type: 'storeRefusal', params: ({ event }) => refusalOf(event.output) } },
        ],
        onError: { target: 'editing.failed', actions: 'storeUnreachable' },
      },
    },
    deactivating: {
      tags: ['loading'],
      invoke: {
        id: 'deactivateRecharge',
        src: 'deactivateRecharge',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => event.output },
            target: 'editing.deactivated',
            actions: ['storeDeactivated', 'announceChange'],
          },
          { target: 'editing.failed', actions: { type: 'storeDeactivateRefusal', params: ({ event }) => refusalOf(event.output) } },
        ],
        onError: { target: 'editing.failed', actions: 'storeDeactivateUnreachable' },
      },
    },
  },
});

type RechargeSnapshot = { context: RechargeContext; hasTag: (tag: string) => boolean; can: (event: RechargeEvent) => boolean };

/** What the recharge tab shows, read from a snapshot: the view renders this and sends events. */
export interface RechargeView {
  busy: boolean;
  banner: { tone: 'success' | 'error'; text: string } | null;
  fieldErrors: Record<string, string>;
  typeChoice: boolean;
  canDeactivate: boolean;
}

export function rechargeView(s: RechargeSnapshot): RechargeView {
  const { message, errors } = s.context;
  return {
    busy: s.hasTag('loading'),
    // A message is kept only after an outcome: its tone is where the outcome left the machine.
    banner: message === null ? null : { tone: s.hasTag('success') ? 'success' : 'error', text: message },
    fieldErrors: Object.fromEntries(errors.map((e) => [e.field, e.message])),
    typeChoice: s.context.canChooseType,
    canDeactivate: s.can({ type: 'DEACTIVATE' }),
  };
}
