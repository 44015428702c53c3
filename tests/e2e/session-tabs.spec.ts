import { expect, test, type Page } from '@playwright/test';
import { TOKEN_GRACE_SECONDS, TOKEN_HEADER, TOKEN_ROTATE_AFTER_SECONDS } from '../../src/domain/session';
import { advanceServerClock, signIn, userMenu } from './helpers';

/**
 * Agents work in several tabs of one browser: a token rotated in one tab reaches every
 * tab (document 000 section 4), no tab ends another's session, and signing out in one
 * signs out all. The server's clock is moved past rotation and its grace instead of
 * waiting six minutes.
 */

/** Open the Orders screen from the navigation, as a person does, and answer the status of its first API call. */
async function openOrders(page: Page): Promise<number> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/rest/order'));
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  return (await answered).status();
}

test.setTimeout(90_000);

test('a token rotated in a second tab reaches the first, and signing out in one signs out both', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  // An admin: no live-event stream of a company, so the first tab sends nothing until used.
  await signIn(first, 'admin@demo.test', undefined, { viaForm: true });
  await expect(first).toHaveURL(/\/leads\/new$/);

  // The first tab's own requests are answered before the clock moves, so the rotation
  // comes with the second tab's first request. On a slow machine a late answer to the first
  // tab may bring it instead: the wait is the browser's, whichever tab it reaches, and what
  // follows holds either way (no tab ends another's session).
  await first.waitForLoadState('networkidle');
  await advanceServerClock(first, TOKEN_ROTATE_AFTER_SECONDS + 5);
  const second = await context.newPage();
  const rotated = context.waitForEvent('response', (r) => r.url().includes('/rest/') && !!r.headers()[TOKEN_HEADER]);
  await second.goto('/leads/new');
  await rotated;
  await expect(second.getByTestId('user-menu')).toBeVisible();

  // Past the old token's grace: the first tab still works, with the new token.
  await advanceServerClock(first, TOKEN_GRACE_SECONDS + 5);
  expect(await openOrders(first)).not.toBe(401);
  await expect(first).toHaveURL(/\/orders\/list$/);
  await expect(first.getByText('Your session has ended')).toHaveCount(0);
  expect(await openOrders(second)).not.toBe(401);
  await expect(second).toHaveURL(/\/orders\/list$/);

  // Signing out in the first tab signs the second out too.
  await userMenu(first, 'Log Out');
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  await context.close();
});

test('signing in in one tab signs in the others', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto('/login');
  await signIn(first, 'agent@demo.test', undefined, { viaForm: true });
  await expect(first).toHaveURL(/\/dashboard$/);
  await expect(second).toHaveURL(/\/dashboard$/);
  await expect(second.getByTestId('user-menu')).toBeVisible();
  await context.close();
});
