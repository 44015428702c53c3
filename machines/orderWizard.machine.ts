import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ORDER_MSG, orderCreated } from '../src/domain/orders/messages';
import { confirmAvailable } from '../src/domain/orders/packages';
import { STEP_FIELDS, settingsForPackage, stepErrors, stepOfField, stepsOf } from '../src/domain/orders/settings';
import { CREATE_STEPS, EDIT_ENTRY, EDIT_STEPS, type FieldError, type OrderPackage, type OrderSettings, type Product, type SettingsPatch, type Step, type Vertical,
  type Viewer } from '../src/domain/orders/types';
import { fewVendorsWarning } from '../src/domain/orders/vendors';
import type { Outcome } from '../src/domain/outcome';

/**
 * The order wizard (document 001 sections 2, 4 and 5). It starts with the product,
 * vertical and type (or group) and creates a draft (a job), or copies one from an order or
 * a recommended package, and walks the create flow's steps; or it opens a draft or an
 * existing order at a step. Leaving a step saves the step's fields by a partial update:
 * always for a draft, and for an order after the save-or-discard prompt (regional managers
 * may only discard). Next leaves only a valid step, and a refused Next is counted and
 * warned about here; going back is always allowed (a draft's step that cannot be saved
 * keeps its edits unsaved). Every step is a tag; the view reads each step's validity from
 * the context and shows the message.
 */

export type WizardMode = 'create' | 'edit';

/** What the wizard opened: a draft (job) or an order, as the server answered it. */
export interface WizardData {
  id: number;
  vertical: Vertical;
  product: Product;
  settings: OrderSettings;
  pkg: OrderPackage | null;
  viewer: Viewer;
  /** The choosable packages (create mode); the order's own (edit mode). */
  packages: OrderPackage[];
  /** Where a fresh draft starts: package, or territory for a clone or a recommended order. */
  startStep: Step;
  canSave: boolean;
}

export type Loaded = Outcome<{ data: WizardData }>;
export type Saved = Outcome<{ settings: OrderSettings; pkg: OrderPackage | null }>;
export type Confirmed = Outcome<{ orderId: number; name: string }>;

/** A draft copied from an order (clone) or made from a recommended package. */
export interface CopySource {
  kind: 'clone' | 'recommended';
  /** The order's id (clone) or the package's (recommended). */
  id: number;
}

export interface WizardInput {
  /**
   * 'start' begins at the product choice; create and edit open an id at a step; clone and
   * recommended make a draft from an order or a package (id) and open it.
   */
  mode: 'start' | WizardMode | CopySource['kind'];
  id?: number | null;
  step?: Step | null;
  /** The call-product variant of /product starts at callVertical. */
  product?: Product | null;
}

export interface Message {
  kind: 'success' | 'error' | 'warning';
  text: string;
}

export interface WizardContext {
  mode: WizardMode;
  id: number | null;
  requestedStep: Step | null;
  vertical: Vertical | null;
  product: Product | null;
  group: string | null;
  data: WizardData | null;
  settings: OrderSettings | null;
  saved: OrderSettings | null;
  /** Each step's field errors: a step is valid when it has none. */
  errors: Record<Step, FieldError[]>;
  /** The step being left and where to go, while saving or prompting. */
  from: Step | null;
  target: Step | null;
  vendorWarned: boolean;
  message: Message | null;
  /** Field errors the server answered to the last save. */
  serverErrors: FieldError[];
  orderId: number | null;
  /** What the draft is copied from, while it is made. */
  copyOf: CopySource | null;
  /** Refused Nexts so far: the territory and schedule steps show their own warnings by it. */
  refusedNext: number;
}

export type WizardEvent =
  | { type: 'PRODUCT'; product: Product }
  | { type: 'VERTICAL'; vertical: Vertical }
  | { type: 'TYPE'; group: string | null }
  | { type: 'BACK' }
  | { type: 'CHANGE'; patch: SettingsPatch }
  | { type: 'SELECT_PACKAGE'; packageId: number }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'GOTO'; step: Step }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM'; status: 'active' | 'inactive' }
  | { type: 'SAVE' }
  | { type: 'DISCARD' }
  | { type: 'STAY' }
  | { type: 'DISMISS' };

