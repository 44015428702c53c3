import { expect, test } from '@playwright/test';
import { DASHBOARD_MSG } from '../../src/domain/dashboard/screen';
import { signIn } from './helpers';

/**
 * The dashboard (issue 19): an agent's orders with their bars and bubble text, the welcome
 * banner hidden for the session, a recommended order that opens the wizard at territory,
 * an admin picking a company, and a regional manager's performance chart and an order's
 * coverage overlay. Screenshots at 1440 (1280) and 390 px.
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

test('a regional manager: the region\'s performance chart with its table, and an order\'s coverage', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, 'regional@demo.test');
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
  await page.goto('/dashboard');
  await expect(page).toHaveTitle(/Dashboard/);
  const regional = page.getByTestId('regional-performance');
  await expect(regional.getByRole('heading', { name: DASHBOARD_MSG.regionalTitle })).toBeVisible({ timeout: 15_000 });
  // The default choice is the document's "last 90 days and beyond"; the chart (a lazy chunk) has its legend and its table.
  await expect(regional.getByTestId('date-choice')).toHaveValue('Last 90 days and beyond');
  await expect(regional.getByTestId('regional-chart')).toBeVisible({ timeout: 15_000 });
  await expect(regional.getByTestId('regional-chart').locator('.recharts-legend-wrapper')).toContainText('Leads');
  await expect(regional.getByTestId('regional-as-of')).toHaveText(/^As of /);
  await expect(regional.getByTestId('regional-row').first()).toBeVisible();
  await expect(regional.getByTestId('regional-total')).toContainText(/All days\s*[\d,]+/);
  await page.screenshot({ path: `${SHOTS}/regional-1280.png`, fullPage: true });

  // Another choice: this month, a row per day.
  await regional.getByTestId('date-choice').click();
  await page.getByRole('option', { name: 'This month' }).click();
  await expect(regional.getByTestId('date-choice')).toHaveValue('This month');
  await expect(regional.getByTestId('regional-chart').or(regional.getByTestId('regional-empty'))).toBeVisible({ timeout: 15_000 });
  await expect(regional.getByTestId('date-range')).toHaveAttribute('data-from', /-01$/);

  // An order's coverage: its territory on the wizard's map, in a modal.
  const coverage = page.getByRole('button', { name: /^Coverage of / }).first();
  await expect(coverage).toBeVisible({ timeout: 15_000 });
  await coverage.click();
  const modal = page.getByRole('dialog', { name: /^Coverage: / });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('coverage-text')).toHaveText(/ZIP code|state of|counties of/, { timeout: 15_000 });
  await expect(modal.getByTestId('territory-map')).toHaveAttribute('data-shapes', 'loaded', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/regional-coverage-1280.png` });
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/regional-390.png`, fullPage: true });
  await regional.screenshot({ path: `${SHOTS}/regional-chart-390.png` });
  await coverage.click();
  await expect(modal.getByTestId('territory-map')).toHaveAttribute('data-shapes', 'loaded', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/regional-coverage-390.png` });
});
