import type { EventObject, SnapshotFrom } from 'xstate';
import { orderWizardMachine, type WizardContext, type WizardData, type WizardEvent, type WizardInput } from '../../machines/orderWizard.machine';
import { STEP_FIELDS, blankSettings, settingsForPackage } from '../../src/domain/orders/settings';
import { emptyTerritory } from '../../src/domain/orders/territory';
import { CREATE_STEPS, type OrderPackage, type OrderSettings, type Step, type Viewer } from '../../src/domain/orders/types';
import { done, fail } from './fixtures';
import type { GraphOptions, PathSpec } from './harness';
import { wizardOracle } from './orderWizard.oracle';

type Snap = SnapshotFrom<typeof orderWizardMachine>;
export const ctx = (s: Snap) => s.context as WizardContext;

const vendor = (id: number) => ({ id, vendorName: `v${id}`, displayName: `Vendor ${id}`, isUniversalLeadIdProvider: false });
const PKG_BASE: Omit<OrderPackage, 'id' | 'name' | 'canToggleVendors' | 'vendors'> = {
  vertical: 'autoins', product: 'leads', tags: [], packageGroups: ['standard'], cldGrowth: false, cldType: null, optimizerEnabled: false,
  isPublic: true, isCustomPriced: false, costCents: 2500, maxBidFloorCents: 1500, questions: [],
};
const TOGGLE: OrderPackage = { ...PKG_BASE, id: 1, name: 'Auto Exclusive Leads', canToggleVendors: true, vendors: [1, 2, 3, 4].map(vendor) };
const FIXED: OrderPackage = { ...PKG_BASE, id: 2, name: 'Auto Shared Leads', canToggleVendors: false, vendors: [1, 2].map(vendor) };
const AGENT: Viewer = { role: 'user', isAdmin: false, isSuperAdmin: false, isPro: false, features: [], growthFundsCents: 0, promotionPackageIds: [], hasBilling: true, hasCard: false, withdrawalAmountCents: null };
const REGIONAL: Viewer = { ...AGENT, role: 'regional', hasBilling: false };
/** An agent without billing or a card: may make a draft, not confirm it (document 001 section 8). */
const UNBILLED: Viewer = { ...AGENT, hasBilling: false };

const hours = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const FULL = { mon: hours(8, 17), tue: hours(8, 17), wed: hours(8, 17), thu: hours(8, 17), fri: hours(8, 17), sat: [], sun: [] };
const EMPTY = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const ZIPS = { ...emptyTerritory(90), zips: [{ id: '78701', enabled: true }], zipListLength: 1 };
const NO_ZIPS = { ...ZIPS, zips: [{ id: '78701', enabled: false }] };
const MORE_ZIPS = { ...ZIPS, zips: [{ id: '78701', enabled: true }, { id: '78702', enabled: true }] };
const LONGER = { ...FULL, sat: hours(9, 13) };

/** A complete order's settings on a package. */
const complete = (p: OrderPackage): OrderSettings =>
  ({ ...settingsForPackage(blankSettings('autoins', 'Austin leads'), p), schedule: FULL, territory: ZIPS, channels: [{ type: 'email', emails: ['agent@demo.test'] }] });
const draft = (over: Partial<WizardData> = {}): WizardData => ({
  id: 7, vertical: 'autoins', product: 'leads', settings: blankSettings('autoins', 'Austin leads'), pkg: null, viewer: AGENT,
  packages: [TOGGLE, FIXED], startStep: 'package', canSave: true, ...over,
});
// An order names a start step too (the server's draft field); an edit opens at territory whatever it says.
const order = (p: OrderPackage, viewer: Viewer, canSave: boolean): WizardData =>
  ({ id: 9, vertical: 'autoins', product: 'leads', settings: complete(p), pkg: p, viewer, packages: [p], startStep: 'schedule', canSave });

