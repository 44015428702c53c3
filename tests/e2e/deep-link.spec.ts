import { expect, test } from '@playwright/test';
import { signIn, userMenu } from './helpers';

test('a deep link opened signed out opens after signing in, under its own title', async ({ page }) => {
  await page.goto('/reports/lead-volume');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign in · Leadline');
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/reports\/lead-volume$/);
  await expect(page).toHaveTitle('Reports: Lead Volume · Leadline');
});

test('a deep link the role may not open lands on the default screen instead', async ({ page }) => {
  await page.goto('/reports/lead-volume');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'vendor@demo.test');
  await expect(page).toHaveURL(/\/return-management$/);
  await expect(page).toHaveTitle('Return Management · Leadline');
});

test('the menu names the role; Personal and Company open sections of those names', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await expect(page).toHaveURL(/\/orders\/list$/);
  await expect(page).toHaveTitle('Orders · Leadline');
  await page.getByTestId('user-menu').click();
  await expect(page.getByText('super@demo.test · Super administrator')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Personal' }).click();
  await expect(page.getByRole('heading', { name: 'Personal', level: 1 })).toBeVisible();
  // The Password screen is reachable from the section's tabs.
  await page.getByRole('tab', { name: 'Password' }).click();
  await expect(page).toHaveURL(/\/user\/password$/);
  await expect(page).toHaveTitle('Password · Leadline');

  await userMenu(page, 'Company');
  await expect(page.getByRole('heading', { name: 'Company', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Concurrency' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Lead Cap' })).toBeVisible();
});

test('a screen the role may not open is refused with a toast below the header, not over the user menu', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/mailbox');
  await expect(page).toHaveURL(/\/dashboard$/);
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'You are not allowed to open that screen' });
  await expect(toast).toBeVisible();
  const header = (await page.locator('header').boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
});
