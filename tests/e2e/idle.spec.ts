import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('after 840 s idle the warning opens; Keep working resumes; 60 s more logs out', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.clock.fastForward('14:01');
  const warning = page.getByRole('dialog', { name: 'Still working?' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText('You will be logged out due to inactivity')).toBeVisible();
  await warning.getByRole('button', { name: 'Keep working' }).click();
  await expect(warning).toBeHidden();

  await page.clock.fastForward('14:01');
  await expect(warning).toBeVisible();
  await page.clock.fastForward('01:01');
  await expect(page).toHaveURL(/\/login$/);
  const notice = page.getByRole('dialog', { name: 'You are protected' });
  await expect(notice.getByText('You have been logged out due to inactivity')).toBeVisible();
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
});

test('Log Out in the idle warning signs out with the inactivity notice', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.clock.fastForward('14:01');
  await page.getByRole('dialog', { name: 'Still working?' }).getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('dialog', { name: 'You are protected' })).toBeVisible();
});
