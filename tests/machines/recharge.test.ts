import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { rechargeMachine, rechargeView } from '../../machines/recharge.machine';
import { BILLING_MSG } from '../../src/domain/billing/messages';
import { activeLeafIds, generatedPaths, leafStateIds, once, replay, untakenTransitions } from './harness';
import { TODAY } from './recharge.oracle';
import { spec } from './recharge.paths';

const scenarios = spec.scenarios.map((s) => s.options);

describe('recharge machine: generated paths against its oracle', () => {
  const graphs = once(() => generatedPaths(spec));
  scenarios.forEach((o, i) => {
    it(`${spec.scenarios[i].name}: every path, every step as the oracle says`, async () => {
      const { paths } = graphs()[i];
      expect(paths.length).toBeGreaterThan(5);
      for (const path of paths) await replay(o, spec.oracle, path, spec.actorIds);
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
