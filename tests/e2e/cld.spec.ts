import { expect, test, type Page } from '@playwright/test';
import { CLD_MSG, CLD_TEXT } from '../../src/domain/cld/access';
import { cldSignIn, signIn, toastOf, userMenu } from './helpers';

/** The CLD (growth-funds program) screens of document 002: the list's access rule, the list, and its login. */

/** The CLD list shows its title and either its orders or its empty state. */
async function expectCldList(page: Page) {
  await expect(page).toHaveURL(/\/cld\/list$/);
  await expect(page.getByRole('heading', { name: CLD_TEXT.listTitle })).toBeVisible();
  await expect(page.getByTestId('order-row').first().or(page.getByTestId('cld-empty'))).toBeVisible();
}

test('an agent without a CLD feature is told so and sent to the order list', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/cld/list');
  await expect(toastOf(page, 'error')).toHaveText(CLD_MSG.noAccess);
  await expect(page).toHaveURL(/\/orders\/list$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('an admin opens the CLD list: its title, its orders or its empty state', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await expect(page).toHaveURL(/\/orders\/list$/);
  await page.goto('/cld');
  await expectCldList(page);
  await expect(page.getByRole('link', { name: 'CLD' })).toBeVisible();
});

/** The seed's growth company's first agent holds cld_growth and the company made a growth deposit (src/server/seed/growth.ts). */
const GROWTH_AGENT = 'patricia.lopez@lone-star-insurance-group.test';

test('switched into an agent with cld_growth, an admin sees the growth funds and which funds each CLD order spends', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill(GROWTH_AGENT);
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('switched-banner')).toContainText(GROWTH_AGENT);
  await page.getByRole('link', { name: 'CLD' }).click();
  await expectCldList(page);
  await expect(page.getByTestId('cld-growth-funds')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('cld-balance')).toBeVisible();
  // Growth funds left: the orders spend the balance (document 002's allocation label).
  await expect(page.getByTestId('paid-from').first()).toHaveText('Paid from: Balance');
  await page.screenshot({ path: 'test-results/cld-list.png', fullPage: true });
});

test('the CLD login signs in through its form and lands on the CLD list', async ({ page }) => {
  await page.goto('/cld/login');
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  await page.screenshot({ path: 'test-results/cld-login.png', fullPage: true });
  await cldSignIn(page, 'super@demo.test');
  await expectCldList(page);
});

test("a failed CLD login is a warning toast with the server's message and a fresh captcha", async ({ page }) => {
  let challenges = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/rest/captcha/challenge')) challenges++;
  });
  await cldSignIn(page, 'nobody-cld@demo.test', 'wrong-password');
  await expect(toastOf(page, 'warning')).toHaveText('Invalid username or password');
  await expect.poll(() => challenges).toBeGreaterThanOrEqual(2);
  await expect(page).toHaveURL(/\/cld\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled({ timeout: 20_000 });
});

test('through the CLD login, a user without CLD access gets the access rule', async ({ page }) => {
  await cldSignIn(page, 'agent@demo.test');
  await expect(toastOf(page, 'error')).toHaveText(CLD_MSG.noAccess);
  await expect(page).toHaveURL(/\/orders\/list$/);
});

test('/cld/login/locked shows the locked state; resetEmail opens the password reset', async ({ page }) => {
  await page.goto('/cld/login/locked');
  await expect(page.getByRole('heading', { name: CLD_TEXT.loginTitle })).toBeVisible();
  await expect(page.getByText('Your account is locked. Try again later or reset your password.')).toBeVisible();
  await page.goto('/cld/login?resetEmail=agent%40demo.test');
  await expect(page.getByLabel('Email')).toHaveValue('agent@demo.test');
});
