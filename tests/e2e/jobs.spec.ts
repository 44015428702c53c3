import { expect, test } from '@playwright/test';
import { signIn, userMenu } from './helpers';

test('an admin reads the background jobs from the user menu: each job, its interval and state', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await userMenu(page, 'Background jobs');
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  const rows = page.getByTestId('job-row');
  // No SMTP on the end-to-end server: every job but the mail sender.
  for (const name of ['sweep', 'order-reactivations', 'money-jobs', 'deliveries', 'live-calls', 'vendor-allowance-sync', 'match-counts-flush'])
    await expect(page.locator(`[data-testid="job-row"][data-job="${name}"]`), name).toBeVisible();
  await expect(page.locator('[data-job="mail-sender"]')).toHaveCount(0);
  const money = page.locator('[data-testid="job-row"][data-job="money-jobs"]');
  await expect(money).toContainText('Automatic recharges and subscription charges');
  await expect(money).toContainText('2 s');
  await expect(money.getByTestId('job-status')).toHaveText(/OK|Running/);
  await expect(money.getByTestId('job-failures')).toHaveText('0');
  await expect(page.getByTestId('jobs-summary')).toHaveText(`No job is failing (${await rows.count()} jobs).`);
  // The refresh asks again: the sync that runs every 100 ms has run more by then.
  const runsOf = async () => Number((await page.locator('[data-job="vendor-allowance-sync"] td').nth(3).innerText()).replace(/,/g, ''));
  const before = await runsOf();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(runsOf).toBeGreaterThan(before);
});

test('an agent is refused the jobs screen', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$|\/leads\/new$/);
  await page.goto('/admin/jobs');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You are not allowed to open that screen')).toBeVisible();
});
