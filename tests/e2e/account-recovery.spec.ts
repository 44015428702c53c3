import { expect, test } from '@playwright/test';
import { DESIGNED_MSG } from '../../src/domain/messages';

test('the footer "Sign in" on the forgot-password view brings the sign-in form back', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Public pages' }).getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});

test('a used or expired reset link says so when the page opens, before any form', async ({ page }) => {
  await page.goto('/password-reset/no-such-key-0123456789');
  await expect(page.getByTestId('reset-link-gone')).toHaveText(DESIGNED_MSG.resetKeyInvalid);
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Set password' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Email me a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
});

test('/locked keeps the email for "Reset my password" and emails a sign-in link behind the captcha', async ({ page }) => {
  await page.goto('/locked?email=vendor%40demo.test');
  await expect(page.getByLabel('Email')).toHaveValue('vendor@demo.test');
  const send = page.getByRole('button', { name: 'Email me a sign-in link' });
  await expect(send).toBeEnabled({ timeout: 20_000 });
  await send.click();
  await expect(page.getByTestId('unlock-requested')).toHaveText(DESIGNED_MSG.unlockRequested);

  await page.getByRole('button', { name: 'Reset my password' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('vendor@demo.test');
});
