import { expect, test, type Page } from '@playwright/test';
import { MARKET_MSG } from '../../src/domain/orders/market';
import { signIn } from './helpers';

/**
 * What the market tells an agent in the wizard (issue 7): the vendor optimizer and the
 * Jornaya modal on the vendor step, the cost estimate, the bidding context and the filters
 * of the vertical on the options step, and the clone and recommended entries.
 */
const SHOTS = '/tmp/shots-wizard';

async function atStep(page: Page, step: string) {
  await expect(page.locator('[data-step]')).toHaveAttribute('data-step', step, { timeout: 15_000 });
}

test('the vendor optimizer, the Jornaya modal, the cost estimate and the bidding context', async ({ page }) => {
  await signIn(page, 'pro@demo.test');
  await page.waitForURL(/\/dashboard/);
  await page.goto('/orders/orders/wizard/edit/1/vendors');
  await atStep(page, 'vendors');
  const optimizer = page.getByRole('region', { name: 'Vendor optimizer' });
  await expect(optimizer).toBeVisible();
  // Off: the shares are the agent's own choice.
  await expect(page.getByRole('table', { name: 'Vendors' })).toContainText('%');
  const slider = page.getByRole('slider', { name: 'Optimizer ratio' });
  await slider.focus();
  await page.keyboard.press('End');
  await expect(page.getByText(MARKET_MSG.opaque)).toBeVisible();
  await expect(page.getByRole('switch').first()).toBeDisabled();
  await expect(page.getByText('Recommended').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vendors-optimizer.png`, fullPage: true });
  await page.getByRole('button', { name: /About Jornaya/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Jornaya LeadiD' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vendors-jornaya.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await slider.focus();
  await page.keyboard.press('Home');

  await page.goto('/orders/orders/wizard/edit/1/options');
  await atStep(page, 'options');
  const estimate = page.getByRole('region', { name: 'Cost estimate' });
  await expect(estimate).toContainText('Market level');
  await expect(estimate).toContainText('Per month');
  await expect(page.getByTestId('bidding-context')).toContainText(/sold in the last 30 days|No sales here/);
  // The estimate follows the bid as it is typed.
  await page.getByLabel('Maximum bid').fill('50');
  await expect(estimate).toContainText('Max bid$50.00');
  // The bid-down chart: the territory's sales per price, those a $50 bid wins in its legend's colour, its figures below.
  const chart = page.getByTestId('bid-down-chart');
  await expect(chart.getByText('At or below your bid')).toBeVisible();
  await chart.getByRole('button', { name: 'Figures' }).click();
  const priceRows = chart.getByRole('table', { name: 'Sales by price' }).locator('tbody tr');
  await expect(priceRows.first()).toContainText('wins');
  await chart.screenshot({ path: `${SHOTS}/bid-down-chart.png` });
  // The auto vertical's filters.
  await expect(page.getByRole('group', { name: 'Vehicles' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Insurance renewal month' })).toBeVisible();
  await expect(page.getByText('Home age')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/options-estimate.png`, fullPage: true });
});

test('clone and recommended entries open a draft at its territory step', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await page.waitForURL(/\/dashboard/);
  await page.goto('/orders/orders/wizard/clone/1');
  await expect(page).toHaveURL(/\/orders\/orders\/wizard\/create\/\d+\/territory$/, { timeout: 15_000 });
  await atStep(page, 'territory');
  await expect(page.getByRole('navigation', { name: 'Order steps' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/clone.png`, fullPage: true });
  await page.goto('/orders/orders/wizard/recommended/2');
  await expect(page).toHaveURL(/\/orders\/orders\/wizard\/create\/\d+\/territory$/, { timeout: 15_000 });
  await atStep(page, 'territory');
  // A clone the caller may not make shows the server's text.
  await page.goto('/orders/orders/wizard/clone/999999');
  await expect(page.getByText('This order was not cloned')).toBeVisible();
});