/** Moves and answers every step may take; the sidebar jumps to any step (create: the ends, to keep the graph small). */
const gotos = (steps: Step[]): WizardEvent[] => steps.map((step) => ({ type: 'GOTO' as const, step }));
const NAV = (jumps: Step[]): WizardEvent[] => [
  { type: 'NEXT' },
  { type: 'PREVIOUS' },
  ...gotos(jumps),
  { type: 'CANCEL' },
  { type: 'CONFIRM', status: 'active' },
  { type: 'SAVE' },
  { type: 'DISCARD' },
  { type: 'STAY' },
  { type: 'DISMISS' },
];
const CREATE_NAV = NAV(['package', 'confirmation']);
const EDIT_NAV = NAV([...CREATE_STEPS]);
/** Each step's edits, making it valid and invalid. */
const CHANGES: Record<Step, WizardEvent[]> = {
  package: [{ type: 'SELECT_PACKAGE', packageId: TOGGLE.id }, { type: 'SELECT_PACKAGE', packageId: FIXED.id }, { type: 'SELECT_PACKAGE', packageId: 99 }],
  schedule: [{ type: 'CHANGE', patch: { schedule: LONGER } }, { type: 'CHANGE', patch: { schedule: EMPTY } }],
  territory: [{ type: 'CHANGE', patch: { territory: MORE_ZIPS } }, { type: 'CHANGE', patch: { territory: NO_ZIPS } }],
  vendors: [{ type: 'CHANGE', patch: { vendorIds: [1, 2, 3, 4] } }, { type: 'CHANGE', patch: { vendorIds: [1, 2] } }, { type: 'CHANGE', patch: { vendorIds: [] } }],
  delivery: [{ type: 'CHANGE', patch: { channels: [{ type: 'email', emails: ['avery@demo.test'] }] } }, { type: 'CHANGE', patch: { channels: [{ type: 'email', emails: Array.from({ length: 11 }, (_, i) => `a${i}@demo.test`) }] } }],
  options: [{ type: 'CHANGE', patch: { maxBidCents: 3000 } }, { type: 'CHANGE', patch: { maxBidCents: 9000 } }],
  confirmation: [{ type: 'CHANGE', patch: { name: 'Austin auto leads' } }, { type: 'CHANGE', patch: { name: ' Austin auto leads ' } }, { type: 'CHANGE', patch: { name: '' } }],
};
/** Changes no step may take: of no field, and of two steps' fields at once. */
const FOREIGN_CHANGES: WizardEvent[] = [{ type: 'CHANGE', patch: {} }, { type: 'CHANGE', patch: { name: 'Both', schedule: FULL } }];
/** The edits that complete a fresh draft, and the moves forward. */
const SCRATCH_EVENTS: WizardEvent[] = [
  { type: 'SELECT_PACKAGE', packageId: TOGGLE.id },
  { type: 'CHANGE', patch: { schedule: FULL } },
  { type: 'CHANGE', patch: { territory: ZIPS } },
  { type: 'CHANGE', patch: { channels: [{ type: 'email', emails: ['agent@demo.test'] }] } },
  { type: 'NEXT' },
  { type: 'CANCEL' },
  { type: 'CONFIRM', status: 'active' },
];
const START_EVENTS: WizardEvent[] = [
  { type: 'PRODUCT', product: 'leads' },
  { type: 'PRODUCT', product: 'calls' },
  { type: 'VERTICAL', vertical: 'autoins' },
  { type: 'TYPE', group: 'standard' },
  { type: 'BACK' },
  { type: 'DISMISS' },
];

/** What the server answers: a save echoes what was sent, or refuses with its text. */
function actorEvents(loads: unknown[]) {
  return (s: Snap): EventObject[] => {
    const c = ctx(s);
    // The server stores the step saved over what it had and answers with all it stored (the
    // name trimmed): edits of steps left unsaved are not in it. It names no package unless it
    // changed one (the wizard keeps its own).
    const stored = c.from && c.saved && c.settings ? { ...c.saved, ...Object.fromEntries(STEP_FIELDS[c.from].map((f) => [f, c.settings![f]])) } : c.settings;
    const saved = { ok: true, settings: stored && { ...stored, name: stored.name.trim() }, pkg: null };
    const refused = { ok: false, message: 'Must have at least 40 hours selected.', errors: [{ field: 'schedule', message: 'x' }] };
    if (s.matches('creatingJob')) return [...loads.map((l) => done('createJob', l)), done('createJob', { ok: false, message: 'You may not create orders' }), fail('createJob')];
    if (s.matches('copyingJob')) return [...loads.map((l) => done('copyJob', l)), done('copyJob', { ok: false, message: 'Growth orders cannot be cloned' }), fail('copyJob')];
    if (s.matches('loadingJob')) return [...loads.map((l) => done('loadJob', l)), done('loadJob', { ok: false, message: 'This draft order no longer exists' }), done('loadJob', { ok: false, message: '' }), fail('loadJob')];
    if (s.matches('loadingOrder')) return [...loads.map((l) => done('loadOrder', l)), done('loadOrder', { ok: false, message: 'This order does not exist' }), fail('loadOrder')];
    if (s.matches({ create: 'saving' })) return [done('saveJob', saved), done('saveJob', refused), fail('saveJob')];
    if (s.matches({ edit: 'saving' })) return [done('saveOrder', saved), done('saveOrder', { ok: false, message: '' }), fail('saveOrder')];
    if (s.matches({ create: 'confirming' })) return [done('confirmJob', { ok: true, orderId: 40, name: c.settings?.name }), done('confirmJob', { ok: false, message: 'Add billing details before confirming an order' }), fail('confirmJob')];
    return [];
  };
}

