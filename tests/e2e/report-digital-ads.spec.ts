import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The Digital Ads report (document 002 section 2; the digital-ads feature, admins exempt):
 * an admin picks a company and reads its digital-ads leads as figures, a chart with its
 * days as a table, and per vendor; no demo agent has the feature, so their tab bar has no
 * Digital Ads (reports.spec.ts).
 */
test('an admin picks a company and reads its digital ads by day and vendor', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.waitForURL(/\/leads\/new$/);
  await page.goto('/reports/digital-ads');
  await expect(page).toHaveTitle(/Reports: Digital Ads/);
  await expect(page.getByRole('heading', { name: 'Reports: Digital Ads' })).toBeVisible();
  await expect(page.getByTestId('digital-ads-pick')).toContainText('choose one above');
  await page.getByTestId('report-company').fill('Avery');
  await page.getByRole('option', { name: 'Avery Agent Agency' }).click();
  await expect(page.getByTestId('report-as-of')).toContainText('As of');
  const leads = Number((await page.getByTestId('digital-ads-leads').textContent())!.replace(/,/g, ''));
  expect(leads).toBeGreaterThan(0);
  await expect(page.getByTestId('digital-ads-chart').getByText('Leads').first()).toBeVisible();
  // The days with leads, as a table, sum to the total; so do the vendors.
  const dayLeads = await page.getByTestId('digital-ads-day').locator('td:nth-child(2)').allTextContents();
  expect(dayLeads.reduce((s, c) => s + Number(c.replace(/,/g, '')), 0)).toBe(leads);
  const vendorLeads = await page.getByTestId('digital-ads-vendor').locator('td:nth-child(2)').allTextContents();
  expect(vendorLeads.reduce((s, c) => s + Number(c.replace(/,/g, '')), 0)).toBe(leads);
  await expect(page.getByTestId('digital-ads-vendor').first()).toContainText('Digital Ads');
  await page.screenshot({ path: 'test-results/report-digital-ads.png', fullPage: true });
});
