import { expect, type Locator, type Page } from '@playwright/test';
import { SERVER_TIME_HEADER } from '../../src/domain/clock';
import { isoDayIn } from '../../src/domain/time/zone';

export const DEMO_PASSWORD = 'Leadline#2026';

/** Fill the login form and submit once the captcha widget has solved its challenge. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeEnabled({ timeout: 20_000 });
  await submit.click();
}

/** Open the user menu and choose an item. */
export async function userMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Every toast showing. */
export const toasts = (page: Page) => page.locator('[data-toast]');

/**
 * The buttons among these (in view) whose centre is covered by something else: what a
 * person's click there would hit instead.
 */
export const coveredButtons = (buttons: Locator) =>
  buttons.evaluateAll((els) =>
    els
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.bottom < 0 || r.top > window.innerHeight) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && !el.contains(hit);
      })
      .map((el) => el.textContent ?? ''),
  );

/** The newest toast of a type (error, warning, success, default). */
export const toastOf = (page: Page, type: 'error' | 'warning' | 'success' | 'default') => page.locator(`[data-toast="${type}"]`).last();

/**
 * Move the end-to-end server's clock forward (its CLOCK_CONTROL route), so a spec sees a
 * token rotate or a session age without waiting.
 */
export async function advanceServerClock(page: Page, seconds: number): Promise<void> {
  const res = await page.request.post('/test/clock', { data: { advanceSeconds: seconds } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The demo accounts' time zone (the users table's default): their "today" is this zone's. */
export const DEMO_TIME_ZONE = 'America/New_York';

/**
 * The server's time now. The end-to-end server runs on a set start (CLOCK_START in
 * playwright.config.ts), so specs ask it rather than reading the machine's clock.
 */
export async function serverNow(page: Page): Promise<Date> {
  const res = await page.request.get('/rest/health');
  return new Date(Number(res.headers()[SERVER_TIME_HEADER]));
}

/** The server's day (YYYY-MM-DD) `daysAgo` days back, in the demo accounts' zone. */
export async function serverDay(page: Page, daysAgo = 0): Promise<string> {
  return isoDayIn(new Date((await serverNow(page)).getTime() - daysAgo * 86_400_000), DEMO_TIME_ZONE);
}
