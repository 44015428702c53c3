import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { rechargeMachine, rechargeView, type RechargeInput } from '../../machines/recharge.machine';
import { BILLING_MSG } from '../../src/domain/billing/messages';
import { activeLeafIds, coveringPaths, leafStateIds, once, replay, untakenTransitions, type GraphOptions } from './harness';
import { done, fail } from './fixtures';
import { FAILURES, rechargeOracle, TODAY, TOO_LATE } from './recharge.oracle';
import type { Snap } from './oracle';

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
  { type: 'TOGGLE_CARD', cardId: 7 },
  { type: 'SAVE' },
  { type: 'DEACTIVATE' },
] as const;

const answers = (id: string) => [done(id, { ok: true }), done(id, { ok: false, message: FAILURES.server }), done(id, { ok: false, message: '' }), fail(id)];

const options = (input: RechargeInput): GraphOptions<RechargeInput> => ({
  machine: rechargeMachine,
  input,
  userEvents,
  actorEvents: (s) => (s.matches('saving') ? answers('saveRecharge') : s.matches('deactivating') ? answers('deactivateRecharge') : []),
  // Small on purpose: what decides where events lead and what the view shows.
  serialize: (s) => {
    const c = ctx(s);
    const f = c.form;
    return JSON.stringify([s.value, f.type, f.chargeCents, f.thresholdCents, f.effectiveDate === TODAY, f.cardIds.length, c.active, c.message]);
  },
});

const agentNew = options({ companyId: 3, today: TODAY, canChooseType: false, current: null });
const superActive = options({
  companyId: 3,
  today: TODAY,
  canChooseType: true,
  current: { type: 'ct', chargeCents: 250_00, thresholdCents: 50_00, cardIds: [7] },
});
const scenarios = [agentNew, superActive];

describe('recharge machine: generated paths against its oracle', () => {
  const graphs = once(() => scenarios.map((o) => coveringPaths(o)));
  scenarios.forEach((o, i) => {
    it(`${i === 0 ? 'an agent without a setup' : 'a super admin with an active setup'}: every path, every step as the oracle says`, async () => {
      const { paths } = graphs()[i];
      expect(paths.length).toBeGreaterThan(5);
      for (const path of paths) await replay(o, rechargeOracle, path, ['saveRecharge', 'deactivateRecharge']);
    }, 60_000);
  });

  it('takes every declared transition and reaches every state', () => {
    const untaken = scenarios.map((o) => new Set(untakenTransitions(o)));
    expect([...untaken[0]].filter((t) => untaken[1].has(t))).toEqual([]);
    const reached = new Set(graphs().flatMap((g) => g.paths).flatMap((p) => p.steps.flatMap((st) => activeLeafIds(st.state))));
    expect(leafStateIds(rechargeMachine, { restingOnly: true }).filter((id) => !reached.has(id))).toEqual([]);
  });
});

describe('recharge machine with its actors', () => {
  it('sends the form as it stands and announces the change', async () => {
    const sent: unknown[] = [];
    const machine = rechargeMachine.provide({
      actors: {
        saveRecharge: fromPromise(async ({ input }) => {
          sent.push(input);
          return { ok: true as const };
        }),
      },
    });
    const actor = createActor(machine, { input: { companyId: 9, today: TODAY, canChooseType: false, current: null } });
    const changed: string[] = [];
    actor.on('changed', (e) => changed.push(e.type));
    actor.start();
    actor.send({ type: 'TOGGLE_CARD', cardId: 4 });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ editing: 'saved' }), { timeout: 3000 });
    expect(sent).toEqual([{ companyId: 9, setup: { type: 'ct', chargeCents: 250_00, thresholdCents: 50_00, effectiveDate: TODAY, cardIds: [4] } }]);
    expect(changed).toEqual(['changed']);
    expect(rechargeView(actor.getSnapshot()).banner).toEqual({ tone: 'success', text: 'Successfully updated recharge to $250.00 and withdrawal threshold to $50.00' });
  });

  it('without actors, a save fails with the fallback text rather than hanging', async () => {
    const actor = createActor(rechargeMachine, { input: { companyId: 9, today: TODAY, canChooseType: false, current: { type: 'ct', chargeCents: 100_00, thresholdCents: 10_00, cardIds: [1] } } }).start();
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }), { timeout: 3000 });
    expect(actor.getSnapshot().context.message).toBe(BILLING_MSG.rechargeFailed);
  });
});
