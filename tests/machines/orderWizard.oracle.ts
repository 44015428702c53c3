import type { EventObject } from 'xstate';
import type { WizardContext, WizardData, WizardInput } from '../../machines/orderWizard.machine';
import { ORDER_MSG, orderCreated } from '../../src/domain/orders/messages';
import { confirmAvailable } from '../../src/domain/orders/packages';
import { CREATE_STEPS, EDIT_FLOW, EDIT_STEPS, type OrderSettings, type Step } from '../../src/domain/orders/types';
import { leafKey, type Oracle, type Snap, type StateSpec, type Target } from './oracle';

/**
 * The order wizard's oracle, written from document 001 (sections 2, 4, 5, 8) rather than
 * from the machine: the step order of each flow (the domain's one constant), when a step
 * may be left, where leaving leads, what is saved and what the screen says. Each step's
 * validity is a table of its own (VALID), for the settings the fixtures make, so a wrong
 * rule in the domain is not copied into the expectation.
 */

const ctx = (s: Snap) => s.context as WizardContext;
const data = (s: Snap) => ctx(s).data as WizardData;

/** The steps this wizard shows, in order: vendors only when the package toggles vendors. */
function stepsShown(s: Snap): Step[] {
  const order: readonly Step[] = ctx(s).mode === 'create' ? CREATE_STEPS : EDIT_FLOW;
  return order.filter((st) => st !== 'vendors' || data(s).pkg?.canToggleVendors === true);
}

const hours = (week: OrderSettings['schedule']) => Object.values(week).reduce((n, day) => n + (day as unknown[]).length, 0);

/**
 * When a step is complete (document 001 sections 4 and 5), for an agent's lead order as the
 * fixtures make it. A step whose rules need a package (vendors, options) has nothing to
 * check before one is chosen.
 */
const VALID: Record<Step, (s: OrderSettings, d: WizardData) => boolean> = {
  package: (s, d) => d.pkg !== null && s.packageId === d.pkg.id,
  // 'Must have at least 40 hours selected.'
  schedule: (s) => hours(s.schedule) >= 40,
  // 'Must have at least one Zip Code selected'
  territory: (s) => s.territory.zips.some((z) => z.enabled),
  // A package that toggles vendors needs one of its vendors ('Need to have at least 1 vendor
  // selected.'); one that does not keeps them all (or names none).
  vendors: (s, d) => {
    if (!d.pkg) return true;
    const own = d.pkg.vendors.map((v) => v.id);
    if (!s.vendorIds.every((id) => own.includes(id))) return false;
    return d.pkg.canToggleVendors ? s.vendorIds.length > 0 : s.vendorIds.length === 0 || s.vendorIds.length === own.length;
  },
  // At least one channel; an email channel has 1 to 10 addresses.
  delivery: (s) => s.channels.length > 0 && s.channels.every((c) => c.type !== 'email' || ((c.emails?.length ?? 0) > 0 && (c.emails?.length ?? 0) <= 10)),
  // The maximum bid lies between the package's floor and $50 (leads).
  options: (s, d) => !d.pkg || (s.maxBidCents !== null && s.maxBidCents >= d.pkg.maxBidFloorCents && s.maxBidCents <= 5000),
  confirmation: (s) => s.name.trim().length > 0 && s.name.trim().length <= 100,
};

/** A step's validity per the table (edit mode: package always valid). */
function valid(s: Snap, step: Step): boolean {
  if (ctx(s).mode === 'edit' && step === 'package') return true;
  return VALID[step](ctx(s).settings!, data(s));
}

/** Does this event go to an earlier step of the wizard? Going back is always allowed. */
function goesBack(s: Snap, from: Step, e: EventObject): boolean {
  const steps = stepsShown(s);
  const to = expectedTarget(s, from, e);
  return to !== null && steps.indexOf(to) < steps.indexOf(from);
}

