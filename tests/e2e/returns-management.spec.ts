import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const SHOTS = '/tmp/shots-returns';

/** Return management as an admin and as a vendor: filters, table, modals (nothing is changed here). */
test('an admin sees every return of this month, with the dispute filters, and the deny modal\'s field lines', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await page.goto('/return-management');
  await expect(page.getByRole('heading', { name: 'Return Management', exact: true })).toBeVisible();
  await expect(page.getByTestId('returns-status-return_disputed')).toHaveCount(1);
  await expect(page.getByTestId('returns-vertical')).toHaveValue('Auto Insurance');
  const rows = page.getByTestId('returns-row');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-list.png`, fullPage: true });
  const pending = page.getByTestId('row-deny').first();
  await pending.click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('return-deny')).toBeVisible();
  // The seeded return has its timeline: the agent's request, with its reason.
  await expect(modal.getByTestId('return-steps').locator('.mantine-Timeline-item')).toHaveCount(1);
  await expect(modal.getByTestId('return-steps')).toContainText(/Return Pending.* by \S+ \S+ · /s);
  await modal.getByTestId('return-deny').click();
  await expect(modal.getByTestId('return-errors')).toHaveText('denyReason: Choose a reason for the denial');
  await page.screenshot({ path: `${SHOTS}/admin-deny-modal.png` });
});

test('a vendor sees the returns of its own leads, without the dispute filters', async ({ page }) => {
  await signIn(page, 'vendor@demo.test');
  await expect(page).toHaveURL(/\/return-management$/);
  await expect(page.getByTestId('returns-status-return_pending')).toHaveCount(1);
  await expect(page.getByTestId('returns-status-return_disputed')).toHaveCount(0);
  const rows = page.getByTestId('returns-row');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/vendor-list.png`, fullPage: true });

  // The export: a single-use link the browser's download manager fetches, every listed return in it.
  const listed = Number((await page.getByTestId('returns-count').innerText()).split(' of ')[1]);
  const download = page.waitForEvent('download');
  await page.getByTestId('returns-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('returns_export.csv');
  expect(file.url()).toMatch(/\/rest\/returns\/export\?token=[\w-]{43}$/);
  const lines = readFileSync((await file.path())!, 'utf8').trim().split('\n');
  expect(lines[0]).toMatch(/^Lead Id,Insert Date,Vertical/);
  expect(lines.length - 1).toBe(listed);
});