const STEPS = CREATE_STEPS;
/** Steps that show why Next was refused themselves (on the map, on the week): no toast. */
const SHOWS_OWN_REFUSAL: readonly Step[] = ['territory', 'schedule'];
const NO_ERRORS = (): Record<Step, FieldError[]> => Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as Record<Step, FieldError[]>;

/** The steps of this wizard, in order (the edit flow's routed steps in edit mode). */
export const wizardSteps = (c: Pick<WizardContext, 'mode' | 'data'>): Step[] => stepsOf(c.data?.pkg ?? null, c.mode);

/** Each step's errors for these settings. In edit mode the package step is always valid. */
export function errorsOf(c: Pick<WizardContext, 'mode' | 'data' | 'settings'>): Record<Step, FieldError[]> {
  const errors = NO_ERRORS();
  if (!c.data || !c.settings) return errors;
  const rc = { pkg: c.data.pkg, viewer: c.data.viewer, product: c.data.product };
  for (const s of STEPS) errors[s] = c.mode === 'edit' && s === 'package' ? [] : stepErrors(s, c.settings, rc);
  return errors;
}

export const stepValid = (c: Pick<WizardContext, 'errors'>, s: Step): boolean => c.errors[s].length === 0;

/** The step after (or before) this one in this wizard, or null at an end. */
export function neighbour(c: Pick<WizardContext, 'mode' | 'data'>, from: Step, by: 1 | -1): Step | null {
  const steps = wizardSteps(c);
  const at = steps.indexOf(from);
  // From a step this wizard does not show (at -1), Next leads to its first step.
  return steps[at + by] ?? null;
}

/** The fields of a step that differ from what was saved. */
export function changedFields(c: Pick<WizardContext, 'settings' | 'saved'>, step: Step): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const f of STEP_FIELDS[step]) if (JSON.stringify(c.settings![f]) !== JSON.stringify(c.saved![f])) patch[f] = c.settings![f];
  return patch as SettingsPatch;
}

const stepPatch = (c: WizardContext, step: Step): SettingsPatch =>
  Object.fromEntries(STEP_FIELDS[step].map((f) => [f, c.settings![f]])) as SettingsPatch;

/** The step a freshly opened wizard shows: the route's if the wizard has it, else where the flow starts. */
function entryStep(c: WizardContext): Step {
  const r = c.requestedStep;
  if (r && wizardSteps(c).includes(r)) return r;
  return c.mode === 'create' ? c.data!.startStep : EDIT_ENTRY;
}

/** Where leaving a step for this event leads: a GOTO's step, else the next or previous one. */
function targetOf(c: WizardContext, e: WizardEvent, from: Step): Step | null {
  return e.type === 'GOTO' ? e.step : neighbour(c, from, e.type === 'PREVIOUS' ? -1 : 1);
}

/** May the step on screen be left for this event? For a step the wizard has: back always, on only from a valid step. */
function leavable(c: WizardContext, e: WizardEvent, from: Step): boolean {
  const steps = wizardSteps(c);
  const to = targetOf(c, e, from);
  if (to === null || to === from || !steps.includes(to)) return false;
  return stepValid(c, from) || steps.indexOf(to) < steps.indexOf(from);
}

/** The edit flow's routed steps: the ones whose changes are saved or discarded. */
const EDITED_STEPS = EDIT_STEPS;

