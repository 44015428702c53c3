import { expect, test } from '@playwright/test';
import { DESIGNED_MSG, MSG } from '../../src/domain/messages';
import { DEMO_PASSWORD, signIn, userMenu } from './helpers';

test('a wrong current password is told once, and gone after the next submit', async ({ page }) => {
  await signIn(page, 'pro@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/user/password');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('Fresh#Pass2026');
  await page.getByLabel('Confirm new password').fill('Fresh#Pass2026');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByTestId('password-error')).toHaveText(MSG.passwordUpdateFailedPrefix + DESIGNED_MSG.currentPasswordWrong);
  // ...and under the field it is about.
  const currentField = page.locator('.mantine-PasswordInput-root').filter({ hasText: 'Current password' });
  await expect(currentField.getByText(DESIGNED_MSG.currentPasswordWrong, { exact: true })).toBeVisible();

  // The next submit (refused by the form itself) leaves no trace of the old answer.
  await page.getByLabel('Confirm new password').fill('Something#Else1');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(DESIGNED_MSG.passwordMismatch)).toBeVisible();
  await expect(page.getByText(DESIGNED_MSG.currentPasswordWrong)).toHaveCount(0);
  await expect(page.getByTestId('password-error')).toHaveCount(0);
});

test('a new password equal to the current one is refused by the server, on the new password field', async ({ page }) => {
  await signIn(page, 'pro@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/user/password');
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm new password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Update password' }).click();
  const newField = page.locator('.mantine-PasswordInput-root').filter({ hasText: 'New password' }).first();
  await expect(newField.getByText(DESIGNED_MSG.passwordUnchanged, { exact: true })).toBeVisible();
  await userMenu(page, 'Log Out');
});
