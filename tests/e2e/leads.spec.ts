import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LEADS_DESIGNED_MSG, LEADS_MSG } from '../../src/domain/leads/messages';
import { serverDay, signIn } from './helpers';

/**
 * Lead search in Chromium (document 002 sections 2, 4 and 8): the tabs with counts, a
 * deep-linked filter, the custom search, an agent status change with its counters, a note,
 * the details modal with its vertical tabs and coverage tooltip, Jornaya, and the export.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/leads';

test('an agent works the lead list: tabs, filters, status, note, details and export', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await page.waitForURL(/\/dashboard/);
  await page.goto('/leads');
  await expect(page).toHaveURL(/\/leads\/new/);
  await expect(page.getByTestId('lead-table')).toBeVisible();
  await expect(page.getByTestId('count-new')).not.toHaveText('…');
  await page.screenshot({ path: `${SHOTS}/01-new-tab.png`, fullPage: true });

  // The whole book of the last year, on the all tab (shown as Leads).
  await page.goto(`/leads/all?dateFrom=${await serverDay(page, 364)}&dateTo=${await serverDay(page)}&limit=30`);
  await expect(page.getByTestId('lead-row')).toHaveCount(30);
  await expect(page.getByTestId('date-range').getByLabel('Date range', { exact: true })).toHaveValue('Custom');

  // A status change moves one lead between the counters.
  await page.getByTestId('tab-new').click();
  await expect(page).toHaveURL(/\/leads\/new\?dateFrom=/);
  const newCount = Number((await page.getByTestId('count-new').innerText()).replace(/,/g, ''));
  const contacted = Number((await page.getByTestId('count-contacted').innerText()).replace(/,/g, ''));
  const first = page.getByTestId('lead-row').first();
  await first.getByTestId('agent-status').click();
  await page.getByRole('option', { name: 'Contacted' }).click();
  await expect(page.getByTestId('count-new')).toHaveText((newCount - 1).toLocaleString('en-US'));
  await expect(page.getByTestId('count-contacted')).toHaveText((contacted + 1).toLocaleString('en-US'));

  // A note, with the specification's text.
  await first.getByTestId('lead-actions').click();
  await page.getByTestId('lead-note-action').click();
  await page.getByTestId('note-text').fill('Call back after 5 pm');
  await page.getByTestId('note-save').click();
  await expect(page.getByText(LEADS_MSG.noteSaved)).toBeVisible();

  // The details modal: general section and the vertical's tabs.
  await first.getByTestId('lead-name').click();
  const details = page.getByTestId('lead-details');
  await expect(details.getByTestId('lead-general')).toBeVisible();
  await expect(details.getByTestId('lead-id')).toHaveCount(0); // admins only
  await page.screenshot({ path: `${SHOTS}/02-details.png` });
  const tabs = details.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  if ((await tabs.first().innerText()) === 'Policy') {
    await expect(details.getByTestId('coverage-tooltip-target')).toBeVisible();
    await details.getByTestId('coverage-tooltip-target').hover();
    await expect(page.getByRole('tooltip')).toContainText('k/');
    await page.screenshot({ path: `${SHOTS}/03-coverage-tooltip.png` });
    await details.getByTestId('details-tab-driver1').click();
  } else {
    await details.getByTestId('details-tab-details').click();
  }
  await page.screenshot({ path: `${SHOTS}/04-details-tab.png` });
  await details.getByTestId('open-jornaya').click();
  await expect(page.getByTestId('jornaya-token')).toHaveText(/^[0-9A-F-]{36}$/);
  await page.screenshot({ path: `${SHOTS}/05-jornaya.png` });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // The custom search panel refuses a blank value, then filters.
  await page.getByTestId('open-custom-search').click();
  await page.getByTestId('custom-apply').click();
  await expect(page.getByTestId('custom-search')).toContainText('Enter a value');
  await page.screenshot({ path: `${SHOTS}/06-custom-search.png` });
  await page.getByTestId('custom-value').fill('  Smith ');
  await page.getByTestId('custom-apply').click();
  await expect(page).toHaveURL(/customField=lastName&customValue=Smith/);

  // The export: the page asks for a single-use link and the browser's download manager
  // fetches it (no fetch of the CSV by the page), streaming lead_export.csv to disk.
  await page.goto('/leads/all');
  await expect(page.getByTestId('lead-table')).toBeVisible();
  await expect(page.getByTestId('count-all')).not.toHaveText('…');
  const rows = Number((await page.getByTestId('count-all').innerText()).replace(/,/g, ''));
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/rest/leads/export') && ['fetch', 'xhr'].includes(r.resourceType())) fetched.push(`${r.method()} ${r.url()}`);
  });
  const download = page.waitForEvent('download');
  await page.getByTestId('export-leads').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('lead_export.csv');
  expect(file.url()).toMatch(/\/rest\/leads\/export\?token=[\w-]{43}$/);
  const csv = readFileSync((await file.path())!, 'utf8').trim().split('\n');
  expect(csv[0]).toMatch(/^Lead ID,Insert Date,/);
  expect(csv.length - 1).toBe(rows);
  expect(fetched).toEqual([expect.stringMatching(/^POST .*\/rest\/leads\/export\?/)]);
  // The link works once: opened again, it is gone.
  expect((await page.request.get(file.url())).status()).toBe(404);

  // When no link can be made (here the server fails), the page says so in a toast and nothing downloads.
  await page.route('**/rest/leads/export?*', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue()));
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByTestId('export-leads').click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: LEADS_DESIGNED_MSG.exportFailed })).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/09-export-failed.png` });
  expect(downloads).toBe(0);
});

test('an admin sees every lead, the lead id, Calls and Optimizer; a bad link explains itself', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.waitForURL(/\/leads\/new/);
  await expect(page.getByTestId('lead-table')).toBeVisible();
  await page.getByTestId('filter-product').click();
  await expect(page.getByRole('option', { name: 'Calls' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Optimizer' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('lead-row').first().getByTestId('lead-name').click();
  await expect(page.getByTestId('lead-id')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('tab-returns').click();
  await expect(page.getByTestId('return-badge').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/07-admin-returns.png`, fullPage: true });
  await page.goto('/leads/quoted?states=Texas');
  await expect(page.getByTestId('bad-filters')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/08-bad-link.png` });
});
