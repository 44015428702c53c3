import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { leadReturnMachine, leadReturnView } from '../../machines/leadReturn.machine';
import { activeLeafIds, generatedPaths, leafStateIds, once, replay, untakenTransitions } from './harness';
import { NOW, TEXT } from './leadReturn.oracle';
import { spec } from './leadReturn.paths';

const scenarios = spec.scenarios.map((s) => s.options);

describe('return machine: generated paths against its oracle', () => {
  const graphs = once(() => generatedPaths(spec));
  scenarios.forEach((o, i) => {
    it(`${spec.scenarios[i].name}: every path, every step as the oracle says`, async () => {
      const { paths } = graphs()[i];
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) await replay(o, spec.oracle, path, spec.actorIds);
    }, 60_000);
  });

  it('takes every declared transition (both sides of every guard) and reaches every state', () => {
    const untaken = scenarios.map((o) => new Set(untakenTransitions(o)));
    expect([...untaken[0]].filter((t) => untaken.every((u) => u.has(t)))).toEqual([]);
    const reached = new Set(graphs().flatMap((g) => g.paths).flatMap((p) => p.steps.flatMap((st) => activeLeafIds(st.state))));
    expect(leafStateIds(leadReturnMachine, { restingOnly: true }).filter((id) => !reached.has(id))).toEqual([]);
  });
});

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
      input: { leadId: 7, side: 'agent', product: 'leads', refusal: null, now: NOW, status: null, returnReason: null, denyReason: null,
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
