import type { EventObject, SnapshotFrom } from 'xstate';
import { rechargeView, type rechargeMachine, type RechargeInput } from '../../machines/recharge.machine';
import { BILLING_DESIGNED_MSG, BILLING_MSG } from '../../src/domain/billing/messages';
import { leafKey, type Oracle, type Snap, type Target } from './oracle';

/**
 * The recharge tab's oracle, written by hand from document 002 sections 4, 5 and 8 (not
 * from the machine): when a form may be saved, which text each outcome shows, what the
 * view shows in each state, and that a saved or deactivated setup is announced.
 */
type RSnap = SnapshotFrom<typeof rechargeMachine>;
const ctx = (s: Snap) => (s as RSnap).context;
const view = (s: Snap) => rechargeView(s as RSnap);
const outputOf = (e: EventObject) => (e as EventObject & { output: { ok: boolean; message?: string; errors?: Array<{ field: string; message: string }> } }).output;

export const TODAY = '2026-11-21';
/** A day past the one-month limit of the effective date. */
export const TOO_LATE = '2026-12-22';
export const LAST_ALLOWED = '2026-12-21';
/** The fixtures' card: eligible for auto billing and not expired, unless a scenario says not. */
export const CARD = 7;
/** A second card of a company with two, listed before the first (a lower id). */
export const OTHER_CARD = 3;
/** The company the fixtures' tab is about. */
export const COMPANY = 3;

/** $1,234.50 written by hand for the texts. */
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * May this form be saved? Amount above 0, a threshold below it (continuous billing), a
 * date from today to one month ahead, a card, and only cards that may be recharge cards.
 */
function formSavable(s: Snap, eligible: readonly number[]): boolean {
  const f = ctx(s).form;
  if (f.chargeCents <= 0 || f.chargeCents > 100_000_00) return false;
  if (f.type === 'ct' && (f.thresholdCents < 0 || f.thresholdCents >= f.chargeCents)) return false;
  if (f.effectiveDate < TODAY || f.effectiveDate > LAST_ALLOWED) return false;
  return f.cardIds.length > 0 && f.cardIds.every((id) => eligible.includes(id));
}

const savedText = (s: Snap) => {
  const f = ctx(s).form;
  return f.type === 'subscription'
    ? `Successfully updated payment subscription to ${usd(f.chargeCents)} monthly`
    : `Successfully updated recharge to ${usd(f.chargeCents)} and withdrawal threshold to ${usd(f.thresholdCents)}`;
};

/** The events of the form, taken from any resting state of editing. */
const editingOf = (eligible: readonly number[]) => (s: Snap): Record<string, Target> => ({
  ...(ctx(s).canChooseType ? { SET_TYPE: 'editing.pristine' } : {}),
  SET_AMOUNT: 'editing.pristine',
  SET_THRESHOLD: 'editing.pristine',
  SET_EFFECTIVE_DATE: 'editing.pristine',
  TOGGLE_CARD: 'editing.pristine',
  SAVE: (_e, before) => (formSavable(before, eligible) ? 'saving' : 'editing.invalid'),
  ...(ctx(s).active ? { DEACTIVATE: 'deactivating' } : {}),
});

const noBanner = (s: Snap) => view(s).banner === null && ctx(s).message === null;
const noFieldErrors = (s: Snap) => Object.keys(view(s).fieldErrors).length === 0;
const banner = (tone: 'success' | 'error', text: (s: Snap) => string | string[]) => (s: Snap) => {
  const want = text(s);
  const b = view(s).banner;
  return b !== null && b.tone === tone && (Array.isArray(want) ? want.includes(b.text) : b.text === want);
};
const idle = (s: Snap) => !view(s).busy && view(s).canDeactivate === ctx(s).active && view(s).typeChoice === ctx(s).canChooseType;

export const FAILURES = { server: 'The card was declined', field: 'This card is not on file' };

