import { expect, test } from '@playwright/test';
import { isoDayIn } from '../../src/domain/time/zone';
import { CLOCK_START } from './clock-start';
import { DEMO_TIME_ZONE, serverDay, serverNow, signIn } from './helpers';

/**
 * The server runs on a set start (CLOCK_START), not on the day CI runs, and the web app's
 * "today" is the server's day in the user's zone, not the browser's and not UTC's.
 */
test("the app's today is the server's day in the user's zone, on the set start", async ({ page }) => {
  const now = await serverNow(page);
  expect(now.getTime()).toBeGreaterThanOrEqual(Date.parse(CLOCK_START));
  expect(now.getTime() - Date.parse(CLOCK_START)).toBeLessThan(3 * 3_600_000);
  expect(isoDayIn(now, DEMO_TIME_ZONE)).toBe(isoDayIn(new Date(CLOCK_START), DEMO_TIME_ZONE));

  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings/billing/activity');
  await expect(page.getByTestId('date-range')).toHaveAttribute('data-to', await serverDay(page));
});
