import { expect, test } from '@playwright/test';
import { checkDialog, checkEveryScreenOf, open } from './axe';
import { signIn } from './helpers';

/**
 * Accessibility for the buyers (agents, their pro tier, regional and corporate managers):
 * every screen each may open, the dialogs they open, the skip link. The staff's screens
 * are in accessibility-staff.spec.ts (the other end-to-end lane). See ./axe.ts.
 */
const CUSTOMERS = ['agent@demo.test', 'pro@demo.test', 'regional@demo.test', 'corporate@demo.test'];

checkEveryScreenOf(CUSTOMERS);

test("an agent's dialogs pass the same check, trap the focus and return it", async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const found = await checkDialog(page, page.getByRole('button', { name: /^Coverage of / }).first(), /^Coverage: /);
  await open(page, '/orders/list', 'Orders');
  found.push(...(await checkDialog(page, page.getByTestId('order-row').getByRole('button', { name: 'Pause', exact: true }).first(), /^Pause order: /)));
  await open(page, '/leads/new', 'Leads');
  found.push(...(await checkDialog(page, page.getByTestId('lead-name').first(), /./)));
  expect(found).toEqual([]);
});

test('the first Tab press offers a skip link past the header, which moves the focus to the content', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await open(page, '/leads/new', 'Leads');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main-content')!.contains(document.activeElement))).toBe(true);
});
