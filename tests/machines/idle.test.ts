import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { idleMachine } from '../../machines/idle.machine';
import { ctx, spec } from './idle.paths';
import { describeGeneratedPaths } from './path-suite';

const graphs = describeGeneratedPaths('idle machine', spec, { minPaths: 0 });

describe('idle machine: its paths', () => {
  it('shows the warning counting down from 60 to 1', () => {
    const last = graphs()[0].paths.flatMap((p) => p.steps).find((st) => st.state.matches('warning') && ctx(st.state).secondsLeft === 1);
    expect(last).toBeDefined();
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
