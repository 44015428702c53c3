import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { switchUserMachine } from '../../machines/switchUser.machine';
import { SESSION_TEXT } from '../../src/domain/session';
import { activeLeafIds, generatedPaths, leafStateIds, once, replay, untakenTransitions } from './harness';
import { spec } from './switchUser.paths';

const scenarios = spec.scenarios.map((s) => s.options);

describe('switch-user machine: generated paths against its oracle', () => {
  // Built inside the tests: a walk that throws must fail a test, not the file's collection.
  const graphs = once(() => generatedPaths(spec).map((g) => g.paths));
  scenarios.forEach((o, i) => {
    it(`input ${JSON.stringify(o.input)}: every path, every step as the oracle says`, async () => {
      for (const path of graphs()[i]) await replay(o, spec.oracle, path, spec.actorIds);
    });
  });

  it('takes every declared transition and reaches every state', () => {
    const untaken = scenarios.map((o) => new Set(untakenTransitions(o)));
    expect([...untaken[0]].filter((t) => untaken[1].has(t))).toEqual([]);
    const reached = new Set(graphs().flat().flatMap((p) => p.steps.flatMap((st) => activeLeafIds(st.state))));
    expect(leafStateIds(switchUserMachine, { restingOnly: true }).filter((id) => !reached.has(id))).toEqual([]);
  });
});

describe('switch-user machine without a checker', () => {
  it('is refused as unreachable rather than left waiting', async () => {
    const actor = createActor(switchUserMachine, { input: { email: 'agent@demo.test' } }).start();
    await waitFor(actor, (s) => s.status !== 'active', { timeout: 3000 });
    expect(actor.getSnapshot().output).toEqual({ ok: false, message: SESSION_TEXT.switchFailed });
  });
});
