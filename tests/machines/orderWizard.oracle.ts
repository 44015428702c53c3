import type { EventObject } from 'xstate';
import type { WizardContext, WizardData } from '../../machines/orderWizard.machine';
import { ORDER_MSG, orderCreated } from '../../src/domain/orders/messages';
import { confirmAvailable } from '../../src/domain/orders/packages';
import { stepErrors } from '../../src/domain/orders/settings';
import type { Step } from '../../src/domain/orders/types';
import { leafKey, type Oracle, type Snap, type StateSpec, type Target } from './oracle';

/**
 * The order wizard's oracle, written from document 001 (sections 2, 4, 5, 8) rather than
 * from the machine: the step order of each flow, when a step may be left, where leaving
 * leads, what is saved and what the screen says. Validity comes from the domain's rules
 * (they are tested on their own); what is checked here is the flow around them.
 */

const CREATE_ORDER: Step[] = ['package', 'schedule', 'territory', 'vendors', 'delivery', 'options', 'confirmation'];
const EDIT_ORDER: Step[] = ['territory', 'vendors', 'delivery', 'options', 'schedule'];

const ctx = (s: Snap) => s.context as WizardContext;
const data = (s: Snap) => ctx(s).data as WizardData;

/** The steps this wizard shows: vendors only when the package toggles vendors. */
function stepsShown(s: Snap): Step[] {
  const order = ctx(s).mode === 'create' ? CREATE_ORDER : EDIT_ORDER;
  return order.filter((st) => st !== 'vendors' || data(s).pkg?.canToggleVendors === true);
}

/** The spec's validity of a step, straight from the rules (edit mode: package always valid). */
function valid(s: Snap, step: Step): boolean {
  if (ctx(s).mode === 'edit' && step === 'package') return true;
  const d = data(s);
  return stepErrors(step, ctx(s).settings!, { pkg: d.pkg, viewer: d.viewer, product: d.product }).length === 0;
}

/** Where Next, Previous or a sidebar GOTO leads from a step, or null when it cannot. */
export function expectedTarget(s: Snap, from: Step, e: EventObject): Step | null {
  const steps = stepsShown(s);
  if (e.type === 'GOTO') {
    const to = (e as EventObject & { step: Step }).step;
    return to !== from && (steps.includes(to) || to === 'package' || to === 'confirmation') ? to : null;
  }
  const at = steps.indexOf(from);
  if (e.type === 'NEXT') return at < 0 ? steps[0] : (steps[at + 1] ?? null);
  return at < 0 ? null : (steps[at - 1] ?? null);
}

const fewVendorsDue = (s: Snap) => {
  const n = ctx(s).settings!.vendorIds.length;
  return !ctx(s).vendorWarned && n > 0 && n <= 3;
};
const unsaved = (s: Snap, step: Step) => JSON.stringify(pick(ctx(s).settings!, step)) !== JSON.stringify(pick(ctx(s).saved!, step));
const STEP_FIELDS: Record<Step, string[]> = {
  package: ['packageId'],
  schedule: ['schedule'],
  territory: ['territory'],
  vendors: ['vendorIds', 'optimizerRatio'],
  delivery: ['channels', 'destinationNumber'],
  options: ['filters', 'questions', 'caps', 'maxBidCents', 'customPriceCents', 'withdrawalConfirmed', 'maxConcurrentCalls', 'billableCallDuration', 'matchPremiumSources'],
  confirmation: ['name'],
};
const pick = (o: object, step: Step) => STEP_FIELDS[step].map((f) => (o as Record<string, unknown>)[f]);

/** The step whose fields a change touches (every field of one step), else null. */
function changeStep(e: EventObject): Step | null {
  if (e.type !== 'CHANGE') return null;
  const fields = Object.keys((e as EventObject & { patch: object }).patch);
  return CREATE_ORDER.find((st) => fields.length > 0 && fields.every((f) => STEP_FIELDS[st].includes(f))) ?? null;
}