export const orderWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: {
    createJob: fromPromise<Loaded, { vertical: Vertical; product: Product; group: string | null }>(async () => {
      throw new Error('provide the createJob actor');
    }),
    copyJob: fromPromise<Loaded, CopySource>(async () => {
      throw new Error('provide the copyJob actor');
    }),
    loadJob: fromPromise<Loaded, { id: number }>(async () => {
      throw new Error('provide the loadJob actor');
    }),
    loadOrder: fromPromise<Loaded, { id: number }>(async () => {
      throw new Error('provide the loadOrder actor');
    }),
    saveJob: fromPromise<Saved, { id: number; patch: SettingsPatch }>(async () => {
      throw new Error('provide the saveJob actor');
    }),
    saveOrder: fromPromise<Saved, { id: number; patch: SettingsPatch }>(async () => {
      throw new Error('provide the saveOrder actor');
    }),
    confirmJob: fromPromise<Confirmed, { id: number; status: 'active' | 'inactive'; name: string }>(async () => {
      throw new Error('provide the confirmJob actor');
    }),
  },
  guards: {
    copies: ({ context }) => context.copyOf !== null,
    startsAtProduct: ({ context }) => context.mode === 'create' && context.id === null && context.product === null,
    startsAtCallVertical: ({ context }) => context.id === null && context.product === 'calls',
    startsAtVertical: ({ context }) => context.id === null,
    opensOrder: ({ context }) => context.mode === 'edit',
    isCalls: ({ event }) => {
      assertEvent(event, 'PRODUCT');
      return event.product === 'calls';
    },
    accepted: (_, o: { ok: boolean }) => o.ok,
    /** Enter this step: the requested one if the wizard has it, else where the flow starts. */
    entersAt: ({ context }, p: { step: Step }) => entryStep(context) === p.step,
    entersEditAt: ({ context }, p: { step: Step }) => context.mode === 'edit' && entryStep(context) === p.step,
    targetIs: ({ context }, p: { step: Step }) => context.target === p.step,
    fromIs: ({ context }, p: { step: Step }) => context.from === p.step,
    /** A change may touch only the fields of the step on screen. */
    ownsChange: ({ event }, p: { step: Step }) => {
      assertEvent(event, 'CHANGE');
      const fields = Object.keys(event.patch);
      return fields.length > 0 && fields.every((f) => stepOfField(f) === p.step);
    },
    canLeave: ({ context, event }, p: { step: Step }) => leavable(context, event, p.step),
    /** Create mode: leaving a valid step saves it; going back from one that cannot be saved does not. */
    savesOnLeaving: ({ context, event }, p: { step: Step }) => leavable(context, event, p.step) && stepValid(context, p.step),
    vendorWarningDue: ({ context, event }, p: { step: Step }) =>
      leavable(context, event, p.step) && !context.vendorWarned && fewVendorsWarning(context.settings!.vendorIds.length) !== null,
    /** An order's package is fixed: choosing another one warns (its own is no change). */
    otherPackage: ({ context, event }) => {
      assertEvent(event, 'SELECT_PACKAGE');
      return event.packageId !== context.data!.pkg!.id;
    },
    choosable: ({ context, event }) => {
      assertEvent(event, 'SELECT_PACKAGE');
      return context.data!.packages.some((p) => p.id === event.packageId);
    },
    mayConfirm: ({ context }) =>
      context.data?.pkg != null && confirmAvailable(context.data.pkg, context.data.viewer) && STEPS.every((s) => stepValid(context, s)),
    /** The prompt saves only a step that may be saved (one left going back may be invalid). */
    maySave: ({ context }) => context.data!.canSave && stepValid(context, context.from!),
    /** Edit mode: leaving a valid step with unsaved changes asks first. */
    leavesUnsaved: ({ context, event }, p: { step: Step }) => leavable(context, event, p.step) && Object.keys(changedFields(context, p.step)).length > 0,

    hasMessage: ({ context }) => context.message !== null,
  },
  actions: {
    chooseProduct: assign(({ event }) => {
      assertEvent(event, 'PRODUCT');
      return { product: event.product };
    }),
    chooseVertical: assign(({ event }) => {
      assertEvent(event, 'VERTICAL');
      return { vertical: event.vertical };
    }),
    chooseGroup: assign(({ event }) => {
      assertEvent(event, 'TYPE');
      return { group: event.group, message: null };
    }),
    clearProduct: assign({ product: null, vertical: null }),
    clearVertical: assign({ vertical: null }),
    storeLoaded: assign(({ context }, o: Loaded) => {
      if (!o.ok) return {};
      const next = { ...context, data: o.data, id: o.data.id, vertical: o.data.vertical, product: o.data.product, settings: o.data.settings, saved: o.data.settings };
      return { data: o.data, id: o.data.id, vertical: o.data.vertical, product: o.data.product, settings: o.data.settings, saved: o.data.settings, errors: errorsOf(next), message: null };
    }),
    // Called on a refusal only (the accepted guard takes the rest).
    storeRefusal: assign((_, o: { ok: boolean; message?: string }) => ({ message: { kind: 'error' as const, text: o.message || ORDER_MSG.updateFailed } })),
    storeUnreachable: assign({ message: { kind: 'error', text: ORDER_MSG.updateFailed } }),
    applyChange: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      const settings = { ...context.settings!, ...event.patch };
      return { settings, errors: errorsOf({ ...context, settings }), serverErrors: [], vendorWarned: 'vendorIds' in event.patch ? false : context.vendorWarned };
    }),
    applyPackage: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_PACKAGE');
      const pkg = context.data!.packages.find((p) => p.id === event.packageId)!;
      const settings = settingsForPackage(context.settings!, pkg);
      const data = { ...context.data!, pkg };
      return { data, settings, errors: errorsOf({ ...context, data, settings }), vendorWarned: false };
    }),
    warnPackageLocked: assign({ message: { kind: 'warning', text: ORDER_MSG.packageLocked } }),
    warnFewVendors: assign({ vendorWarned: true, message: { kind: 'warning', text: ORDER_MSG.fewVendors } }),
    aim: assign(({ context, event }, p: { step: Step }) => ({ from: p.step, target: targetOf(context, event, p.step), message: null })),
    storeSaved: assign(({ context }, o: Saved) => {
      if (!o.ok) return {};
      const data = { ...context.data!, pkg: o.pkg ?? context.data!.pkg };
      // The server's answer is the truth, but for the steps left going back unsaved.
      const kept = STEPS.filter((st) => st !== context.from).map((st) => changedFields(context, st));
      const settings = Object.assign({ ...o.settings }, ...kept) as OrderSettings;
      return {
        data,
        saved: o.settings,
        settings,
        errors: errorsOf({ ...context, data, settings }),
        serverErrors: [],
        message: context.mode === 'edit' ? { kind: 'success' as const, text: ORDER_MSG.updated } : null,
      };
    }),
    storeSaveRefusal: assign((_, o: Saved) => (o.ok ? {} : { message: { kind: 'error' as const, text: o.message || ORDER_MSG.updateFailed }, serverErrors: o.errors ?? [] })),
    discard: assign(({ context }) => {
      const settings = context.saved!;
      return { settings, errors: errorsOf({ ...context, settings }), message: null };
    }),
    clearTarget: assign({ from: null, target: null }),
    storeCreated: assign((_, o: Confirmed) => (o.ok ? { orderId: o.orderId, message: { kind: 'success' as const, text: orderCreated(o.name) } } : {})),
    dismiss: assign({ message: null }),
    /**
     * Next refused (only ever on an invalid step: every step but confirmation has a next):
     * counted, and the step's first error is the warning unless the step shows its own.
     */
    refuseNext: assign(({ context }, p: { step: Step }) => ({
      refusedNext: context.refusedNext + 1,
      ...(SHOWS_OWN_REFUSAL.includes(p.step)
        ? {}
        : { message: { kind: 'warning' as const, text: context.errors[p.step][0].message } }),
    })),
  },
}).createMachine({
  id: 'orderWizard',
  context: ({ input }) => ({
    mode: input.mode === 'edit' ? 'edit' : 'create',
    id: input.mode === 'create' || input.mode === 'edit' ? (input.id ?? null) : null,
    requestedStep: input.step ?? null,
    vertical: null,
    product: input.product ?? null,
    group: null,
    data: null,
    settings: null,
    saved: null,
    errors: NO_ERRORS(),
    from: null,
    target: null,
    vendorWarned: false,
    message: null,
    serverErrors: [],
    orderId: null,
    copyOf: (input.mode === 'clone' || input.mode === 'recommended') && input.id ? { kind: input.mode, id: input.id } : null,
    refusedNext: 0,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'opensOrder', target: 'loadingOrder' },
        { guard: 'copies', target: 'copyingJob' },
        { guard: 'startsAtProduct', target: 'start.product' },
        { guard: 'startsAtCallVertical', target: 'start.callVertical' },
        { guard: 'startsAtVertical', target: 'start.vertical' },
        { target: 'loadingJob' },
      ],
    },
    start: {
      initial: 'product',
      states: {
        product: {
          tags: ['choose'],
          on: {
            PRODUCT: [
              { guard: 'isCalls', target: 'callVertical', actions: 'chooseProduct' },
              { target: 'vertical', actions: 'chooseProduct' },
            ],
          },
        },
        vertical: {
          tags: ['choose'],
          on: { VERTICAL: { target: 'type', actions: 'chooseVertical' }, BACK: { target: 'product', actions: 'clearProduct' } },
        },
        callVertical: {
          tags: ['choose'],
          on: { VERTICAL: { target: 'type', actions: 'chooseVertical' }, BACK: { target: 'product', actions: 'clearProduct' } },
        },
        type: {
          tags: ['choose'],
          on: {
            TYPE: { target: '#orderWizard.creatingJob', actions: 'chooseGroup' },
            BACK: { target: 'product', actions: 'clearProduct' },
            DISMISS: { guard: 'hasMessage', actions: 'dismiss' },
          },
        },
      },
    },
    creatingJob: {
      tags: ['loading'],
      invoke: {
        id: 'createJob',
        src: 'createJob',
        input: ({ context }) => ({ vertical: context.vertical!, product: context.product!, group: context.group }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'entering', actions: { type: 'storeLoaded', params: ({ event }) => event.output } },
          { target: 'start.type', actions: { type: 'storeRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'start.type', actions: 'storeUnreachable' },
      },
    },
    copyingJob: {
      tags: ['loading'],
      invoke: {
        id: 'copyJob',
        src: 'copyJob',
        input: ({ context }) => context.copyOf!,
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'entering', actions: { type: 'storeLoaded', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'storeRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'storeUnreachable' },
      },
    },
    loadingJob: {
      tags: ['loading'],
      invoke: {
        id: 'loadJob',
        src: 'loadJob',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'entering', actions: { type: 'storeLoaded', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'storeRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'storeUnreachable' },
      },
    },
    loadingOrder: {
      tags: ['loading'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ id: context.id! }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'entering', actions: { type: 'storeLoaded', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'storeRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'storeUnreachable' },
      },
    },
    entering: {
      // The requested step when the wizard has it, else where the flow starts.
      always: [
        ...STEPS.map((step) => ({ guard: { type: 'entersEditAt' as const, params: { step } }, target: `edit.${step}` })),
        ...STEPS.slice(0, -1).map((step) => ({ guard: { type: 'entersAt' as const, params: { step } }, target: `create.${step}` })),
        { target: 'create.confirmation' },
      ],
    },
    create: {
      initial: 'package',
      states: {
        ...Object.fromEntries(STEPS.map((step) => [step, stepState(step, 'create')])),
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveJob',
            src: 'saveJob',
            input: ({ context }) => ({ id: context.id!, patch: stepPatch(context, context.from!) }),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'going', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
              { target: 'back', actions: { type: 'storeSaveRefusal', params: ({ event }) => event.output } },
            ],
            onError: { target: 'back', actions: 'storeUnreachable' },
          },
        },
        going: going(STEPS),
        back: back(STEPS),
        confirming: {
          tags: ['saving'],
          invoke: {
            id: 'confirmJob',
            src: 'confirmJob',
            // Entered on CONFIRM only.
            input: ({ context, event }) => ({ id: context.id!, status: (event as Extract<WizardEvent, { type: 'CONFIRM' }>).status, name: context.settings!.name }),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: '#orderWizard.created', actions: { type: 'storeCreated', params: ({ event }) => event.output } },
              { target: 'confirmation', actions: { type: 'storeSaveRefusal', params: ({ event }) => event.output as Saved } },
            ],
            onError: { target: 'confirmation', actions: 'storeUnreachable' },
          },
        },
      },
    },
    edit: {
      initial: 'territory',
      states: {
        ...Object.fromEntries(STEPS.map((step) => [step, stepState(step, 'edit')])),
        prompt: {
          tags: ['prompt'],
          on: {
            SAVE: { guard: 'maySave', target: 'saving' },
            DISCARD: { target: 'going', actions: 'discard' },
            STAY: { target: 'back' },
          },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            id: 'saveOrder',
            src: 'saveOrder',
            input: ({ context }) => ({ id: context.id!, patch: changedFields(context, context.from!) }),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'going', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
              { target: 'back', actions: { type: 'storeSaveRefusal', params: ({ event }) => event.output } },
            ],
            onError: { target: 'back', actions: 'storeUnreachable' },
          },
        },
        going: going(STEPS),
        // Only the routed steps have changes to save or keep.
        back: back(EDITED_STEPS),
      },
    },
    created: { type: 'final', tags: ['done'] },
    cancelled: { type: 'final', tags: ['done'] },
    failed: { type: 'final', tags: ['failed'] },
  },
});

