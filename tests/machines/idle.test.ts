import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { idleMachine } from '../../machines/idle.machine';
import { activeLeafIds, generatedPaths, leafStateIds, once, replay, untakenTransitions } from './harness';
import { ctx, spec } from './idle.paths';

const { options } = spec.scenarios[0];

describe('idle machine: generated paths against its oracle', () => {
  // Built inside the tests: a walk that throws must fail a test, not the file's collection.
  const graph = once(() => generatedPaths(spec)[0]);

  it('follows every path, every step as the oracle says', async () => {
    for (const path of graph().paths) await replay(options, spec.oracle, path, spec.actorIds);
  });

  it('shows the warning counting down from 60 to 1', () => {
    const last = graph().paths.flatMap((p) => p.steps).find((st) => st.state.matches('warning') && ctx(st.state).secondsLeft === 1);
    expect(last).toBeDefined();
  });

  it('takes every declared transition and reaches every state', () => {
    expect(untakenTransitions(options)).toEqual([]);
    const reached = new Set(graph().paths.flatMap((p) => p.steps.flatMap((s) => activeLeafIds(s.state))));
    expect(leafStateIds(idleMachine).filter((id) => !reached.has(id))).toEqual([]);
  });
});

describe('idle machine on a clock', () => {
  const start = () => {
    const clock = new SimulatedClock();
    const actor = createActor(idleMachine, { clock }).start();
    // The simulated clock fires only timers already due: let time pass a second at a time.
    const pass = (seconds: number) => {
      for (let k = 0; k < seconds; k++) clock.increment(1000);
    };
    return { pass, actor, at: () => [actor.getSnapshot().value, ctx(actor.getSnapshot()).secondsLeft] };
  };

  it('restarts the 840 s on input', () => {
    const { pass, actor, at } = start();
    pass(800);
    actor.send({ type: 'ACTIVITY' });
    pass(839);
    expect(at()).toEqual(['active', 60]);
    pass(1);
    expect(at()).toEqual([{ warning: 'counting' }, 60]);
  });

  it('counts the warning down each second and ends the session after 60 s', () => {
    const { pass, actor, at } = start();
    pass(841);
    expect(at()).toEqual([{ warning: 'counting' }, 59]);
    pass(58);
    expect(at()).toEqual([{ warning: 'counting' }, 1]);
    // A throttled tab may deliver the last second's tick late: the display stays at 1.
    actor.send({ type: 'xstate.after.second.idle.warning.counting' } as never);
    expect(at()).toEqual([{ warning: 'counting' }, 1]);
    pass(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ reason: 'inactivity' });
  });
});
