import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The Agent Status report (document 000 sections 2 and 6, document 002 section 2): a
 * regional manager reads where their agents' leads stand, opens the leads behind a count
 * (all agents' and one agent's), sorts and reads the CSV back (each role's tabs:
 * reports.spec.ts and roles.spec.ts).
 */

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Reports' });

test('a regional manager reads where their agents’ leads stand and opens the leads behind a count', async ({ page }) => {
  await signIn(page, 'regional@demo.test');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await tabs(page).getByRole('tab', { name: 'Agent Status' }).click();
  await expect(page).toHaveURL(/\/reports\/agent-status$/);
  await expect(page).toHaveTitle(/Reports: Agent Status/);
  await expect(page.getByRole('heading', { name: 'Reports: Agent Status' })).toBeVisible();
  const table = page.getByTestId('agent-status-table');
  const rows = table.getByTestId('agent-status-row');
  await expect(rows.first()).toBeVisible();
  await expect(table.locator('th[aria-sort="descending"]')).toHaveText('Leads');

  // The cards sum the statuses; New opens every agent's new leads.
  const totals = page.getByTestId('status-totals');
  await expect(totals).toContainText('Leads still worked');
  const newTotal = Number((await page.getByTestId('status-total-new').locator('p').nth(1).textContent())!.replace(/,/g, ''));
  expect(newTotal).toBeGreaterThan(0);
  await page.getByTestId('status-total-new').getByRole('button').click();
  const modal = page.getByTestId('status-leads');
  await expect(modal.getByText('New leads · all agents')).toBeVisible();
  await expect(modal).toContainText(`${newTotal.toLocaleString('en-US')} leads sold between`);
  await expect(modal.getByTestId('status-lead-row').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/report-agent-status-leads.png', fullPage: true });
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // One agent's count opens that agent's leads only.
  const first = rows.first();
  const agent = (await first.locator('td').first().textContent())!;
  const link = first.getByRole('button', { name: new RegExp(`leads of ${agent.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).first();
  const shown = Number((await link.textContent())!.replace(/,/g, ''));
  await link.click();
  await expect(modal).toContainText(`· ${agent}`);
  const agentRows = modal.getByTestId('status-lead-row');
  await expect(agentRows.first()).toBeVisible();
  expect(await agentRows.count()).toBe(Math.min(shown, 25));
  for (const cell of await agentRows.locator('td:nth-child(7)').allTextContents()) expect(cell).toBe(agent);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.screenshot({ path: 'test-results/report-agent-status.png', fullPage: true });

  // Sorted by worked rate, lowest first; the CSV holds the rows.
  await table.getByTestId('sort-workedRate').click();
  await table.getByTestId('sort-workedRate').click();
  await expect(table.locator('th[aria-sort="ascending"]')).toHaveText('Worked');
  const download = page.waitForEvent('download');
  await page.getByTestId('agent-status-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('agent_status.csv');
  const lines = readFileSync((await file.path())!, 'utf8').trim().split('\n');
  expect(lines[0]).toBe('Agent,Company,Leads,New,Attempting,Contacted,Quoted,Policy,Worked (%)');
  expect(lines.length - 1).toBeGreaterThanOrEqual(await rows.count());
});
