import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/** The Vendors and Returns reports (document 002 section 2): an agent's vendor table and its CSV, a regional manager's returns. */
test('an agent reads the vendor report and downloads it as a CSV that reads back as the table', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/reports/vendors');
  await expect(page.getByRole('heading', { name: 'Reports: Vendors' })).toBeVisible();
  const rows = page.getByTestId('vendor-row');
  await expect(rows.first()).toBeVisible();
  // Total descending by default.
  await expect(page.getByTestId('vendors-table').locator('th[aria-sort="descending"]')).toHaveText('Total');
  const shown = await rows.count();
  const firstVendor = (await rows.first().locator('td').first().textContent())!;
  await page.screenshot({ path: 'test-results/report-vendors.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByTestId('vendors-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('vendor_report.csv');
  const lines = readFileSync((await file.path())!, 'utf8').trim().split('\n');
  expect(lines[0]).toBe('Vendor,Total,Quoted,Quote Rate (%),Policies,Cost Per Quote ($),Cost Per Policy ($),Return Rate (%)');
  expect(lines.length - 1).toBeGreaterThanOrEqual(shown);
  expect(lines[1].startsWith(firstVendor.includes(',') ? `"${firstVendor}` : firstVendor)).toBe(true);

  // Sorting by a column turns its header's order.
  await page.getByTestId('sort-vendorDisplayName').click();
  await expect(page.getByTestId('vendors-table').locator('th[aria-sort="ascending"]')).toHaveText('Vendor');
});

test('a regional manager reads the return reasons and the highest return rates', async ({ page }) => {
  await signIn(page, 'regional@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/reports/returns');
  await expect(page.getByRole('heading', { name: 'Reports: Returns' })).toBeVisible();
  await expect(page.getByTestId('stat-total')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('reasons-table').or(page.getByTestId('reasons-empty'))).toBeVisible();
  await expect(page.getByTestId('rates-table').or(page.getByTestId('rates-empty'))).toBeVisible();
  await page.screenshot({ path: 'test-results/report-returns.png', fullPage: true });
});
