import { assign, setup } from 'xstate';
import { IDLE_WARNING_SECONDS, LOGOUT_COUNTDOWN_SECONDS } from '../src/domain/session';

/**
 * The idle timer of a signed-in session (document 000 section 9): 840 s without input
 * opens "Still working?", which counts 60 s down; Keep working resumes, Log Out or the
 * end of the countdown ends the session. The countdown ticks on the actor's clock (the
 * browser's timers, a simulated clock in tests), so no view reads the time.
 * Invoked by the session machine, which forwards input and ends the session when this
 * machine is done.
 */

export interface IdleContext {
  /** Seconds left on the warning's countdown; full while active. */
  secondsLeft: number;
}

export type IdleEvent = { type: 'ACTIVITY' } | { type: 'KEEP_WORKING' } | { type: 'IDLE_LOGOUT' };

export const idleMachine = setup({
  // Stryker disable next-line ObjectLiteral: types are for TypeScript only; setup() reads no value of them
  types: {
    context: {} as IdleContext,
    events: {} as IdleEvent,
    output: {} as { reason: 'inactivity' },
  },
  delays: {
    idleWarning: IDLE_WARNING_SECONDS * 1000,
    logoutCountdown: LOGOUT_COUNTDOWN_SECONDS * 1000,
    second: 1000,
  },
  guards: {
    /** The display stops at 1: the countdown's own timer ends the session. */
    secondsRemain: ({ context }) => context.secondsLeft > 1,
  },
  actions: {
    fullCountdown: assign({ secondsLeft: LOGOUT_COUNTDOWN_SECONDS }),
    tick: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
  },
}).createMachine({
  id: 'idle',
  // The countdown is full while active: it starts full, and Keep working fills it again.
  context: { secondsLeft: LOGOUT_COUNTDOWN_SECONDS },
  initial: 'active',
  output: { reason: 'inactivity' },
  states: {
    active: {
      tags: ['idle:active'],
      after: { idleWarning: { target: 'warning' } },
      // Input restarts the 840 s.
      on: { ACTIVITY: { target: 'active', reenter: true } },
    },
    /**
     * "Still working?": one 60 s timer ends the session (a throttled background tab still
     * fires it once); the seconds shown count down beside it, re-entering `counting`.
     */
    warning: {
      tags: ['idle:warning'],
      after: { logoutCountdown: { target: 'expired' } },
      initial: 'counting',
      states: {
        counting: {
          after: { second: { guard: 'secondsRemain', target: 'counting', reenter: true, actions: 'tick' } },
        },
      },
      on: {
        KEEP_WORKING: { target: 'active', actions: 'fullCountdown' },
        IDLE_LOGOUT: { target: 'expired' },
      },
    },
    expired: { type: 'final' },
  },
});
