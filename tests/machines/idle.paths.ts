import type { EventObject, SnapshotFrom } from 'xstate';
import { idleMachine } from '../../machines/idle.machine';
import type { GraphOptions, PathSpec } from './harness';
import { leafKey, type Oracle, type Snap } from './oracle';

type IdleSnap = SnapshotFrom<typeof idleMachine>;
export const ctx = (s: Snap) => (s as IdleSnap).context;

/**
 * The idle timer's oracle, from document 000 section 9: 840 s of no input open the
 * warning with 60 s to go, shown counting down; Keep working returns to the full 840 s;
 * Log Out or the end of the 60 s ends the session.
 */
export const oracle: Oracle = {
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
export const options: GraphOptions<undefined> = {
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

/** The idle timer's path tests (see harness.ts): one scenario, no invoked actors. */
export const spec: PathSpec = {
  machine: idleMachine,
  scenarios: [{ name: 'a signed-in session', options }],
  oracle,
  actorIds: [],
  describeEvent: (e) => (e.type === 'ACTIVITY' ? 'ACTIVITY (the user types or clicks)' : undefined),
};
