import { expect, test } from '@playwright/test';
import { signIn, toastOf } from './helpers';

test("a wrong password shows the server's message in a warning toast and fetches a fresh captcha", async ({ page }) => {
  let challenges = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/rest/captcha/challenge')) challenges++;
  });
  await page.goto('/login');
  await signIn(page, 'pro@demo.test', 'wrong-password');
  // Document 000 section 8: a warning toast with the server's message, shown once.
  await expect(toastOf(page, 'warning')).toHaveText('Invalid username or password');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(1);
  await expect(page.getByText('Invalid username or password')).toHaveCount(1);
  await expect.poll(() => challenges).toBeGreaterThanOrEqual(2);
  await signIn(page, 'pro@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the privacy policy is open to everyone', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
});
