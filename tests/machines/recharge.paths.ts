import type { EventObject, SnapshotFrom } from 'xstate';
import { rechargeMachine, type RechargeInput } from '../../machines/recharge.machine';
import { done, fail } from './fixtures';
import type { GraphOptions, PathSpec } from './harness';
import type { Snap } from './oracle';
import { CARD, COMPANY, FAILURES, OTHER_CARD, rechargeOracle, TODAY, TOO_LATE } from './recharge.oracle';

type RSnap = SnapshotFrom<typeof rechargeMachine>;
const ctx = (s: Snap) => (s as RSnap).context;

/** Edits a person makes: a valid and an invalid value of each field, the other type, a card. */
const userEvents = [
  { type: 'SET_TYPE', value: 'subscription' },
  { type: 'SET_TYPE', value: 'ct' },
  { type: 'SET_AMOUNT', cents: 300_00 },
  { type: 'SET_AMOUNT', cents: 0 },
  { type: 'SET_THRESHOLD', cents: 400_00 },
  { type: 'SET_EFFECTIVE_DATE', day: TOO_LATE },
  { type: 'TOGGLE_CARD', cardId: CARD },
  { type: 'SAVE' },
  { type: 'DEACTIVATE' },
] as const;

/** The server's answers: saved, refused with a message, refused without one, refused on a field (saves), unreachable. */
const answers = (id: string) => [
  done(id, { ok: true }),
  done(id, { ok: false, message: FAILURES.server }),
  done(id, { ok: false, message: '' }),
  ...(id === 'saveRecharge' ? [done(id, { ok: false, message: FAILURES.field, errors: [{ field: 'ctCards', message: FAILURES.field }] })] : []),
  fail(id),
];

/** Two cards ticked in turn and saved: the choice keeps both, in id order. */
const twoCards = [{ type: 'TOGGLE_CARD', cardId: CARD }, { type: 'TOGGLE_CARD', cardId: OTHER_CARD }, { type: 'SAVE' }] as const;

const options = (input: RechargeInput, events: readonly EventObject[] = userEvents): GraphOptions<RechargeInput> => ({
  machine: rechargeMachine,
  input,
  userEvents: events,
  actorEvents: (s) => (s.matches('saving') ? answers('saveRecharge') : s.matches('deactivating') ? answers('deactivateRecharge') : []),
  // Small on purpose: what decides where events lead and what the view shows.
  serialize: (s) => {
    const c = ctx(s);
    const f = c.form;
    return JSON.stringify([s.value, f.type, f.chargeCents, f.thresholdCents, f.effectiveDate === TODAY, f.cardIds.length, c.active, c.message]);
  },
});

const cents = (n: number) => `$${(n / 100).toFixed(2)}`;

/**
 * The recharge tab's path tests (see harness.ts): an agent without a setup, a super admin
 * with one, an agent whose only card may not be a recharge card (not eligible, or expired).
 */
export const spec: PathSpec = {
  machine: rechargeMachine,
  scenarios: [
    { name: 'an agent without a setup', options: options({ companyId: COMPANY, today: TODAY, canChooseType: false, eligibleCardIds: [CARD], current: null }) },
    {
      name: 'a super admin with an active setup',
      options: options({
        companyId: COMPANY,
        today: TODAY,
        canChooseType: true,
        eligibleCardIds: [CARD],
        current: { type: 'ct', chargeCents: 250_00, thresholdCents: 50_00, cardIds: [CARD] },
      }),
    },
    {
      name: 'an agent whose only card may not be a recharge card',
      options: options({ companyId: COMPANY, today: TODAY, canChooseType: false, eligibleCardIds: [], current: null }),
      oracle: rechargeOracle([]),
    },
    {
      name: 'an agent with two cards, ticking both',
      options: options({ companyId: COMPANY, today: TODAY, canChooseType: false, eligibleCardIds: [OTHER_CARD, CARD], current: null }, twoCards),
      oracle: rechargeOracle([OTHER_CARD, CARD]),
    },
    {
      name: 'a setup whose cards were all removed: not active',
      options: options(
        { companyId: COMPANY, today: TODAY, canChooseType: false, eligibleCardIds: [CARD], current: { type: 'ct', chargeCents: 100_00, thresholdCents: 10_00, cardIds: [] } },
        twoCards,
      ),
    },
  ],
  oracle: rechargeOracle([CARD]),
  actorIds: ['saveRecharge', 'deactivateRecharge'],
  describeEvent: (e: EventObject) => {
    const x = e as EventObject & { cents?: number; day?: string; value?: string; cardId?: number };
    if (e.type === 'SET_AMOUNT') return `the amount is set to ${cents(x.cents!)}`;
    if (e.type === 'SET_THRESHOLD') return `the threshold is set to ${cents(x.cents!)}`;
    if (e.type === 'SET_EFFECTIVE_DATE') return `the effective date is set to ${x.day}`;
    if (e.type === 'SET_TYPE') return `the billing type is set to ${x.value}`;
    if (e.type === 'TOGGLE_CARD') return `card ${x.cardId} is ticked or unticked`;
    return undefined;
  },
};
