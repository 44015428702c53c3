import { expect, test, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';
import type { components } from '../../src/api/schema';
import { billingTabPath, billingTabs } from '../../src/domain/billing/tabs';
import { mayOpen, pageTitle, SCREENS, type Screen } from '../../src/domain/screens';
import { STORAGE_KEYS } from '../../src/web/ui/storage';
import { signIn } from './helpers';

/**
 * WCAG 2.1 AA, checked by axe-core (a checker nobody here wrote): on every screen of
 * src/domain/screens.ts an account may open, and with a dialog open. The specs
 * (accessibility*.spec.ts) fail on any serious or critical violation. A new screen is
 * covered by its line in SCREENS; one with a route parameter names its addresses below.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The addresses to open for a screen: one per tab where its path has a parameter. */
function addressesOf(s: Screen, state: AuthState): readonly string[] {
  if (s.path === '/orders/orders/wizard/*') return ['/orders/orders/wizard/product'];
  if (s.path === '/leads/:tab') return ['/leads/new', '/leads/returns'];
  if (s.path === '/settings/billing/:tab') return billingTabs(state.user, state.original ?? null).map((t) => billingTabPath(t.id));
  return [s.path];
}

type AuthState = components['schemas']['AuthState'];

async function authState(page: Page): Promise<AuthState> {
  return page.evaluate(async (key) => {
    const res = await fetch('/rest/authentication/user', { headers: { authorization: `Bearer ${localStorage.getItem(key)}` } });
    return (await res.json()) as AuthState;
  }, STORAGE_KEYS.token);
}

/**
 * Serious and critical violations on the page as it stands, one line per rule and node.
 * axe is loaded once per page (the screens change without a reload) and asked for
 * violations only: re-injecting it and collecting its passes doubled each check's time.
 */
export async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const found = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }).then((r) => r.violations),
    TAGS,
  );
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

/** Open a screen the way a link does (no reload) and wait until its title is set and nothing is loading. */
export async function open(page: Page, path: string, title: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // A tabbed screen names its tab first: "Deposit · Billing · Leadline".
  await expect.poll(async () => (await page.title()).endsWith(pageTitle(title)), { message: `${path} is titled ${title}` }).toBe(true);
  await expect(page.locator('[aria-busy="true"], .mantine-Loader, .mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 });
}

/** Every screen this account may open, each checked; the violations found, one line each. */
async function walkScreens(page: Page, email: string): Promise<string[]> {
  await signIn(page, email);
  // A worker's first sign-in fills the form and its captcha: slower than a resumed one.
  await expect(page).not.toHaveURL(/\/login$/, { timeout: 30_000 });
  const state = await authState(page);
  const screens = SCREENS.filter((s) => mayOpen(s, state.user, state.original ?? null));
  // The checker itself: a nameless button added for a moment is reported.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button id="e2e-nameless"></button>'));
  expect((await violations(page)).some((v) => v.startsWith('button-name (critical): #e2e-nameless'))).toBe(true);
  await page.evaluate(() => document.getElementById('e2e-nameless')?.remove());
  const found: string[] = [];
  for (const screen of screens) {
    for (const path of addressesOf(screen, state)) {
      await open(page, path, screen.title);
      for (const v of await violations(page)) found.push(`${path}: ${v}`);
    }
  }
  return found;
}

/**
 * With a dialog open: it passes the same check, holds the focus while open (Tab stays
 * inside) and gives it back to the control that opened it when closed.
 */
export async function checkDialog(page: Page, opener: Locator, name: string | RegExp): Promise<string[]> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // Checked once it has faded in: mid-transition its colours are blends of the page's.
  await expect.poll(() => dialog.evaluate((d) => d.getAnimations({ subtree: true }).length)).toBe(0);
  await expect(page.locator('.mantine-Loader, .mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 });
  const found = (await violations(page)).map((v) => `${String(name)}: ${v}`);
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `focus stays in ${String(name)}`).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  return found;
}

/** One test per account: every screen it may open has no serious or critical violation. */
export function checkEveryScreenOf(emails: readonly string[]): void {
  for (const email of emails) {
    test(`every screen ${email} may open has no serious or critical WCAG 2.1 AA violation`, async ({ page }) => {
      test.setTimeout(180_000);
      expect(await walkScreens(page, email)).toEqual([]);
    });
  }
}
