import { expect, test } from '@playwright/test';
import { signIn, toastOf } from './helpers';

test('five failed logins lock the account and show /locked', async ({ page }) => {
  await page.goto('/login');
  for (let i = 0; i < 4; i++) {
    await signIn(page, 'corporate@demo.test', `wrong-${i}`);
    await expect(toastOf(page, 'warning')).toHaveText('Invalid username or password');
  }
  await signIn(page, 'corporate@demo.test', 'wrong-5');
  await expect(page).toHaveURL(/\/locked\?email=corporate%40demo.test$/);
  await expect(page.getByText('Too many failed logins. Your account is locked for 15 minutes.')).toBeVisible();
  // Even the right password is refused while locked.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await signIn(page, 'corporate@demo.test');
  await expect(page).toHaveURL(/\/locked\?email=corporate%40demo.test$/);
});
