/**
 * The catalogue of statecharts: the app, the diagram viewer and the path tests all
 * find the machines here. Later workflows (order wizard, pause/activate, returns,
 * recharge, debugger) join this list.
 */
import { sessionMachine } from './session.machine';

export const MACHINES = {
  session: {
    machine: sessionMachine,
    title: 'Session',
    description: 'Sign in, terms and profile gates, idle timer, switch user, sign out with a reason.',
  },
} as const;

export type MachineName = keyof typeof MACHINES;
export { sessionMachine };
