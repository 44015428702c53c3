import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('a wrong password shows the server message and fetches a fresh captcha', async ({ page }) => {
  let challenges = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/rest/captcha/challenge')) challenges++;
  });
  await page.goto('/login');
  await signIn(page, 'pro@demo.test', 'wrong-password');
  await expect(page.getByTestId('login-error')).toHaveText('Invalid username or password');
  // Shown once, in the form: no toast repeats it.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expect.poll(() => challenges).toBeGreaterThanOrEqual(2);
  await signIn(page, 'pro@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the privacy policy is open to everyone', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
});