/** A node: where the wizard is, each step's validity, unsaved steps, the warning and message, and the name (trimmed or not, as saved). */
const serialize = (s: Snap) => {
  const c = ctx(s);
  const unsaved = c.settings && c.saved ? Object.keys(c.settings).filter((k) => JSON.stringify(c.settings![k as keyof OrderSettings]) !== JSON.stringify(c.saved![k as keyof OrderSettings])) : [];
  return JSON.stringify([s.value, Object.values(c.errors).map((e) => e.length), unsaved, c.vendorWarned, c.message?.text ?? null, c.data?.pkg?.id ?? null, c.settings?.vendorIds.length ?? null, c.target, c.from, s.status, c.settings?.name ?? null]);
};

const scenario = (name: string, input: WizardInput, loads: unknown[], events: WizardEvent[]): [string, GraphOptions<WizardInput>] =>
  [name, { machine: orderWizardMachine, input, userEvents: events, actorEvents: actorEvents(loads), serialize }];

export const ACTORS = ['createJob', 'copyJob', 'loadJob', 'loadOrder', 'saveJob', 'saveOrder', 'confirmJob'];
const STEPS = CREATE_STEPS;

export const scenarios: Array<[string, GraphOptions<WizardInput>]> = [
  scenario('start: product, vertical, type, then the draft', { mode: 'start' }, [{ ok: true, data: draft() }], START_EVENTS),
  scenario('start: the call-product route', { mode: 'start', product: 'calls' }, [], START_EVENTS),
  scenario('start: the lead-product route', { mode: 'start', product: 'leads' }, [], START_EVENTS),
  scenario('create: a draft from scratch to a confirmed order', { mode: 'create', id: 7 }, [{ ok: true, data: draft() }], SCRATCH_EVENTS),
  scenario('create: a clone is made, starts at territory, no vendor step', { mode: 'clone', id: 8 },
    [{ ok: true, data: draft({ settings: complete(FIXED), pkg: FIXED, packages: [FIXED], startStep: 'territory' }) }], CREATE_NAV),
  scenario('create: a draft asked open at a step its package does not show opens where it starts', { mode: 'create', id: 7, step: 'vendors' },
    [{ ok: true, data: draft({ settings: complete(FIXED), pkg: FIXED, packages: [FIXED], startStep: 'territory' }) }], [{ type: 'NEXT' }]),
  scenario('create: an agent without billing completes a draft and cannot confirm it', { mode: 'create', id: 7, step: 'confirmation' },
    [{ ok: true, data: draft({ settings: complete(TOGGLE), pkg: TOGGLE, viewer: UNBILLED }) }], [...CHANGES.confirmation, { type: 'CONFIRM', status: 'active' }]),
  scenario('create: a draft opened at confirmation before its package is chosen cannot confirm', { mode: 'create', id: 7, step: 'confirmation' },
    [{ ok: true, data: draft() }], [{ type: 'CONFIRM', status: 'active' }, { type: 'PREVIOUS' }]),
  scenario('create: a recommended order is made and starts at territory', { mode: 'recommended', id: 1 },
    [{ ok: true, data: draft({ settings: complete(TOGGLE), pkg: TOGGLE, startStep: 'territory' }) }], [{ type: 'NEXT' }, { type: 'PREVIOUS' }]),
  // Each step of a complete draft edited both ways, and left in every direction.
  ...STEPS.map((step) => scenario(`create: editing ${step}`, { mode: 'create', id: 7, step },
    [{ ok: true, data: draft({ settings: complete(TOGGLE), pkg: TOGGLE }) }], [...CHANGES[step], ...FOREIGN_CHANGES, ...CREATE_NAV])),
  ...STEPS.map((step) => scenario(`edit: an agent edits ${step}, saves or discards`, { mode: 'edit', id: 9, step },
    [{ ok: true, data: order(TOGGLE, AGENT, true) }], [...CHANGES[step], ...EDIT_NAV])),
  scenario('edit: a regional manager cannot save', { mode: 'edit', id: 9 }, [{ ok: true, data: order(TOGGLE, REGIONAL, false) }], [...CHANGES.territory, ...EDIT_NAV]),
];
/** The first scenario of an agent editing an order (its graph opens an order). */
export const EDIT_AGENT = scenarios.findIndex(([name]) => name.startsWith('edit: an agent edits'));

/**
 * The order wizard's path tests (see harness.ts and README.md): each scenario brings its
 * fixtures, and the oracle knows which edits the fixtures offer.
 */
export const spec: PathSpec = {
  machine: orderWizardMachine,
  scenarios: scenarios.map(([name, options]) => ({ name, options, oracle: wizardOracle(options.userEvents, options.input) })),
  oracle: wizardOracle([...START_EVENTS, ...Object.values(CHANGES).flat(), ...EDIT_NAV]),
  actorIds: ACTORS,
  describeEvent: (e) => (e.type === 'CHANGE' ? `CHANGE ${Object.keys((e as EventObject & { patch: object }).patch).join(', ')}` : undefined),
};
