import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { orderStatusMachine, orderStatusView } from '../../machines/orderStatus.machine';
import { describeGeneratedPaths } from './path-suite';
import { NOW, TEXT } from './orderStatus.oracle';
import { spec } from './orderStatus.paths';

describeGeneratedPaths('orderStatus machine', spec, { minPaths: 5 });

describe('orderStatus machine with its actors', () => {
  it('sends a 3-day pause with its reason, dated from the opening, and announces it', async () => {
    const sent: unknown[] = [];
    const machine = orderStatusMachine.provide({
      actors: { pauseOrder: fromPromise(async ({ input }) => { sent.push(input); return { ok: true as const }; }) },
    });
    const actor = createActor(machine, { input: { orderId: 9, status: 'active', maxDays: 7, confirmationStep: false } });
    const changed: string[] = [];
    actor.on('changed', (e) => changed.push(e.status));
    actor.start();
    actor.send({ type: 'OPEN', now: NOW });
    actor.send({ type: 'SUBMIT' });
    expect(orderStatusView(actor.getSnapshot()).modalError).toBe(TEXT.reason);
    actor.send({ type: 'SET_REASON', reason: 'hit-caps' });
    actor.send({ type: 'SET_DAYS', days: 3 });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches({ idle: 'paused' }), { timeout: 3000 });
    expect(sent).toEqual([{ orderId: 9, activationDate: '2026-11-24T15:00:00.000Z', reason: 'hit-caps', confirmationStep: false }]);
    expect(changed).toEqual(['inactive']);
    expect(orderStatusView(actor.getSnapshot()).canActivate).toBe(true);
  });

  it('without actors, a pause and an activation fail with their texts rather than hanging', async () => {
    const pause = createActor(orderStatusMachine, { input: { orderId: 9, status: 'active', maxDays: 7, confirmationStep: true } }).start();
    pause.send({ type: 'OPEN', now: NOW });
    pause.send({ type: 'SUBMIT' });
    await waitFor(pause, (s) => s.matches({ open: 'failed' }), { timeout: 3000 });
    expect(orderStatusView(pause.getSnapshot()).modalError).toBe(TEXT.pauseFailed);
    const activate = createActor(orderStatusMachine, { input: { orderId: 9, status: 'inactive', maxDays: 7, confirmationStep: false } }).start();
    activate.send({ type: 'ACTIVATE' });
    await waitFor(activate, (s) => s.matches({ idle: 'activateFailed' }), { timeout: 3000 });
    expect(orderStatusView(activate.getSnapshot()).banner).toEqual({ tone: 'error', text: TEXT.activateFailed });
  });
});
