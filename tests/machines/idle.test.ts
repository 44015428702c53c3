import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate';
import { idleMachine } from '../../machines/idle.machine';
import { coveringPaths, leafStateIds, activeLeafIds, once, replay, untakenTransitions, type GraphOptions } from './harness';
import { leafKey, type Oracle, type Snap } from './oracle';

type IdleSnap = SnapshotFrom<typeof idleMachine>;
const ctx = (s: Snap) => (s as IdleSnap).context;

/**
 * The idle timer's oracle, from document 000 section 9: 840 s of no input open the
 * warning with 60 s to go, shown counting down; Keep working returns to the full 840 s;
 * Log Out or the end of the 60 s ends the session.
 */
const oracle: Oracle = {
  key: (s) => leafKey(s.value),
  states: {
    active: {
      tags: ['idle:active'],
      on: { ACTIVITY: 'active', 'after:idleWarning': 'warning.counting' },
      context: { 'the countdown is full while active': (s) => ctx(s).secondsLeft === 60 },
    },
    'warning.counting': {
      tags: ['idle:warning'],
      on: {
        KEEP_WORKING: 'active',
        IDLE_LOGOUT: 'expired',
        'after:second': 'warning.counting',
        'after:logoutCountdown': 'expired',
      },
      context: { 'between 1 and 60 seconds are left': (s) => ctx(s).secondsLeft >= 1 && ctx(s).secondsLeft <= 60 },
    },
    expired: {
      tags: [],
      on: {},
      context: { 'the session ends for inactivity': (s) => (s.output as { reason: string }).reason === 'inactivity' },
    },
  },
  emits: () => [],
};

const userEvents: EventObject[] = [{ type: 'ACTIVITY' }, { type: 'KEEP_WORKING' }, { type: 'IDLE_LOGOUT' }];
const options: GraphOptions<undefined> = {
  machine: idleMachine,
  input: undefined,
  userEvents,
  actorEvents: (s) => [
    ...(s.matches('active') ? [{ type: 'xstate.after.idleWarning.idle.active' }] : []),
    // A second passes while seconds are left to show; at 1 the countdown's end is next.
    ...(s.matches('warning') && ctx(s).secondsLeft > 1 ? [{ type: 'xstate.after.second.idle.warning.counting' }] : []),
    ...(s.matches('warning') ? [{ type: 'xstate.after.logoutCountdown.idle.warning' }] : []),
  ],
  // The countdown shown is part of the node: every second of it is its own state at rest.
  serialize: (s) => JSON.stringify([s.value, s.matches('warning') ? ctx(s).secondsLeft : null, s.status]),
};

describe('idle machine: generated paths against its oracle', () => {
  // Built inside the tests: a walk that throws must fail a test, not the file's collection.
  const graph = once(() => coveringPaths(options));

  it('follows every path, every step as the oracle says', async () => {
    for (const path of graph().paths) await replay(options, oracle, path, []);
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