/** Where Next, Previous or a sidebar GOTO leads from a step, or null when it cannot. */
export function expectedTarget(s: Snap, from: Step, e: EventObject): Step | null {
  const steps = stepsShown(s);
  if (e.type === 'GOTO') {
    const to = (e as EventObject & { step: Step }).step;
    return to !== from && steps.includes(to) ? to : null;
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
  return CREATE_STEPS.find((st) => fields.length > 0 && fields.every((f) => STEP_FIELDS[st].includes(f))) ?? null;
}

/** One step of either flow: what it takes and where each event leads, given the fixtures offered. */
function stepSpec(mode: 'create' | 'edit', step: Step, fixtures: readonly EventObject[]): StateSpec {
  const edited = mode === 'create' || (EDIT_STEPS as readonly Step[]).includes(step);
  return {
      tags: step === 'confirmation' ? [step] : [step, 'sidebar'],
      on: (s) => {
        const on: Record<string, Target> = {};
        const here = `${mode}.${step}`;
        const ok = valid(s, step);
        const leave = (e: EventObject) => {
          if (step === 'vendors' && fewVendorsDue(s)) return here;
          // A draft's valid step is saved on the way; one that cannot be saved is left as it is.
          if (mode === 'create') return ok ? 'create.saving' : `create.${expectedTarget(s, step, e)}`;
          return edited && unsaved(s, step) ? 'edit.prompt' : `edit.${expectedTarget(s, step, e)}`;
        };
        // Next leaves a valid step; a refused Next stays (counted, and said).
        if (expectedTarget(s, step, { type: 'NEXT' })) on.NEXT = ok ? leave : here;
        // Each step but the first has a previous one, always open.
        if (expectedTarget(s, step, { type: 'PREVIOUS' })) on.PREVIOUS = leave;
        // The sidebar jumps anywhere from a valid step, and back from any.
        if (ok || fixtures.some((e) => e.type === 'GOTO' && goesBack(s, step, e))) on.GOTO = leave;
        if (ctx(s).message) on.DISMISS = here;
        // A view edits only the step on screen.
        if (edited && step !== 'package' && fixtures.some((e) => changeStep(e) === step)) on.CHANGE = here;
        if (step === 'package') {
          on.SELECT_PACKAGE = here;
          if (mode === 'create') on.CANCEL = 'cancelled';
        }
        if (mode === 'create' && step === 'confirmation' && CREATE_STEPS.every((st) => valid(s, st)) && confirmAvailable(data(s).pkg!, data(s).viewer))
          on.CONFIRM = 'create.confirming';
        return on;
      },
      context: {
        'the sidebar shows each step valid exactly when its rules pass': (s) => CREATE_STEPS.every((st) => (ctx(s).errors[st].length === 0) === valid(s, st)),
        'nothing is on the way out': (s) => ctx(s).from === null && ctx(s).target === null,
      },
  };
}

const output = (e: EventObject) => (e as EventObject & { output: { ok: boolean; message?: string; data?: WizardData } }).output;
const startOf = (d: WizardData, requested: Step | null, mode: 'create' | 'edit'): Step => {
  const shown = (mode === 'create' ? CREATE_STEPS : EDIT_FLOW).filter((st) => st !== 'vendors' || d.pkg?.canToggleVendors === true);
  if (requested && (shown as Step[]).includes(requested)) return requested;
  // An edit opens at its first routed step (territory), a draft where it was made to start.
  return mode === 'create' ? d.startStep : 'territory';
};

/**
 * Where a wizard opens (document 001 section 8): an order's edit loads the order; a clone
 * or a recommended order is made first; a draft by id loads; the start screens begin at the
 * product, or at the vertical of the product the route names.
 */
function openingOf(input: WizardInput): string {
  if (input.mode === 'edit') return 'loadingOrder';
  if (input.mode === 'clone' || input.mode === 'recommended') return 'copyingJob';
  if (input.mode === 'create' && input.id) return 'loadingJob';
  if (input.product === 'calls') return 'start.callVertical';
  return input.product === 'leads' ? 'start.vertical' : 'start.product';
}

/**
 * The oracle of a wizard opened with `input` (the step asked for and the id are the
 * input's, never read back from the machine), given the user events its fixtures offer.
 * Without an input (the catalogue's oracle of every event) the machine's own record stands in.
 */
export const wizardOracle = (fixtures: readonly EventObject[], input?: WizardInput): Oracle => {
  const requested = (s: Snap) => (input ? (input.step ?? null) : ctx(s).requestedStep);
  const loaded = (mode: 'create' | 'edit', failTo: string) => (e: EventObject, before: Snap) =>
    output(e).ok ? `${mode}.${startOf(output(e).data!, requested(before), mode)}` : failTo;
  const idOf = (s: Snap) => (input ? input.id : ctx(s).id);
  const copied = (s: Snap) => (input ? { kind: input.mode, id: input.id } : ctx(s).copyOf);
  return {
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
    copyingJob: { tags: ['loading'], on: { 'done:copyJob': loaded('create', 'failed'), 'error:copyJob': 'failed' } },
    loadingJob: { tags: ['loading'], on: { 'done:loadJob': loaded('create', 'failed'), 'error:loadJob': 'failed' } },
    loadingOrder: { tags: ['loading'], on: { 'done:loadOrder': loaded('edit', 'failed'), 'error:loadOrder': 'failed' } },
    ...Object.fromEntries(CREATE_STEPS.map((st) => [`create.${st}`, stepSpec('create', st, fixtures)])),
    ...Object.fromEntries(CREATE_STEPS.map((st) => [`edit.${st}`, stepSpec('edit', st, fixtures)])),
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
      // A step left going back may not be valid: then it can only be discarded.
      on: (s) => ({ ...(data(s).canSave && valid(s, ctx(s).from!) ? { SAVE: 'edit.saving' } : {}), DISCARD: (_, b) => `edit.${ctx(b).target}`, STAY: (_, b) => `edit.${ctx(b).from}` }),
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
  // What each server call is given (document 001 section 8): the choices of the start
  // screens; the draft or order opened; leaving a draft's step saves that whole step, an
  // order's edit only the fields changed; confirming sends the draft's name and the status
  // chosen (the paths confirm as active).
  callFaults: (id, input, s) => {
    const c = ctx(s);
    const fieldsOf = (o: object, step: Step) => Object.fromEntries(STEP_FIELDS[step].map((f) => [f, (o as Record<string, unknown>)[f]]));
    const changed = (step: Step) => {
      const now = fieldsOf(c.settings!, step);
      const was = fieldsOf(c.saved!, step);
      return Object.fromEntries(Object.entries(now).filter(([f, v]) => JSON.stringify(v) !== JSON.stringify(was[f])));
    };
    const want: Record<string, () => unknown> = {
      createJob: () => ({ vertical: c.vertical, product: c.product, group: c.group }),
      copyJob: () => copied(s),
      loadJob: () => ({ id: idOf(s) }),
      loadOrder: () => ({ id: idOf(s) }),
      saveJob: () => ({ id: data(s).id, patch: fieldsOf(c.settings!, c.from!) }),
      saveOrder: () => ({ id: data(s).id, patch: changed(c.from!) }),
      confirmJob: () => ({ id: data(s).id, status: 'active', name: c.settings!.name }),
    };
    const w = want[id]?.();
    return JSON.stringify(input) === JSON.stringify(w) ? [] : [`${id} is sent ${JSON.stringify(w)}, got ${JSON.stringify(input)}`];
  },
  startFaults: (input, s) => [
    ...(leafKey(s.value) === openingOf(input as WizardInput) ? [] : [`a wizard opened as ${JSON.stringify(input)} is at ${leafKey(s.value)}, expected ${openingOf(input as WizardInput)}`]),
    ...(ctx(s).message === null ? [] : ['a fresh wizard shows no message']),
    ...(ctx(s).refusedNext === 0 ? [] : ['a fresh wizard has refused nothing']),
    ...(!ctx(s).vendorWarned && ctx(s).serverErrors.length === 0 ? [] : ['a fresh wizard has warned of nothing']),
  ],
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
    if (['NEXT', 'PREVIOUS', 'GOTO'].includes(e.type) && leafKey(after.value) === leafKey(before.value) && stepBefore === 'vendors' && valid(before, 'vendors')) {
      if (a.message?.text !== ORDER_MSG.fewVendors || !a.vendorWarned) faults.push('the vendor warning is not shown');
    }
    // A refused Next is counted; its warning is the step's first error, but for the steps
    // that show their own (the map's and the week's warnings).
    const refused = e.type === 'NEXT' && stepBefore !== undefined && leafKey(after.value) === leafKey(before.value) && !valid(before, stepBefore);
    if (refused) {
      if (a.refusedNext !== b.refusedNext + 1) faults.push(`a refused Next counts ${a.refusedNext} after ${b.refusedNext}`);
      const own = stepBefore === 'territory' || stepBefore === 'schedule';
      const want = own ? b.message : { kind: 'warning', text: b.errors[stepBefore][0]?.message };
      if (JSON.stringify(a.message) !== JSON.stringify(want)) faults.push(`a refused Next on ${stepBefore} says ${JSON.stringify(a.message)}`);
    } else if (a.refusedNext !== b.refusedNext) faults.push(`${e.type} changed the refused-Next count`);
    // Going back from a draft's step that cannot be saved keeps its edits, unsaved.
    if (['PREVIOUS', 'GOTO'].includes(e.type) && a.mode === 'create' && stepBefore && !valid(before, stepBefore) && leafKey(after.value) !== leafKey(before.value)) {
      if (JSON.stringify(a.settings) !== JSON.stringify(b.settings) || JSON.stringify(a.saved) !== JSON.stringify(b.saved)) faults.push('going back lost or saved the edits');
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
        const errors = (o as unknown as { errors?: unknown[] }).errors ?? [];
        if (done[2] !== 'confirmJob' && JSON.stringify(a.serverErrors) !== JSON.stringify(errors)) faults.push('a refusal’s field errors are not shown');
        if (JSON.stringify(a.settings) !== JSON.stringify(b.settings)) faults.push('a refused save changed what is on screen');
      } else if (done[2] === 'saveOrder' && a.message?.text !== ORDER_MSG.updated) faults.push(`a saved edit shows ${a.message?.text}`);
      else if (done[2] === 'saveJob' && (a.message !== null || a.serverErrors.length)) faults.push('a saved draft step still shows a message or field errors');
      else if (done[2] === 'saveJob') {
        // The saved step is the server's answer; steps left unsaved going back keep their edits.
        const saved = (o as unknown as { settings: OrderSettings }).settings;
        if (JSON.stringify(a.saved) !== JSON.stringify(saved)) faults.push('the draft saved is not the server’s answer');
        const shown = CREATE_STEPS.every((st) => JSON.stringify(pick(a.settings!, st)) === JSON.stringify(pick(st === b.from ? saved : b.settings!, st)));
        if (!shown) faults.push('a saved draft is not what is on screen');
      }
    }
    if (e.type === 'DISCARD' && JSON.stringify(a.settings) !== JSON.stringify(b.saved)) faults.push('discarding kept the changes');
    // Back to the product: the product and vertical chosen are forgotten.
    if (e.type === 'BACK' && (a.product !== null || a.vertical !== null)) faults.push(`BACK kept ${a.product} ${a.vertical}`);
    // The type chosen is the draft's, and a new try clears the last refusal.
    if (e.type === 'TYPE' && (a.group !== (e as EventObject & { group: string | null }).group || a.message !== null)) faults.push(`TYPE left group ${a.group}, message ${a.message?.text}`);
    // A draft or order that does not open says the server's reason, else that it failed.
    const opened = /^xstate\.(done|error)\.actor\.(createJob|copyJob|loadJob|loadOrder)$/.exec(e.type);
    if (opened) {
      const o = opened[1] === 'done' ? output(e) : null;
      const want = o === null ? ORDER_MSG.updateFailed : o.ok ? null : o.message || ORDER_MSG.updateFailed;
      if ((a.message?.text ?? null) !== want || (want !== null && a.message?.kind !== 'error')) faults.push(`opening says ${JSON.stringify(a.message)}, expected ${want}`);
    }
    // Saved: the package is the server's when it names one, else the wizard's own.
    if (/^xstate\.done\.actor\.save(Job|Order)$/.exec(e.type) && output(e).ok) {
      const pkg = (output(e) as unknown as { pkg: WizardData['pkg'] }).pkg ?? data(before).pkg;
      if (JSON.stringify(data(after).pkg) !== JSON.stringify(pkg)) faults.push('the saved package is not the server’s nor the wizard’s own');
    }
    // Choosing a package resets the vendor warning; an order's own package is no change to warn about.
    if (e.type === 'SELECT_PACKAGE') {
      const id = (e as EventObject & { packageId: number }).packageId;
      if (a.mode === 'create' && a.vendorWarned) faults.push('a new package kept the vendor warning');
      if (a.mode === 'edit' && id === data(before).pkg?.id) faults.push('choosing the order’s own package warned');
    }
    // A change clears the server's field errors; a change of vendors shows the warning again.
    if (e.type === 'CHANGE') {
      const patch = (e as EventObject & { patch: object }).patch;
      if (a.serverErrors.length) faults.push('a change kept the server’s field errors');
      if (a.vendorWarned !== ('vendorIds' in patch ? false : b.vendorWarned)) faults.push(`a change left the vendor warning ${a.vendorWarned}`);
    }
    if (e.type === 'DISMISS' && a.message !== null) faults.push('the message stays');
    // A change of no field, or of another step's, is refused (the walk takes only what the wizard accepts).
    if (e.type === 'CHANGE' && changeStep(e) !== stepBefore) faults.push(`a change of ${JSON.stringify(Object.keys((e as EventObject & { patch: object }).patch))} was taken on ${stepBefore}`);
    if (e.type === 'CHANGE' && JSON.stringify(a.settings) !== JSON.stringify({ ...b.settings, ...(e as EventObject & { patch: object }).patch }))
      faults.push('a change is not what is on screen');
    return faults;
  },
  };
};
