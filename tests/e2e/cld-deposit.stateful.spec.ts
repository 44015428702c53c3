import { expect, test } from '@playwright/test';
import { cldSignIn } from './helpers';

/** An agent of the growth program (cld_growth) of the seed's Lone Star Insurance Group. */
const GROWTH_AGENT = 'patricia.lopez@lone-star-insurance-group.test';
const money = (s: string) => Number(s.replace(/[$,]/g, ''));

/**
 * The CLD program in Chromium (issue 20): a growth agent signs in through /cld/login, lands
 * on the CLD list with the company's growth funds, deposits $50 into them from a card, and
 * the list shows them $50 higher. Stateful: it charges the sandbox card and moves money.
 */
test('a growth agent signs in on /cld/login and deposits into the growth funds', async ({ page }) => {
  test.setTimeout(120_000);
  await cldSignIn(page, GROWTH_AGENT);
  await expect(page).toHaveURL(/\/cld\/list$/, { timeout: 30_000 });
  const funds = page.getByTestId('cld-growth-funds');
  await expect(funds).toHaveText(/^\$[\d,]+\.\d\d$/);
  const before = money(await funds.innerText());

  await page.goto('/settings/billing/deposit');
  await expect(page).toHaveTitle('Deposit · Billing · Leadline');
  // The seed gives the company two cards: the first is chosen.
  await expect(page.getByRole('combobox', { name: 'Card', exact: true })).toHaveValue(/^Visa/);
  await page.getByText('Growth funds (CLD)', { exact: true }).click();
  await page.getByTestId('deposit-amount').fill('50');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(page.locator('[data-toast="success"]').getByText(/^Successfully deposited \$50\.00\. New balance: \$[\d,]+\.\d\d$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/cld-deposit.png', fullPage: true });

  await page.goto('/cld/list');
  await expect(funds).toHaveText(/^\$[\d,]+\.\d\d$/);
  expect(money(await funds.innerText())).toBeCloseTo(before + 50, 2);
});
