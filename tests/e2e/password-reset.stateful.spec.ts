import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('an admin reads the password reset mail in the mailbox and the user sets a new password', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill('regional@demo.test');
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText('If that email belongs to an account, a reset link is on its way')).toBeVisible();

  const admin = await context.browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@demo.test');
  await expect(adminPage).toHaveURL(/\/leads\/new$/);
  await adminPage.goto('/admin/mailbox');
  const item = adminPage.getByTestId('mail-item').filter({ hasText: 'regional@demo.test' }).first();
  await item.getByRole('button').first().click();
  const text = await item.getByTestId('mail-text').innerText();
  const link = /https?:\/\/\S+\/password-reset\/\S+/.exec(text)![0];
  await admin.close();

  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm new password').fill('weak');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password must be 8 to 128 characters long')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Fresh#Pass2026');
  await page.getByLabel('Confirm new password').fill('Fresh#Pass2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Successfully reset password')).toBeVisible();
  await signIn(page, 'regional@demo.test', 'Fresh#Pass2026');
  await expect(page).toHaveURL(/\/dashboard$/);
});
