import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// The browser is in Tokyo; the admin's saved time zone (America/New_York) is what counts.
test.use({ timezoneId: 'Asia/Tokyo' });

test('the mailbox explains each mail and each empty result, in the reader\'s time zone', async ({ page }) => {
  // Some mail for the list: a reset request for the vendor.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill('vendor@demo.test');
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByTestId('reset-requested')).toBeVisible();
  await page.getByRole('navigation', { name: 'Public pages' }).getByRole('button', { name: 'Sign in' }).click();

  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await page.goto('/admin/mailbox');
  const item = page.getByTestId('mail-item').filter({ hasText: 'vendor@demo.test' }).first();
  await expect(item.getByTestId('mail-status')).toHaveText('Not sent: no mail server');
  await expect(item.getByTestId('mail-time')).toHaveText(/ (EST|EDT)$/);
  await expect(page.getByText('KEPT', { exact: true })).toHaveCount(0);
  // The link's expiry in the mail is in the recipient's zone (the vendor's: New York), not GMT.
  await item.getByRole('button').first().click();
  await expect(item.getByTestId('mail-text')).toContainText(/expires on \w{3} \d+, \d{4}, .+ (EST|EDT)\./);
  await expect(item.getByTestId('mail-text')).not.toContainText('GMT');

  await page.getByLabel('Recipient').fill('vendor@demo.test');
  await expect(page.getByTestId('mailbox-count')).toContainText('to vendor@demo.test');
  await page.getByLabel('Recipient').fill('nobody@nowhere.test');
  await expect(page.getByTestId('mailbox-empty')).toContainText('No mail to nobody@nowhere.test');
  await expect(page.getByText('No mail yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear the filter' }).first().click();
  await expect(page.getByTestId('mail-item').first()).toBeVisible();
});
