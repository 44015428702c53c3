import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const SHOTS = '/tmp/shots-engine';
const basic = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;

test('"Why didn\'t I get this lead?": a vendor pings, an admin reads every order\'s outcome; an unknown ping is explained', async ({ page }) => {
  // A vendor pings through the real /v2 API with a demo sales token.
  const ping = await page.request.post('/rest/v2/ping', {
    headers: { authorization: basic('demo-sales-bluesky-quotes') },
    data: { vertical: 'autoins', zipcode: '78701', age: 34 },
  });
  expect(ping.status()).toBe(200);
  const { ping_id: pingId } = (await ping.json()) as { ping_id: string };

  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await page.goto(`/why-not?ping=${pingId}`);
  await expect(page).toHaveTitle(/Why didn't I get this lead\?/);
  await expect(page.getByTestId('ping-summary')).toContainText('Ping from BlueSky Quotes');
  await expect(page.getByTestId('ping-summary')).toContainText('ZIP 78701 (TX)');
  const rows = page.locator('[data-testid^="outcome-"]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/why-not-admin.png`, fullPage: true });

  // Without a ping id: the page says what to enter.
  await page.goto('/why-not');
  await expect(page.getByText('Enter a ping id')).toBeVisible();
  await page.getByRole('textbox', { name: 'Ping id' }).fill('no-such-ping');
  await page.getByRole('button', { name: 'Explain' }).click();
  await expect(page.getByText('Nothing to explain')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/why-not-missing.png`, fullPage: true });
});

test('a regional manager reads the orders of a ping in their region (Texas); a corporate manager of another company is told there is nothing', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  const ping = await page.request.post('/rest/v2/ping', {
    headers: { authorization: basic('demo-sales-bluesky-quotes') },
    data: { vertical: 'autoins', zipcode: '78701', age: 36 },
  });
  expect(ping.status()).toBe(200);
  const { ping_id: pingId } = (await ping.json()) as { ping_id: string };

  await signIn(page, 'regional@demo.test');
  await page.waitForURL(/\/dashboard/);
  await page.goto(`/why-not?ping=${pingId}`);
  await expect(page).toHaveTitle(/Why didn't I get this lead\?/);
  await expect(page.getByTestId('ping-summary')).toContainText('ZIP 78701 (TX)');
  await expect(page.locator('[data-testid^="outcome-"]').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/why-not-regional.png`, fullPage: true });

  // The demo corporate manager's company (Leadline HQ) has no orders: nothing of theirs was considered.
  const corporate = await (await browser.newContext()).newPage();
  await signIn(corporate, 'corporate@demo.test');
  await corporate.waitForURL(/\/dashboard/);
  await corporate.goto(`/why-not?ping=${pingId}`);
  await expect(corporate.getByText('Nothing to explain')).toBeVisible();
});