/** One step of either flow: what it takes and where each event leads, given the fixtures offered. */
function stepSpec(mode: 'create' | 'edit', step: Step, fixtures: readonly EventObject[]): StateSpec {
  const edited = mode === 'create' || EDIT_ORDER.includes(step);
  return {
    tags: step === 'confirmation' ? [step] : [step, 'sidebar'],
    on: (s) => {
      const on: Record<string, Target> = {};
      const here = `${mode}.${step}`;
      const leave = (e: EventObject) => {
        if (step === 'vendors' && fewVendorsDue(s)) return here;
        if (mode === 'create') return 'create.saving';
        return edited && unsaved(s, step) ? 'edit.prompt' : `edit.${expectedTarget(s, step, e)}`;
      };
      if (valid(s, step)) {
        for (const type of ['NEXT', 'PREVIOUS'] as const) if (expectedTarget(s, step, { type })) on[type] = leave;
        on.GOTO = leave; // the fixtures always hold another step of the wizard
      }
      if (ctx(s).message) on.DISMISS = here;
      // A view edits only the step on screen.
      if (edited && step !== 'package' && fixtures.some((e) => changeStep(e) === step)) on.CHANGE = here;
      if (step === 'package') {
        on.SELECT_PACKAGE = here;
        if (mode === 'create') on.CANCEL = 'cancelled';
      }
      if (mode === 'create' && step === 'confirmation' && CREATE_ORDER.every((st) => valid(s, st)) && confirmAvailable(data(s).pkg!, data(s).viewer))
        on.CONFIRM = 'create.confirming';
      return on;
    },
    context: {
      'the sidebar shows each step valid exactly when its rules pass': (s) => CREATE_ORDER.every((st) => (ctx(s).errors[st].length === 0) === valid(s, st)),
      'nothing is on the way out': (s) => ctx(s).from === null && ctx(s).target === null,
    },
  };
}

const output = (e: EventObject) => (e as EventObject & { output: { ok: boolean; message?: string; data?: WizardData } }).output;
const startOf = (d: WizardData, requested: Step | null, mode: 'create' | 'edit'): Step => {
  const shown = (mode === 'create' ? CREATE_ORDER : EDIT_ORDER).filter((st) => st !== 'vendors' || d.pkg?.canToggleVendors === true);
  if (requested && (shown.includes(requested) || requested === 'package' || requested === 'confirmation')) return requested;
  return mode === 'create' ? d.startStep : shown[0];
};

const loaded = (mode: 'create' | 'edit', failTo: string) => (e: EventObject, before: Snap) =>
  output(e).ok ? `${mode}.${startOf(output(e).data!, ctx(before).requestedStep, mode)}` : failTo;

