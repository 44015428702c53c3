import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const WARNING = 'You have to agree to LV terms and conditions by adding the same initials to both boxes';

test('terms need the same initials in both boxes, then the user goes on', async ({ page }) => {
  await signIn(page, 'notos@demo.test');
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByTestId('terms-warning')).toHaveText(WARNING);
  await page.getByLabel('Initials', { exact: true }).fill('NN');
  await page.getByLabel('Initials again').fill('NX');
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByTestId('terms-warning')).toHaveText(WARNING);
  await page.getByLabel('Initials again').fill('NN');
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a provisional user completes the profile, then accepts the terms', async ({ page }) => {
  await signIn(page, 'newagent@demo.test');
  await expect(page).toHaveURL(/\/complete-profile$/);
  const form = page.locator('form');
  await form.getByLabel('Phone number').fill('');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Please fill out all required fields').first()).toBeVisible();
  await form.getByLabel('Phone number').fill('512 555 0199');
  await form.getByLabel('Company name').fill('Newman Insurance');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await page.getByLabel('Initials', { exact: true }).fill('NN');
  await page.getByLabel('Initials again').fill('NN');
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