/** A transient hop to the step being left for (context.target); the last step is the fallback. */
function going(steps: readonly Step[]) {
  return {
    always: [
      ...steps.slice(0, -1).map((step) => ({ guard: { type: 'targetIs' as const, params: { step } }, target: step, actions: 'clearTarget' as const })),
      { target: steps[steps.length - 1], actions: 'clearTarget' as const },
    ],
  };
}

/** A transient hop back to the step that was being left (context.from). */
function back(steps: readonly Step[]) {
  return {
    always: [
      ...steps.slice(0, -1).map((step) => ({ guard: { type: 'fromIs' as const, params: { step } }, target: step, actions: 'clearTarget' as const })),
      { target: steps[steps.length - 1], actions: 'clearTarget' as const },
    ],
  };
}

/**
 * One step of the create or edit flow. Its tag is its name; `sidebar` marks the steps that
 * show the step list (all but confirmation). Only the moves a step can make are declared:
 * no Previous on the first step (package), no Next on the last (confirmation).
 */
function stepState(step: Step, mode: WizardMode) {
  const edited = mode === 'create' || (EDITED_STEPS as readonly Step[]).includes(step);
  const aim = { type: 'aim' as const, params: { step } };
  const warn = step === 'vendors' ? [{ guard: { type: 'vendorWarningDue' as const, params: { step } }, actions: 'warnFewVendors' as const }] : [];
  const go = { guard: { type: 'canLeave' as const, params: { step } }, target: 'going', actions: aim };
  // A draft saves the step it leaves; going back from one that cannot be saved goes unsaved.
  const onward = mode === 'create'
    ? [...warn, { guard: { type: 'savesOnLeaving' as const, params: { step } }, target: 'saving', actions: aim }]
    : [...warn, ...(edited ? [{ guard: { type: 'leavesUnsaved' as const, params: { step } }, target: 'prompt', actions: aim }] : []), go];
  const leave = mode === 'create' && step !== 'package' ? [...onward, go] : onward;
  const on: Record<string, unknown> = { GOTO: leave, DISMISS: { guard: 'hasMessage', actions: 'dismiss' } };
  if (step !== 'package') on.PREVIOUS = leave;
  // Next leaves a valid step, or is refused here (the package of an order is always valid).
  const refused = mode === 'edit' && step === 'package' ? [] : [{ actions: { type: 'refuseNext' as const, params: { step } } }];
  if (step !== 'confirmation') on.NEXT = [...onward, ...refused];
  if (step !== 'package' && edited) on.CHANGE = { guard: { type: 'ownsChange', params: { step } }, actions: 'applyChange' };
  if (step === 'package') {
    on.SELECT_PACKAGE = mode === 'create'
      ? { guard: 'choosable', actions: 'applyPackage' }
      : { guard: 'otherPackage', actions: 'warnPackageLocked' };
    if (mode === 'create') on.CANCEL = { target: '#orderWizard.cancelled' };
  }
  if (step === 'confirmation' && mode === 'create') on.CONFIRM = { guard: 'mayConfirm', target: 'confirming' };
  return { tags: step === 'confirmation' ? [step] : [step, 'sidebar'], on } as never;
}
