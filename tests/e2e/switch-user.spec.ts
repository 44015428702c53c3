import { expect, test } from '@playwright/test';
import { signIn, userMenu } from './helpers';

test('an admin switches into an agent and back; admins and cancelled users are refused', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);

  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill('super@demo.test');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByText("Nice try! An administrator can't login as another administrator.")).toBeVisible();

  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill('cancelled@demo.test');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByText('This user has been cancelled. Please activate them before working on their account.')).toBeVisible();

  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill('agent@demo.test');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('switched-banner')).toContainText('agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The last switched users are remembered.
  await userMenu(page, 'Switch user');
  await expect(page.getByTestId('recent-switch').first()).toHaveText('agent@demo.test');
  await page.keyboard.press('Escape');

  await page.getByTestId('switched-banner').getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByTestId('switched-banner')).toHaveCount(0);
  await expect(page).toHaveURL(/\/leads\/new$/);
});
