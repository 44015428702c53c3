/**
 * The catalogue of statecharts: the app, the diagram viewer and the path tests all
 * find the machines here. Later workflows (order wizard, pause/activate, returns,
 * recharge, debugger) join this list.
 */
import { idleMachine } from './idle.machine';
import { leadReturnMachine } from './leadReturn.machine';
import { orderStatusMachine } from './orderStatus.machine';
import { orderWizardMachine } from './orderWizard.machine';
import { pingPostMachine } from './pingPost.machine';
import { rechargeMachine } from './recharge.machine';
import { sessionMachine } from './session.machine';
import { switchUserMachine } from './switchUser.machine';

export const MACHINES = {
  session: {
    machine: sessionMachine,
    title: 'Session',
    description: 'Sign in (password or SSO link), profile and terms gates, the signed-in app, sign out with a reason.',
  },
  idle: {
    machine: idleMachine,
    title: 'Idle timer',
    description: 'Invoked by the session: 840 s without input open "Still working?", 60 s more sign out.',
  },
  switchUser: {
    machine: switchUserMachine,
    title: 'Switch user',
    description: 'Invoked by the session for each switch: an admin asks to act as another user; the server decides.',
  },
  orderWizard: {
    machine: orderWizardMachine,
    title: 'Order wizard',
    description: 'Product, vertical and type start a draft; seven steps create an order (each saved as it is left), or five edit one behind a save-or-discard prompt.',
  },
  orderStatus: {
    machine: orderStatusMachine,
    title: 'Pause and activate an order',
    description: 'The pause modal (a reason, 1 day up to the role\'s maximum or indefinitely; on a paused order, when it comes back) and activation; every server answer with its text.',
  },
  recharge: {
    machine: rechargeMachine,
    title: 'Recharge',
    description: 'Billing recharge tab: continuous billing or (super admin) a monthly subscription, saved or deactivated; each outcome with its text.',
  },
  leadReturn: {
    machine: leadReturnMachine,
    title: 'Lead return',
    description: 'A lead\'s return, as the agent or the reviewer sees it: requested with a reason, approved (refunded) or denied with one of 14 reasons, disputed within 10 days (never a quoted lead), dispute denied or approved.',
  },
  pingPost: {
    machine: pingPostMachine,
    title: 'Vendor API debugger',
    description: 'Ping, post and ping-post of leads and calls through the debug proxy: a matched ping stores its ping id (a matched call its call id); a ping-post uses the latest and removes it.',
  },
} as const;

export { idleMachine, leadReturnMachine, orderStatusMachine, orderWizardMachine, pingPostMachine, rechargeMachine, sessionMachine, switchUserMachine };