export const wizardOracle = (fixtures: readonly EventObject[]): Oracle => ({
  key: (s) => leafKey(s.value),
  states: {
    'start.product': { tags: ['choose'], on: { PRODUCT: (e) => ((e as EventObject & { product: string }).product === 'calls' ? 'start.callVertical' : 'start.vertical') } },
    'start.vertical': { tags: ['choose'], on: { VERTICAL: 'start.type', BACK: 'start.product' } },
    'start.callVertical': { tags: ['choose'], on: { VERTICAL: 'start.type', BACK: 'start.product' } },
    'start.type': {
      tags: ['choose'],
      on: (s) => ({ TYPE: 'creatingJob', BACK: 'start.product', ...(ctx(s).message ? { DISMISS: 'start.type' } : {}) }),
      context: { 'a vertical is chosen': (s) => ctx(s).vertical !== null && ctx(s).product !== null },
    },
    creatingJob: {
      tags: ['loading'],
      on: { 'done:createJob': loaded('create', 'start.type'), 'error:createJob': 'start.type' },
    },
    loadingJob: { tags: ['loading'], on: { 'done:loadJob': loaded('create', 'failed'), 'error:loadJob': 'failed' } },
    loadingOrder: { tags: ['loading'], on: { 'done:loadOrder': loaded('edit', 'failed'), 'error:loadOrder': 'failed' } },
    ...Object.fromEntries(CREATE_ORDER.map((st) => [`create.${st}`, stepSpec('create', st, fixtures)])),
    ...Object.fromEntries(CREATE_ORDER.map((st) => [`edit.${st}`, stepSpec('edit', st, fixtures)])),
    'create.saving': {
      tags: ['saving'],
      on: {
        'done:saveJob': (e, b) => `create.${output(e).ok ? ctx(b).target : ctx(b).from}`,
        'error:saveJob': (_, b) => `create.${ctx(b).from}`,
      },
    },
    'create.confirming': {
      tags: ['saving'],
      on: { 'done:confirmJob': (e) => (output(e).ok ? 'created' : 'create.confirmation'), 'error:confirmJob': 'create.confirmation' },
    },
    'edit.prompt': {
      tags: ['prompt'],
      // Admins and users may save; a regional manager only discards or stays.
      on: (s) => ({ ...(data(s).canSave ? { SAVE: 'edit.saving' } : {}), DISCARD: (_, b) => `edit.${ctx(b).target}`, STAY: (_, b) => `edit.${ctx(b).from}` }),
      context: { 'the prompt knows where it came from and goes': (s) => ctx(s).from !== null && ctx(s).target !== null },
    },
    'edit.saving': {
      tags: ['saving'],
      on: {
        'done:saveOrder': (e, b) => `edit.${output(e).ok ? ctx(b).target : ctx(b).from}`,
        'error:saveOrder': (_, b) => `edit.${ctx(b).from}`,
      },
    },
    created: { tags: ['done'], on: {}, context: { 'the new order is named in the message': (s) => ctx(s).message?.text === orderCreated(ctx(s).settings!.name) } },
    cancelled: { tags: ['done'], on: {} },
    failed: { tags: ['failed'], on: {}, context: { 'the failure is said': (s) => ctx(s).message?.kind === 'error' } },
  },
  emits: () => [],
  startFaults: (_input, s) => (ctx(s).message === null ? [] : ['a fresh wizard shows no message']),
  stepFaults: (e, before, after) => {
    const faults: string[] = [];
    const b = ctx(before);
    const a = ctx(after);
    const stepBefore = leafKey(before.value).split('.')[1] as Step | undefined;
    // Leaving a step aims at the step the flow says.
    if (['NEXT', 'PREVIOUS', 'GOTO'].includes(e.type) && /^(create|edit)\.(saving|prompt)$/.test(leafKey(after.value))) {
      const want = expectedTarget(before, stepBefore!, e);
      if (a.target !== want || a.from !== stepBefore) faults.push(`leaving ${stepBefore} aims at ${a.target} from ${a.from}, expected ${want}`);
    }
    if (['NEXT', 'PREVIOUS', 'GOTO'].includes(e.type) && leafKey(after.value) === leafKey(before.value) && stepBefore === 'vendors') {
      if (a.message?.text !== ORDER_MSG.fewVendors || !a.vendorWarned) faults.push('the vendor warning is not shown');
    }
    if (e.type === 'SELECT_PACKAGE' && a.mode === 'edit' && a.message?.text !== ORDER_MSG.packageLocked) faults.push('another package is not warned about');
    if (e.type === 'SELECT_PACKAGE' && a.mode === 'create' && a.settings?.packageId !== (e as EventObject & { packageId: number }).packageId)
      faults.push('the package chosen is not the draft’s');
    const done = /^xstate\.(done|error)\.actor\.(saveJob|saveOrder|confirmJob)$/.exec(e.type);
    if (done) {
      const o = done[1] === 'done' ? output(e) : null;
      if (!o) {
        if (a.message?.text !== ORDER_MSG.updateFailed) faults.push(`an unreachable server shows ${a.message?.text}`);
      } else if (!o.ok) {
        if (a.message?.text !== (o.message || ORDER_MSG.updateFailed)) faults.push(`a refusal shows ${a.message?.text}`);
        if (JSON.stringify(a.settings) !== JSON.stringify(b.settings)) faults.push('a refused save changed what is on screen');
      } else if (done[2] === 'saveOrder' && a.message?.text !== ORDER_MSG.updated) faults.push(`a saved edit shows ${a.message?.text}`);
      else if (done[2] === 'saveJob' && JSON.stringify(a.saved) !== JSON.stringify(a.settings)) faults.push('a saved draft is not what is on screen');
    }
    if (e.type === 'DISCARD' && JSON.stringify(a.settings) !== JSON.stringify(b.saved)) faults.push('discarding kept the changes');
    if (e.type === 'DISMISS' && a.message !== null) faults.push('the message stays');
    if (e.type === 'CHANGE' && JSON.stringify(a.settings) !== JSON.stringify({ ...b.settings, ...(e as EventObject & { patch: object }).patch }))
      faults.push('a change is not what is on screen');
    return faults;
  },
});