/** The oracle of a company whose cards `eligible` may be recharge cards. */
export const rechargeOracle = (eligible: readonly number[]): Oracle => {
  const editing = editingOf(eligible);
  const savable = (s: Snap) => formSavable(s, eligible);
  return {
    key: (s) => leafKey(s.value),
    states: {
      'editing.pristine': {
        tags: [],
        on: editing,
        context: { 'no banner, no field errors': (s) => noBanner(s) && ctx(s).errors.length === 0, 'the form is usable': idle },
      },
      'editing.invalid': {
        tags: ['error'],
        on: editing,
        context: {
          "the view says 'Please fix all errors before trying again.'": banner('error', () => 'Please fix all errors before trying again.'),
          'a field error is shown under a field of the form': (s) =>
            Object.keys(view(s).fieldErrors).length > 0 &&
            Object.keys(view(s).fieldErrors).every((f) => ['chargeAmount', 'withdrawalThreshold', 'effectiveDate', 'ctCards'].includes(f)),
          'the form is not savable': (s) => !savable(s),
          'a missing card is named': (s) => ctx(s).form.cardIds.length > 0 || view(s).fieldErrors.ctCards === BILLING_DESIGNED_MSG.rechargeCardsRequired,
          'a card that may not be a recharge card is named': (s) =>
            ctx(s).form.cardIds.every((id) => eligible.includes(id)) || view(s).fieldErrors.ctCards === BILLING_DESIGNED_MSG.rechargeCardIneligible,
          'the form is usable': idle,
        },
      },
      'editing.saved': {
        tags: ['success'],
        on: editing,
        context: {
          'the view shows the success text of the saved type': banner('success', savedText),
          'the setup is now active': (s) => ctx(s).active,
          'no field errors': noFieldErrors,
          'the form is usable': idle,
        },
      },
      'editing.failed': {
        tags: ['error'],
        on: editing,
        context: {
          'the view shows the server error or the fallback': banner('error', () => [
            FAILURES.server,
            FAILURES.field,
            'Unable to update recharge',
            BILLING_DESIGNED_MSG.deactivateFailed,
          ]),
          'the form is usable': idle,
        },
      },
      'editing.deactivated': {
        tags: ['success'],
        on: editing,
        context: {
          'the recharge cards are cleared': (s) => ctx(s).form.cardIds.length === 0,
          'no field errors': noFieldErrors,
          'nothing is active any more, so Deactivate is gone': (s) => !ctx(s).active && !view(s).canDeactivate,
          'the view says so': banner('success', () => BILLING_DESIGNED_MSG.deactivated),
        },
      },
      saving: {
        tags: ['loading'],
        on: {
          'done:saveRecharge': (e) => (outputOf(e).ok ? 'editing.saved' : 'editing.failed'),
          'error:saveRecharge': 'editing.failed',
        },
        context: {
          'the view is busy and shows no old banner or field errors': (s) => view(s).busy && noBanner(s) && noFieldErrors(s),
          'only a savable form is sent': savable,
        },
      },
      deactivating: {
        tags: ['loading'],
        on: {
          'done:deactivateRecharge': (e) => (outputOf(e).ok ? 'editing.deactivated' : 'editing.failed'),
          'error:deactivateRecharge': 'editing.failed',
        },
        context: { 'the view is busy, nothing old shown': (s) => view(s).busy && noBanner(s) && noFieldErrors(s), 'something was active': (s) => ctx(s).active },
      },
    },
    callFaults: (id, input, s) => {
      const want = id === 'saveRecharge' ? { companyId: COMPANY, setup: ctx(s).form } : { companyId: COMPANY };
      return JSON.stringify(input) === JSON.stringify(want) ? [] : [`${id} is sent ${JSON.stringify(want)}, got ${JSON.stringify(input)}`];
    },
    emits: (e) => {
      const done = /^xstate\.done\.actor\.(saveRecharge|deactivateRecharge)$/.exec(e.type);
      return done && outputOf(e).ok ? [{ type: 'changed' }] : [];
    },
    startFaults: (input, s) => {
      const i = input as RechargeInput;
      const f = ctx(s).form;
      const faults: string[] = [];
      if (i.current === null && (f.chargeCents !== 250_00 || f.thresholdCents !== 50_00 || f.type !== 'ct'))
        faults.push('a new setup starts at $250 below $50, continuous billing');
      if (f.effectiveDate !== TODAY) faults.push('the effective date starts today');
      if (ctx(s).active !== (i.current !== null && i.current.cardIds.length > 0)) faults.push('active follows the loaded cards');
      return faults;
    },
    stepFaults: (e, before, after) => {
      const faults: string[] = [];
      const c = ctx(after);
      if (e.type === 'xstate.done.actor.saveRecharge' && !outputOf(e).ok) {
        const want = outputOf(e).message || 'Unable to update recharge';
        if (c.message !== want) faults.push(`a refused save shows ${c.message}, expected ${want}`);
        const fields = Object.fromEntries((outputOf(e).errors ?? []).map((x) => [x.field, x.message]));
        if (JSON.stringify(view(after).fieldErrors) !== JSON.stringify(fields)) faults.push('a refused save shows the server\'s field errors, and only those');
      }
      const failedElse = ['xstate.error.actor.saveRecharge', 'xstate.done.actor.deactivateRecharge', 'xstate.error.actor.deactivateRecharge'];
      if (failedElse.includes(e.type) && !noFieldErrors(after)) faults.push('a failure without named fields shows no field errors');
      if (e.type === 'xstate.error.actor.saveRecharge' && c.message !== BILLING_MSG.rechargeFailed) faults.push('an unreachable server shows the fallback');
      if (e.type === 'xstate.error.actor.deactivateRecharge' && c.message !== BILLING_DESIGNED_MSG.deactivateFailed)
        faults.push('a failed deactivation says so');
      if (e.type === 'SET_TYPE' && c.form.type !== (e as EventObject & { value: string }).value) faults.push('the type is the one chosen');
      if (e.type === 'SET_AMOUNT' && c.form.chargeCents !== (e as EventObject & { cents: number }).cents) faults.push('the amount is the one typed');
      if (e.type === 'SET_THRESHOLD' && c.form.thresholdCents !== (e as EventObject & { cents: number }).cents) faults.push('the threshold is the one typed');
      if (e.type === 'SET_EFFECTIVE_DATE' && c.form.effectiveDate !== (e as EventObject & { day: string }).day) faults.push('the date is the one picked');
      if (e.type === 'TOGGLE_CARD') {
        const id = (e as EventObject & { cardId: number }).cardId;
        const was = ctx(before).form.cardIds;
        const others = (ids: readonly number[]) => ids.filter((x) => x !== id).join();
        if (was.includes(id) === c.form.cardIds.includes(id)) faults.push('the card is toggled');
        if (others(was) !== others(c.form.cardIds)) faults.push('the other cards stay chosen');
        if (c.form.cardIds.some((x, i) => i > 0 && c.form.cardIds[i - 1] > x)) faults.push('the chosen cards are kept in id order');
      }
      // The form is sent as it stood; a save never edits it.
      if (e.type.includes('saveRecharge') && JSON.stringify(c.form) !== JSON.stringify(ctx(before).form)) faults.push('saving changed the form');
      return faults;
    },
  };
};
