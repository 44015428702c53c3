import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The Rankings and Calls reports (document 000 sections 2 and 6, document 002 section 2):
 * a regional manager ranks their region's agents by a figure and reads both CSVs back, a
 * corporate manager has the Rankings tab only (their company has no agents in the demo),
 * and an admin narrows both to one company.
 */

/** The file a CSV button downloads, as lines. */
async function csvLines(page: Page, testId: string, fileName: string): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(fileName);
  return readFileSync((await file.path())!, 'utf8').trim().split('\n');
}

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Reports' });

test('a regional manager ranks their agents by a figure, reads the chart and the CSV, then the call rankings', async ({ page }) => {
  await signIn(page, 'regional@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await tabs(page).getByRole('tab', { name: 'Rankings' }).click();
  await expect(page).toHaveURL(/\/reports\/rankings$/);
  await expect(page).toHaveTitle(/Reports: Rankings/);
  await expect(page.getByRole('heading', { name: 'Reports: Rankings' })).toBeVisible();
  await expect(page.getByTestId('report-as-of')).toContainText('As of');
  const table = page.getByTestId('rankings-table');
  const rows = table.getByTestId('ranking-row');
  await expect(rows.first()).toBeVisible();
  // Leads delivered, most first: the rank follows the order.
  await expect(table.locator('th[aria-sort="descending"]')).toHaveText('Leads Delivered');
  await expect(rows.first().locator('td').first()).toHaveText('1');
  // The chart's legend names the figure, and its figures are a table too.
  const chart = page.getByTestId('rankings-chart');
  await expect(chart.getByText('Leads Delivered').first()).toBeVisible();
  const top = page.getByRole('table', { name: 'Top agents by Leads Delivered' });
  await expect(top.getByRole('row')).toHaveCount((await rows.count()) + 1);

  // Ranked by cost per quote: the cheapest first, sorted by rank.
  await page.getByRole('combobox', { name: 'Rank by' }).click();
  await page.getByRole('option', { name: 'Cost Per Quote' }).click();
  await expect(table.locator('th[aria-sort="ascending"]')).toHaveText('Rank');
  await expect(page.getByRole('table', { name: 'Top agents by Cost Per Quote' })).toBeVisible();
  // The header turns at once; the rows are the new order's once the table is no longer busy.
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(rows.first().locator('td').first()).toHaveText('1');
  const costs = await rows.locator('td:nth-child(8)').allTextContents();
  const ranked = costs.filter((c) => c !== '—').map((c) => Number(c.replace(/[$,]/g, '')));
  expect(ranked).toEqual([...ranked].sort((a, b) => a - b));
  const shown = await rows.count();
  const firstAgent = (await rows.first().locator('td').nth(1).textContent())!;
  await page.screenshot({ path: 'test-results/report-rankings.png', fullPage: true });

  const lines = await csvLines(page, 'rankings-csv', 'rankings.csv');
  expect(lines[0]).toBe('Rank (Cost Per Quote),Agent,Company,Leads Delivered,Quoted,Quote Rate (%),Policies,Cost Per Quote ($),Cost Per Policy ($),Return Rate (%)');
  expect(lines.length - 1).toBe(shown);
  expect(lines[1].startsWith(`1,${firstAgent},`)).toBe(true);

  // A column sorts either way.
  await table.getByTestId('sort-agentName').click();
  await expect(table.locator('th[aria-sort="ascending"]')).toHaveText('Agent');
  await table.getByTestId('sort-agentName').click();
  await expect(table.locator('th[aria-sort="descending"]')).toHaveText('Agent');

  // The call rankings: calls bought, most first, and their CSV.
  await tabs(page).getByRole('tab', { name: 'Calls' }).click();
  await expect(page.getByRole('heading', { name: 'Reports: Calls' })).toBeVisible();
  const calls = page.getByTestId('calls-table');
  await expect(calls.getByTestId('call-row').first()).toBeVisible();
  await expect(calls.locator('th[aria-sort="descending"]')).toHaveText('Calls');
  await expect(page.getByRole('table', { name: 'Top agents by calls bought' })).toBeVisible();
  // Average length as minutes and seconds.
  await expect(calls.getByTestId('call-row').first().locator('td').nth(6)).toHaveText(/^\d+:\d\d$/);
  const callRows = await calls.getByTestId('call-row').count();
  await page.screenshot({ path: 'test-results/report-calls.png', fullPage: true });
  const callLines = await csvLines(page, 'calls-csv', 'call_rankings.csv');
  expect(callLines[0]).toBe('Rank,Agent,Company,Calls,Spend ($),Billable Seconds,Average Length (s),Average Cost Per Call ($),Returned,Return Rate (%)');
  expect(callLines.length - 1).toBe(callRows);
});

test('a corporate manager has the Rankings tab and not Calls, and sees their company only', async ({ page }) => {
  await signIn(page, 'corporate@demo.test');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(tabs(page).getByRole('tab')).toHaveText(['Dashboard', 'Lead Volume', 'Rankings', 'Lists']);
  await tabs(page).getByRole('tab', { name: 'Rankings' }).click();
  await expect(page.getByRole('heading', { name: 'Reports: Rankings' })).toBeVisible();
  // No company picker: the company is theirs. The demo's head office has no agents of its own.
  await expect(page.getByTestId('report-company')).toHaveCount(0);
  await expect(page.getByTestId('rankings-empty')).toContainText('No agent');
});

test('an admin narrows the rankings and the call rankings to one company', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.waitForURL(/\/leads\/new$/);
  await page.goto('/reports/rankings');
  const rows = page.getByTestId('ranking-row');
  await expect(rows.first()).toBeVisible();
  const companies = () => page.getByTestId('rankings-table').locator('tbody tr td:nth-child(3)').allTextContents();
  expect(new Set(await companies()).size).toBeGreaterThan(1);
  const asked = page.waitForResponse((r) => /\/rest\/reports\?/.test(r.url()) && /company=\d+/.test(r.url()) && r.ok());
  await page.getByTestId('report-company').fill('Lone Star');
  await page.getByRole('option', { name: 'Lone Star Insurance Group' }).click();
  await asked;
  await expect.poll(async () => [...new Set(await companies())]).toEqual(['Lone Star Insurance Group']);

  await tabs(page).getByRole('tab', { name: 'Calls' }).click();
  await expect(page.getByTestId('call-row').first()).toBeVisible();
  const callAsked = page.waitForResponse((r) => r.url().includes('/rest/reports/calls?') && /company=\d+/.test(r.url()) && r.ok());
  await page.getByTestId('report-company').fill('Lone Star');
  await page.getByRole('option', { name: 'Lone Star Insurance Group' }).click();
  await callAsked;
  await expect.poll(async () => [...new Set(await page.getByTestId('calls-table').locator('tbody tr td:nth-child(3)').allTextContents())])
    .toEqual(['Lone Star Insurance Group']);
});
