import type { EventObject, SnapshotFrom } from 'xstate';
import { orderStatusView, type orderStatusMachine, type OrderStatusInput } from '../../machines/orderStatus.machine';
import { leafKey, type Oracle, type Snap, type Target } from './oracle';

/**
 * The pause/activate oracle, written by hand from document 001 sections 4, 5 and 8 (not
 * from the machine): which modal opens, which reasons and durations it accepts, the text
 * of every refusal, what the order shows afterwards, and that a change is announced.
 */
type OSnap = SnapshotFrom<typeof orderStatusMachine>;
const ctx = (s: Snap) => (s as OSnap).context;
const view = (s: Snap) => orderStatusView(s as OSnap);
const outputOf = (e: EventObject) => (e as EventObject & { output: { ok: boolean; message?: string; code?: string } }).output;

export const NOW = '2026-11-21T15:00:00.000Z';
export const PHONE = '(888) 555-0142';
export const TEXT = {
  reason: 'Please select a reason for pausing',
  tooLong: 'To pause an order longer than 7 days, please call support...',
  invalidDate: 'Please enter a valid activation date.',
  noLeads: `You haven't received any leads recently. To pause your order, please contact support at ${PHONE}`,
  pauseFailed: `We were unable to pause your order. For assistance, please contact support at ${PHONE}`,
  paused: 'The order is paused',
  activated: 'The order is active',
  activateFailed: 'We were unable to activate your order',
  serverActivation: 'A promotional deposit is required to activate this order',
};

/** Is the order paused (so its modal is a reactivation, and Activate shows)? */
const reactivating = (s: Snap) => ctx(s).status === 'inactive';

/** What the modal must say on SUBMIT, by the specification's rules; null when it may be sent. */
export function expectedProblem(s: Snap): string | null {
  const c = ctx(s);
  if (!reactivating(s) && !c.confirmationStep && c.reason === null) return TEXT.reason;
  if (c.days === null) return reactivating(s) ? TEXT.invalidDate : null;
  if (c.days < 1) return TEXT.invalidDate;
  if (reactivating(s)) return c.days > 30 ? TEXT.invalidDate : null;
  // The "longer than 7 days" text is a user's (maximum 7); past 30 or 180 days the failure text names the support line.
  return c.days > c.maxDays ? (c.maxDays === 7 ? TEXT.tooLong : TEXT.pauseFailed) : null;
}

const resting = (s: Snap): Record<string, Target> => ({
  OPEN: 'open.editing',
  CLOSE: 'idle.closed',
  ...(reactivating(s) ? { ACTIVATE: 'activating' } : {}),
});

const modal = (s: Snap): Record<string, Target> => ({
  ...(reactivating(s) ? {} : { SET_REASON: 'open.editing', SET_INDEFINITE: 'open.editing' }),
  SET_DAYS: 'open.editing',
  SUBMIT: (_e, before) => (expectedProblem(before) === null ? 'pausing' : 'open.invalid'),
  CANCEL: 'idle.closed',
});

const modalShows = (s: Snap) => {
  const v = view(s);
  const pause = !reactivating(s);
  return v.modalOpen && v.title === (pause ? 'Pause order' : 'Reactivate order') && v.maxDays === (pause ? ctx(s).maxDays : 30)
    && v.offerIndefinite === pause && v.askReason === (pause && !ctx(s).confirmationStep) && v.banner === null;
};
/** 2026-11-21T15:00Z plus `days` whole days, written out: the activation date of a pause sent from the modal opened at NOW. */
const DAY_AFTER_NOW: Record<number, string> = { 1: '2026-11-22T15:00:00.000Z', 3: '2026-11-24T15:00:00.000Z' };

const closedShows = (s: Snap) => !view(s).modalOpen && view(s).modalError === null && view(s).canActivate === reactivating(s);
const banner = (tone: 'success' | 'error', texts: string[]) => (s: Snap) => {
  const b = view(s).banner;
  return b !== null && b.tone === tone && texts.includes(b.text);
};

