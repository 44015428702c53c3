import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { leadReturnMachine, leadReturnView } from '../../machines/leadReturn.machine';
import { describeGeneratedPaths } from './path-suite';
import { TEXT } from './leadReturn.oracle';
import { spec } from './leadReturn.paths';

describeGeneratedPaths('return machine', spec, { minPaths: 0 });

describe('return machine with its actors', () => {
  it('sends the chosen reason, lands in pending and announces the change', async () => {
    const sent: unknown[] = [];
    const machine = leadReturnMachine.provide({
      actors: {
        requestReturn: fromPromise(async ({ input }) => {
          sent.push(input);
          return { ok: true as const, result: { status: 'return_pending' as const, returnReason: 'wrong_number', denyReason: null, denyDisputeReason: null, respondedAt: null } };
        }),
      },
    });
    const actor = createActor(machine, {
      input: { leadId: 7, side: 'agent', product: 'leads', refusal: null, disputeRefusal: null, status: null, returnReason: null, denyReason: null,
        denyDisputeReason: null, respondedAt: null },
    });
    const changed: string[] = [];
    actor.on('changed', (e) => changed.push(e.type));
    actor.start();
    actor.send({ type: 'REQUEST' });
    expect(leadReturnView(actor.getSnapshot()).errorLines).toEqual(['returnReason: Choose a reason for the return']);
    actor.send({ type: 'SELECT', reason: 'wrong_number' });
    actor.send({ type: 'REQUEST' });
    await waitFor(actor, (s) => s.matches({ pending: 'idle' }), { timeout: 3000 });
    expect(sent).toEqual([{ leadId: 7, reason: 'wrong_number' }]);
    expect(changed).toEqual(['changed']);
    expect(leadReturnView(actor.getSnapshot())).toMatchObject({ badge: { label: 'Return Pending' }, banner: { tone: 'success', text: TEXT.requested } });
  });
});
