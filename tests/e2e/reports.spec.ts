import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/** The reports area: each role's tabs (document 000 section 6) and the Dashboard report (document 002 section 2). */
test('an agent opens /reports: their tabs, the dashboard report, a metric switched, the table read', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/reports\/dashboard$/);
  await expect(page).toHaveTitle(/Reports: Dashboard/);
  const tabs = page.getByRole('tablist', { name: 'Reports' });
  await expect(tabs.getByRole('tab')).toHaveText(['Dashboard', 'Lead Volume', 'Vendors', 'Lists']);
  await expect(page.getByRole('heading', { name: 'Reports: Dashboard' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Leads Delivered by month' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('columnheader')).toHaveText(['Month', 'You', 'Regional', 'National']);
  await expect(page.getByTestId('week-cards').locator('> *')).toHaveCount(12);
  // The cohort view: 26 delivery weeks, newest first, the oldest settled.
  const cohorts = page.getByRole('table', { name: 'Cost per policy by delivery week' }).getByTestId('cohort-row');
  await expect(cohorts).toHaveCount(26);
  await expect(cohorts.first()).toContainText('0 days');
  await expect(cohorts.last()).toContainText('settled');
  await page.getByRole('combobox', { name: 'Metric' }).click();
  await page.getByRole('option', { name: 'Cost Per Quote' }).click();
  const cpq = page.getByRole('table', { name: 'Cost Per Quote by month' });
  await expect(cpq).toBeVisible();
  // Every value is money or a dash.
  for (const cell of await cpq.getByRole('row').nth(12).getByRole('cell').all().then((c) => c.slice(1)))
    await expect(cell).toHaveText(/^(\$[\d,]+\.\d\d|—)$/);
  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.screenshot({ path: 'test-results/reports-dashboard-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/reports-dashboard-390.png', fullPage: true });
  // The Lists report: the agent's lists per year, or a plain empty state.
  await tabs.getByRole('tab', { name: 'Lists' }).click();
  await expect(page.getByRole('heading', { name: 'Reports: Lists' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lists per year' }).or(page.getByTestId('lists-report-empty'))).toBeVisible();
});

test('a regional manager sees their tabs', async ({ page }) => {
  await signIn(page, 'regional@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('tablist', { name: 'Reports' }).getByRole('tab')).toHaveText([
    'Dashboard', 'Lead Volume', 'Rankings', 'Calls', 'Returns', 'Packages', 'Agent Status', 'Lists',
  ]);
  await expect(page.getByRole('table', { name: 'Leads Delivered by month' })).toBeVisible();
});

test('an admin narrows a report to one company with the company picker', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.waitForURL(/\/leads\/new$/);
  await page.goto('/reports/vendors');
  const rows = page.getByTestId('vendor-row');
  await expect(rows.first()).toBeVisible();
  const totals = async () => {
    const cells = await page.getByTestId('vendors-table').locator('tbody tr td:nth-child(2)').allTextContents();
    return cells.reduce((s, t) => s + Number(t.replace(/,/g, '')), 0);
  };
  const all = await totals();
  const asked = page.waitForResponse((r) => r.url().includes('/reports/vendor/ratings') && /company=\d+/.test(r.url()) && r.ok());
  await page.getByTestId('report-company').fill('Lone Star');
  await page.getByRole('option', { name: 'Lone Star Insurance Group' }).click();
  await asked;
  await expect.poll(totals).toBeLessThan(all);
  await page.goto('/reports/dashboard');
  await expect(page.getByTestId('report-company')).toBeVisible();
});
