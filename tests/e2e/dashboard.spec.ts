import { expect, test } from '@playwright/test';
import { DASHBOARD_MSG } from '../../src/domain/dashboard/screen';
import { signIn } from './helpers';

/**
 * The dashboard (issue 19): an agent's orders with their bars and bubble text, the welcome
 * banner hidden for the session, a recommended order that opens the wizard at territory,
 * and an admin picking a company. Screenshots at 1440 and 390 px.
 */
const SHOTS = '/tmp/shots-dashboard';

test('an agent: bars with their bubble, the welcome banner, a recommended order', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'agent@demo.test');
  await page.waitForURL(/\/dashboard$/);
  await expect(page).toHaveTitle(/Dashboard/);
  const bar = page.getByTestId('order-bar').first();
  await expect(bar).toBeVisible({ timeout: 15_000 });
  await bar.hover();
  await expect(page.getByRole('tooltip')).toContainText(/\d+% filled · [\d,]+ (leads|calls) left this month · \d+ business days? left/);
  await expect(page.getByTestId('recommended-orders').getByRole('link', { name: 'Start this order' }).first()).toBeVisible();
  // The weekly cards: this week's figure and last week's, for leads, calls, returns; scrubbed with its cost.
  for (const card of ['week-leads', 'week-calls', 'week-returns']) {
    await expect(page.getByTestId(card).getByTestId('this-week')).toHaveText(/^[\d,]+$/);
    await expect(page.getByTestId(card)).toContainText(/Last week [\d,]+/);
  }
  await expect(page.getByTestId('week-returns')).toContainText(/return rate (\d+\.\d %|—)/);
  await expect(page.getByTestId('week-scrubbed')).toContainText(/\$[\d,]+\.\d\d not spent/);
  await page.screenshot({ path: `${SHOTS}/agent-1440.png`, fullPage: true });

  // The welcome banner: hidden, and still hidden after a reload in the same tab.
  await expect(page.getByTestId('welcome-banner')).toBeVisible();
  await page.getByRole('button', { name: 'Hide the welcome message' }).click();
  await expect(page.getByTestId('welcome-banner')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('order-bar').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('welcome-banner')).toHaveCount(0);
  await page.getByTestId('welcome-show').click();
  await expect(page.getByTestId('welcome-banner')).toBeVisible();

  // Small screens cut names to 10 characters and an ellipsis.
  await page.setViewportSize({ width: 390, height: 900 });
  const name = page.getByTestId('order-name').first();
  await expect(name).toHaveText(/^.{1,10}…?$/);
  await page.screenshot({ path: `${SHOTS}/agent-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 1000 });

  await page.getByTestId('recommended-orders').getByRole('link', { name: 'Start this order' }).first().click();
  await expect(page).toHaveURL(/\/orders\/orders\/wizard\/create\/\d+\/territory$/, { timeout: 15_000 });
  await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'territory', { timeout: 15_000 });
});

test('an admin picks a company', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, 'admin@demo.test');
  await page.waitForURL(/\/leads\/new$/);
  await page.goto('/dashboard');
  await expect(page.getByTestId('pick-company')).toHaveText(DASHBOARD_MSG.pickCompany);
  const picker = page.getByTestId('dashboard-company');
  await picker.fill('Lone Star');
  await page.getByRole('option', { name: 'Lone Star Insurance Group' }).click();
  await expect(page).toHaveURL(/\/dashboard\?company=\d+$/);
  await expect(page.getByTestId('order-bar').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('recommended-orders')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/admin-1440.png`, fullPage: true });
});
