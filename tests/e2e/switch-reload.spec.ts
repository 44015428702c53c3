import { expect, test } from '@playwright/test';
import { signIn, userMenu } from './helpers';

test('a switch is kept across reloads of its tab, with the banner; other tabs and Back end it', async ({ page, context }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill('agent@demo.test');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  const banner = page.getByTestId('switched-banner');
  await expect(banner).toContainText('agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.reload();
  await expect(banner).toContainText('agent@demo.test');
  await expect(banner).toContainText('signed in as admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The switch belongs to its tab: another tab of the browser is the admin's own.
  const other = await context.newPage();
  await other.goto('/leads/new');
  await expect(other.getByTestId('user-menu')).toBeVisible();
  await expect(other.getByTestId('switched-banner')).toHaveCount(0);
  await other.close();

  await banner.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page).toHaveURL(/\/leads\/new$/);
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('switched-banner')).toHaveCount(0);
});
