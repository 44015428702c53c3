import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('clicking a solved captcha keeps it solved, so Sign in stays enabled', async ({ page }) => {
  await page.goto('/login');
  const captcha = page.getByTestId('captcha');
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(captcha).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  await expect(submit).toBeEnabled();
  await expect(page.getByTestId('captcha-status')).toHaveCount(0);

  // The box itself (its edge: the tick mark covers the middle) and its label: neither
  // unticks a solved captcha.
  await captcha.getByRole('checkbox').click({ position: { x: 3, y: 3 } });
  await captcha.getByText('Verified', { exact: true }).click();
  await expect(captcha).toHaveAttribute('data-state', 'verified');
  await expect(captcha.getByRole('checkbox')).toBeChecked();
  await expect(submit).toBeEnabled();

  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('while the captcha is being solved, the form says why Sign in waits', async ({ page }) => {
  // Hold the challenge back so the waiting state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/captcha/challenge', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByTestId('captcha-status')).toHaveText('Checking that you are not a robot…');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByTestId('captcha-status')).toHaveCount(0);
});
