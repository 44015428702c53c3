import { expect, test } from '@playwright/test';
import { SESSION_TEXT } from '../../src/domain/session';
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

test('an admin switched into a user without terms consent sees their terms screen and switches back', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill('notos@demo.test');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();

  // What the user would see: the terms, which only they can accept.
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expect(page.getByRole('heading', { name: 'Terms of service' }).first()).toBeVisible();
  await expect(page.getByTestId('switched-banner')).toContainText('notos@demo.test');
  await expect(page.getByText(SESSION_TEXT.switchedIntoTerms)).toBeVisible();
  await expect(page.getByRole('button', { name: 'I accept' })).toBeDisabled();

  await page.getByTestId('switched-banner').getByRole('button', { name: 'Back to my account' }).click();
  await expect(page).toHaveURL(/\/leads\/new$/);
  await expect(page.getByTestId('switched-banner')).toHaveCount(0);
});
