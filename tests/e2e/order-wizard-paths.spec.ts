import { expect, test, type Page } from '@playwright/test';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import type { WizardContext } from '../../machines/orderWizard.machine';
import { CREATE_STEPS, STEP_LABELS, type Step } from '../../src/domain/orders/types';
import { coveringPaths, type Path } from '../machines/harness';
import { scenarios } from '../machines/orderWizard.paths';
import { signIn } from './helpers';

/**
 * The order wizard walked in Chromium along paths generated from its statechart, by the
 * same generator as its path tests (tests/machines/orderWizard.paths.ts): each user event
 * of a path becomes a click, the real server answers the actors, and after every step the
 * screen must show what the path's state says (the start question, the step, the flow,
 * each step's validity in the sidebar, the prompt).
 *
 * Only paths a screen can follow are walked: user events a person makes (product,
 * vertical, type, back, next, previous, the sidebar) and actor answers the real server
 * gives (a successful load or save). Edits are walked by order-wizard.spec.ts.
 */

type Snap = SnapshotFrom<AnyStateMachine>;
const STEPS = CREATE_STEPS;
const USER = new Set(['PRODUCT', 'VERTICAL', 'TYPE', 'BACK', 'NEXT', 'PREVIOUS', 'GOTO']);

const followable = (e: EventObject) =>
  e.type === 'xstate.init' || USER.has(e.type) || (e.type.startsWith('xstate.done.actor.') && (e as EventObject & { output?: { ok?: boolean } }).output?.ok === true);

/** Paths of a scenario that a screen can follow, longest first, until every state they reach is covered (at most `max`). */
function walkablePaths(name: string, max: number): Path[] {
  const options = scenarios.find(([n]) => n === name)![1];
  const all = coveringPaths(options).paths.filter((p) => p.steps.every((s) => followable(s.event))).sort((a, b) => b.steps.length - a.steps.length);
  const seen = new Set<string>();
  const chosen: Path[] = [];
  for (const p of all) {
    const nodes = p.steps.map((s) => JSON.stringify(s.state.value));
    if (nodes.every((n) => seen.has(n))) continue;
    nodes.forEach((n) => seen.add(n));
    chosen.push(p);
    if (chosen.length === max) break;
  }
  return chosen;
}

const describeEvent = (e: EventObject) => (e.type === 'GOTO' ? `GOTO ${(e as EventObject & { step: string }).step}` : e.type === 'PRODUCT' || e.type === 'VERTICAL' ? `${e.type} ${Object.values(e)[1]}` : e.type);

/** Do what a person does for this event. */
async function act(page: Page, e: EventObject & Record<string, unknown>) {
  switch (e.type) {
    case 'PRODUCT':
      return page.getByRole('button', { name: e.product === 'calls' ? 'Live calls' : 'Leads', exact: true }).click();
    case 'VERTICAL':
      return page.getByRole('button', { name: e.vertical === 'homeins' ? 'Home Insurance' : 'Auto Insurance', exact: true }).click();
    case 'TYPE':
      return page.getByRole('button', { name: e.group === 'diy' ? 'Do it yourself' : 'Pick a package' }).click();
    case 'BACK':
      return page.getByRole('button', { name: 'Back' }).click();
    case 'NEXT':
      return page.getByRole('button', { name: 'Next' }).click();
    case 'PREVIOUS':
      return page.getByRole('button', { name: 'Previous' }).click();
    case 'GOTO':
      return page.getByRole('navigation', { name: 'Order steps' }).getByText(STEP_LABELS[e.step as Step], { exact: true }).click();
  }
}

/** What the screen must show in this state. */
async function expectScreen(page: Page, s: Snap) {
  const c = s.context as WizardContext;
  if (s.matches({ start: 'product' })) return expect(page.getByRole('heading', { name: 'What do you want to buy?' })).toBeVisible();
  if (s.matches({ start: 'vertical' }) || s.matches({ start: 'callVertical' }))
    return expect(page.getByRole('heading', { name: `${c.product === 'calls' ? 'Live calls' : 'Leads'}: which insurance?` })).toBeVisible();
  if (s.matches({ start: 'type' })) return expect(page.getByRole('heading', { name: 'How do you want to set it up?' })).toBeVisible();
  const step = STEPS.find((st) => s.hasTag(st));
  if (!step) return; // loading or saving: the next answer says where it lands
  const frame = page.locator('[data-step]');
  await expect(frame).toHaveAttribute('data-step', step, { timeout: 15_000 });
  await expect(frame).toHaveAttribute('data-mode', c.mode);
  await expect(page).toHaveURL(new RegExp(`/orders/orders/wizard/${c.mode}/\\d+/${step}$`));
  const nav = page.getByRole('navigation', { name: 'Order steps' });
  if (!s.hasTag('sidebar')) return expect(nav).toHaveCount(0);
  // Each step's validity as the machine computes it for these settings.
  const invalid = STEPS.filter((st) => c.errors[st].length > 0);
  for (const st of STEPS) {
    const link = nav.locator(`[data-valid]`, { hasText: STEP_LABELS[st] });
    if ((await link.count()) === 0) continue;
    await expect(link.first(), `${st} validity`).toHaveAttribute('data-valid', String(!invalid.includes(st)));
  }
  await expect(page.getByText('You have unsaved changes.', { exact: false })).toHaveCount(s.hasTag('prompt') ? 1 : 0);
}

async function walk(page: Page, path: Path, entry: string) {
  await page.goto(entry);
  for (const { event, state } of path.steps) {
    await test.step(describeEvent(event), async () => {
      // A user event is a click; an actor's answer comes from the server, and the screen is awaited.
      await act(page, event as EventObject & Record<string, unknown>);
      await expectScreen(page, state);
    });
  }
  await page.screenshot({ path: `/tmp/shots-wizard/path-${path.steps.length}-${Date.now()}.png`, fullPage: true });
}

test.describe('generated paths, walked in Chromium', () => {
  test.describe.configure({ timeout: 120_000 });

  test('start: product, vertical, type, then the draft', async ({ page }) => {
    await signIn(page, 'pro@demo.test');
    await page.waitForURL(/\/dashboard/);
    const paths = walkablePaths('start: product, vertical, type, then the draft', 6);
    expect(paths.length).toBeGreaterThan(1);
    for (const p of paths) await walk(page, p, '/orders/orders/wizard/product');
  });

  test('edit: an agent moves through every step of an order', async ({ page }) => {
    await signIn(page, 'pro@demo.test');
    await page.waitForURL(/\/dashboard/);
    const paths = walkablePaths('edit: an agent edits territory, saves or discards', 8);
    expect(paths.length).toBeGreaterThan(2);
    for (const p of paths) await walk(page, p, '/orders/orders/wizard/edit/1/territory');
  });
});
