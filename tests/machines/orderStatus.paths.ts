import type { EventObject, SnapshotFrom } from 'xstate';
import { orderStatusMachine, type OrderStatusInput } from '../../machines/orderStatus.machine';
import { done, fail } from './fixtures';
import type { GraphOptions, PathSpec } from './harness';
import type { Snap } from './oracle';
import { NOW, orderStatusOracle, TEXT } from './orderStatus.oracle';

type OSnap = SnapshotFrom<typeof orderStatusMachine>;
const ctx = (s: Snap) => (s as OSnap).context;

/** What a person does: open, pick a reason, a fine and a too long duration, indefinitely, send, cancel, activate, dismiss. */
const userEvents = [
  { type: 'OPEN', now: NOW },
  { type: 'SET_REASON', reason: 'out-of-office' },
  { type: 'SET_DAYS', days: 3 },
  { type: 'SET_DAYS', days: 31 },
  { type: 'SET_INDEFINITE' },
  { type: 'SUBMIT' },
  { type: 'CANCEL' },
  { type: 'ACTIVATE' },
  { type: 'CLOSE' },
] as const;

/** The server's answers: done, each refusal code, unreachable. */
const pauseAnswers = [
  done('pauseOrder', { ok: true, activateDate: null }),
  done('pauseOrder', { ok: false, code: 'no_leads_received', message: 'x' }),
  done('pauseOrder', { ok: false, code: 'invalid_duration', message: 'x' }),
  done('pauseOrder', { ok: false, code: 'too_long', message: TEXT.tooLong }),
  done('pauseOrder', { ok: false, message: 'Something else' }),
  fail('pauseOrder'),
];
const activateAnswers = [
  done('activateOrder', { ok: true, activateDate: null }),
  done('activateOrder', { ok: false, message: TEXT.serverActivation }),
  done('activateOrder', { ok: false, message: '' }),
  fail('activateOrder'),
];

const options = (input: OrderStatusInput): GraphOptions<OrderStatusInput> => ({
  machine: orderStatusMachine,
  input,
  userEvents,
  actorEvents: (s) => (s.matches('pausing') ? pauseAnswers : s.matches('activating') ? activateAnswers : []),
  serialize: (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.status, c.reason, c.days, c.message]);
  },
});

/** Path tests of the pause/activate machine (harness.ts): an agent's active order, a pro's paused one, the confirmation step. */
export const spec: PathSpec = {
  machine: orderStatusMachine,
  scenarios: [
    { name: "an agent's active order (7 days at most)", options: options({ orderId: 4, status: 'active', maxDays: 7, confirmationStep: false }) },
    { name: "a pro user's paused order (reactivation)", options: options({ orderId: 5, status: 'inactive', maxDays: 30, confirmationStep: false }) },
    { name: 'the confirmation step (no reason asked), an admin', options: options({ orderId: 6, status: 'active', maxDays: 30, confirmationStep: true }) },
  ],
  oracle: orderStatusOracle,
  actorIds: ['pauseOrder', 'activateOrder'],
  describeEvent: (e: EventObject) => {
    const x = e as EventObject & { days?: number; reason?: string };
    if (e.type === 'SET_DAYS') return `the duration is set to ${x.days} days`;
    if (e.type === 'SET_REASON') return `the reason ${x.reason} is picked`;
    if (e.type === 'SET_INDEFINITE') return 'indefinitely is picked';
    return undefined;
  },
};
