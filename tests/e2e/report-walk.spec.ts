import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Every report tab a role has, walked by clicking (document 000 section 6, document 002
 * section 2): each opens its own screen, with its heading and figures or a plain empty
 * state, none says it is coming, none fails to load. The reports' own specs read each
 * one's figures; this one proves nothing is left.
 */
async function walkTabs(page: Page, expected: string[]) {
  const tabs = page.getByRole('tablist', { name: 'Reports' });
  await expect(tabs.getByRole('tab')).toHaveText(expected);
  for (const name of expected) {
    await tabs.getByRole('tab', { name }).click();
    await expect(page.getByRole('heading', { name: `Reports: ${name}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`Reports: ${name}`));
    // A table with rows, a chart or an empty state: something of its own, and no failure.
    await expect(page.locator('main').getByRole('table').or(page.locator('main [role="alert"]')).first()).toBeVisible();
    await expect(page.getByText(/did not load|coming soon|arrives with/i)).toHaveCount(0);
  }
}

test('a regional manager walks every report tab of theirs', async ({ page }) => {
  await signIn(page, 'regional@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await walkTabs(page, ['Dashboard', 'Lead Volume', 'Rankings', 'Calls', 'Returns', 'Packages', 'Agent Status', 'Lists']);
});

test('an admin walks every report tab and reads the Agent Status CSV back', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.waitForURL(/\/leads\/new$/);
  await page.goto('/reports');
  await walkTabs(page, ['Dashboard', 'Lead Volume', 'Rankings', 'Vendors', 'Calls', 'Returns', 'Packages', 'Agent Status', 'Lists', 'Digital Ads']);
  await page.getByRole('tablist', { name: 'Reports' }).getByRole('tab', { name: 'Agent Status' }).click();
  const rows = page.getByTestId('agent-status-row');
  await expect(rows.first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('agent-status-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('agent_status.csv');
  const lines = readFileSync((await file.path())!, 'utf8').trim().split('\n');
  expect(lines[0]).toMatch(/^Agent,Company,/);
  expect(lines.length - 1).toBeGreaterThanOrEqual(await rows.count());
});