export const orderStatusOracle: Oracle = {
  key: (s) => leafKey(s.value),
  states: {
    'idle.closed': {
      tags: [],
      on: resting,
      context: { 'nothing is shown but the order, no outcome is kept': (s) => closedShows(s) && view(s).banner === null && ctx(s).message === null },
    },
    'idle.paused': {
      tags: ['success'],
      on: resting,
      context: { 'the order says it is paused': banner('success', [TEXT.paused]), 'the order is now inactive, so Activate shows': (s) => closedShows(s) && reactivating(s) },
    },
    'idle.activated': {
      tags: ['success'],
      on: resting,
      context: { 'the order says it is active': banner('success', [TEXT.activated]), 'Activate is gone': (s) => closedShows(s) && !reactivating(s) },
    },
    'idle.activateFailed': {
      tags: ['error'],
      on: resting,
      context: { "the server's message (or the fallback) shows": banner('error', [TEXT.serverActivation, TEXT.activateFailed]), 'still paused': (s) => closedShows(s) && reactivating(s) },
    },
    'open.editing': {
      tags: [],
      on: modal,
      context: { 'the modal of its mode is open, without an error': (s) => modalShows(s) && view(s).modalError === null },
    },
    'open.invalid': {
      tags: ['error'],
      on: modal,
      context: {
        'the modal shows the rule that was broken': (s) => modalShows(s) && view(s).modalError !== null && view(s).modalError === expectedProblem(s),
      },
    },
    'open.failed': {
      tags: ['error'],
      on: modal,
      context: {
        "the modal shows the server answer's text": (s) => modalShows(s) && [TEXT.noLeads, TEXT.invalidDate, TEXT.pauseFailed, TEXT.tooLong].includes(view(s).modalError ?? ''),
      },
    },
    pausing: {
      tags: ['loading'],
      on: {
        'done:pauseOrder': (e) => (outputOf(e).ok ? 'idle.paused' : 'open.failed'),
        'error:pauseOrder': 'open.failed',
      },
      context: {
        'the modal is busy, without an old outcome': (s) => view(s).busy && view(s).modalOpen && ctx(s).message === null,
        'only a valid form is sent': (s) => expectedProblem(s) === null,
      },
    },
    activating: {
      tags: ['loading'],
      on: {
        'done:activateOrder': (e) => (outputOf(e).ok ? 'idle.activated' : 'idle.activateFailed'),
        'error:activateOrder': 'idle.activateFailed',
      },
      context: { 'busy, no modal, no old outcome': (s) => view(s).busy && !view(s).modalOpen && ctx(s).message === null },
    },
  },
  callFaults: (id, input, s) => {
    const c = ctx(s);
    const want = id === 'pauseOrder'
      ? { orderId: c.orderId, activationDate: c.days === null ? null : DAY_AFTER_NOW[c.days], reason: c.reason, confirmationStep: c.confirmationStep }
      : { orderId: c.orderId };
    return JSON.stringify(input) === JSON.stringify(want) ? [] : [`${id} is sent ${JSON.stringify(want)}, got ${JSON.stringify(input)}`];
  },
  emits: (e) => {
    const done = /^xstate\.done\.actor\.(pauseOrder|activateOrder)$/.exec(e.type);
    if (!done || !outputOf(e).ok) return [];
    return [{ type: 'changed', status: done[1] === 'pauseOrder' ? 'inactive' : 'active' } as EventObject];
  },
  startFaults: (input, s) => {
    const i = input as OrderStatusInput;
    const faults: string[] = [];
    if (ctx(s).status !== i.status) faults.push('the status is the order\'s');
    if (view(s).canActivate !== (i.status === 'inactive')) faults.push('Activate shows exactly on a paused order');
    return faults;
  },
  stepFaults: (e, before, after) => {
    const faults: string[] = [];
    const c = ctx(after);
    if (e.type === 'OPEN') {
      // A pause starts at 1 day without a reason; a reactivation at the default 1 day.
      if (c.days !== 1 || c.reason !== null) faults.push(`the modal opens at 1 day without a reason (got ${c.days}, ${c.reason})`);
      if (c.openedAt !== (e as EventObject & { now: string }).now) faults.push('the activation date counts from the opening');
    }
    if (e.type === 'SET_DAYS' && c.days !== (e as EventObject & { days: number }).days) faults.push('the days are the ones typed');
    if (e.type === 'SET_INDEFINITE' && c.days !== null) faults.push('indefinitely has no date');
    if (e.type === 'SET_REASON' && c.reason !== (e as EventObject & { reason: string }).reason) faults.push('the reason is the one picked');
    if (e.type === 'xstate.done.actor.pauseOrder' && !outputOf(e).ok) {
      const o = outputOf(e);
      const want = o.code === 'no_leads_received' ? TEXT.noLeads : o.code === 'invalid_duration' ? TEXT.invalidDate : o.code === 'too_long' ? o.message : TEXT.pauseFailed;
      if (c.message !== want) faults.push(`a refused pause (${o.code}) shows ${c.message}, expected ${want}`);
    }
    if (e.type === 'xstate.error.actor.pauseOrder' && c.message !== TEXT.pauseFailed) faults.push('an unreachable server shows the pause failure text');
    if (e.type === 'xstate.done.actor.activateOrder' && !outputOf(e).ok && c.message !== (outputOf(e).message || TEXT.activateFailed))
      faults.push("a refused activation shows the server's message");
    if (e.type.startsWith('xstate.') && JSON.stringify([c.reason, c.days]) !== JSON.stringify([ctx(before).reason, ctx(before).days])) faults.push('an answer never edits the form');
    return faults;
  },
};
