import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv } from '../helpers/csv';
import { signIn } from './helpers';

/**
 * The Lead Volume and Packages reports (document 002 section 2): an agent's volume chart
 * and table narrowed to one order and read back from its CSV; a regional manager, who is
 * not shown the order filter, and their Packages report; an admin's, calls included.
 */
const number = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

/** Click a report's CSV button and read the file back as records. */
async function downloadCsv(page: Page, testId: string, fileName: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  return parseCsv(readFileSync((await file.path())!, 'utf8'));
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tablist', { name: 'Reports' }).getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Reports: ${name}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`Reports: ${name}`));
}

test('an agent reads their lead volume, downloads it as a CSV that reads back as the table, and narrows it to one order', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await openTab(page, 'Lead Volume');
  await expect(page).toHaveURL(/\/reports\/lead-volume$/);
  await expect(page.getByTestId('report-as-of')).toContainText('As of');
  const chart = page.getByTestId('volume-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByText('Per week, Monday to Sunday', { exact: false })).toBeVisible();
  // The legend names both products (the demo agent may order calls) and the spend.
  for (const name of ['Leads', 'Calls', 'Spend ($)']) await expect(chart.getByText(name, { exact: true }).first()).toBeVisible();
  const table = page.getByTestId('volume-table');
  await expect(table.locator('th[aria-sort="descending"]')).toHaveText('Total');
  await expect(table.getByRole('columnheader')).toHaveText(['Period', 'Leads', 'Calls', 'Total', 'Spend']);
  const rows = page.getByTestId('volume-row');
  await expect(rows.first()).toBeVisible();
  const weeks = await rows.count();
  const total = number(await page.getByTestId('volume-total').textContent());
  expect(total).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/report-lead-volume-agent.png', fullPage: true });

  const [header, ...records] = await downloadCsv(page, 'volume-csv', 'lead_volume.csv');
  expect(header).toEqual(['From', 'To', 'Leads', 'Calls', 'Total', 'Spend ($)']);
  expect(records).toHaveLength(weeks);
  expect(records.reduce((s, r) => s + Number(r[4]), 0)).toBe(total);
  // In the table's order: the first record is the first row.
  const firstRow = await rows.first().getByRole('cell').allTextContents();
  expect([records[0][2], records[0][3], records[0][4]].map(Number)).toEqual(firstRow.slice(1, 4).map(number));

  // The lead-volume filter: one order's figures.
  await page.getByRole('combobox', { name: 'Order' }).click();
  const option = page.getByRole('option').first();
  const label = (await option.textContent())!;
  const delivered = number(/\(([\d,]+)\)$/.exec(label)![1]);
  const narrowed = page.waitForResponse((r) => /\/reports\/lead-volume\?.*orderId=\d+/.test(r.url()) && r.ok());
  await option.click();
  await narrowed;
  await expect(page.getByTestId('volume-total')).toHaveText(delivered.toLocaleString('en-US'));

  // Sorting by period turns its header.
  await page.getByTestId('sort-from').click();
  await expect(table.locator('th[aria-sort="ascending"]')).toHaveText('Period');
});

test('a regional manager: the lead volume of their region without the order filter, then the Packages report and its CSV', async ({ page }) => {
  await signIn(page, 'regional@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await openTab(page, 'Lead Volume');
  await expect(page.getByTestId('report-as-of')).toBeVisible();
  await expect(page.getByTestId('volume-chart').or(page.getByTestId('volume-empty'))).toBeVisible();
  // Leads only (not offered calls), and no order filter.
  await expect(page.getByTestId('volume-leads')).toBeVisible();
  await expect(page.getByTestId('volume-calls')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/report-lead-volume-regional.png', fullPage: true });

  await openTab(page, 'Packages');
  await expect(page.getByTestId('report-as-of')).toBeVisible();
  const table = page.getByTestId('packages-table');
  await expect(table.locator('th[aria-sort="descending"]')).toHaveText('Total');
  const rows = page.getByTestId('package-row');
  await expect(rows.first()).toBeVisible();
  await page.getByTestId('sort-name').click();
  await expect(table.locator('th[aria-sort="ascending"]')).toHaveText('Package');
  // The header turns at once; the rows are the server's, once its answer is in.
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const names = await table.locator('tbody tr td:first-child').allTextContents();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  await page.screenshot({ path: 'test-results/report-packages-regional.png', fullPage: true });

  const [header, ...records] = await downloadCsv(page, 'packages-csv', 'packages_report.csv');
  expect(header).toEqual(['Package', 'Vertical', 'Product', 'Total', 'Spend ($)', 'Quoted', 'Quote Rate (%)', 'Policies', 'Cost Per Quote ($)', 'Cost Per Policy ($)', 'Return Rate (%)']);
  expect(records.map((r) => r[0])).toEqual(names);
  // Leads packages only, and each record's total is its row's.
  expect(records.every((r) => r[2] === 'Leads')).toBe(true);
  const totals = await table.locator('tbody tr td:nth-child(4)').allTextContents();
  expect(records.map((r) => Number(r[3]))).toEqual(totals.map(number));
});

test("an admin: every company's lead volume with calls and the order filter, and the packages sorted by spend", async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.waitForURL(/\/leads\/new$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await openTab(page, 'Lead Volume');
  await expect(page.getByTestId('volume-calls')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Order' })).toBeVisible();
  await expect(page.getByTestId('volume-row').first()).toBeVisible();

  await openTab(page, 'Packages');
  const table = page.getByTestId('packages-table');
  await expect(page.getByTestId('package-row').first()).toBeVisible();
  await page.getByTestId('sort-spend').click();
  await expect(table.locator('th[aria-sort="descending"]')).toHaveText('Spend');
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const spend = (await table.locator('tbody tr td:nth-child(5)').allTextContents()).map(number);
  expect(spend).toEqual([...spend].sort((a, b) => b - a));
  const [, ...records] = await downloadCsv(page, 'packages-csv', 'packages_report.csv');
  expect(records.map((r) => Number(r[4]))).toEqual(spend);
  expect(records.some((r) => r[2] === 'Calls')).toBe(true);
  await page.screenshot({ path: 'test-results/report-packages-admin.png', fullPage: true });
});
