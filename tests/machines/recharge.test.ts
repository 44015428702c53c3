import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { rechargeMachine, rechargeView } from '../../machines/recharge.machine';
import { BILLING_DESIGNED_MSG, BILLING_MSG } from '../../src/domain/billing/messages';
import { describeGeneratedPaths } from './path-suite';
import { TODAY } from './recharge.oracle';
import { spec } from './recharge.paths';

describeGeneratedPaths('recharge machine', spec, { minPaths: 5 });

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
    const actor = createActor(machine, { input: { companyId: 9, today: TODAY, canChooseType: false, eligibleCardIds: [4], current: null } });
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

  it('without actors, a save and a deactivation fail with their fallback texts rather than hanging', async () => {
    const actor = createActor(rechargeMachine, { input: { companyId: 9, today: TODAY, canChooseType: false, eligibleCardIds: [1], current: { type: 'ct', chargeCents: 100_00, thresholdCents: 10_00, cardIds: [1] } } }).start();
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }), { timeout: 3000 });
    expect(actor.getSnapshot().context.message).toBe(BILLING_MSG.rechargeFailed);
    actor.send({ type: 'DEACTIVATE' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }) && s.context.message === BILLING_DESIGNED_MSG.deactivateFailed, { timeout: 3000 });
  });
});
