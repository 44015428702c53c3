import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, userMenu } from './helpers';

/**
 * The billing area (document 002 sections 2–9) as an agent and as an admin, with a
 * screenshot of each screen in test-results/billing-*.png. Stateful: it moves the demo
 * agent's money and cards.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/billing-${name}.png`, fullPage: true });
const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('an agent: activity, cards, deposit, recharge and the statement', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/billing\/activity$/);
  // The tab names the browser tab (the deepest title wins over the route's).
  await expect(page).toHaveTitle('Activity · Billing · Leadline');
  const tabs = page.getByRole('tablist', { name: 'Billing' });
  for (const tab of ['Activity', 'Add Card', 'Deposit', 'Cards', 'Recharge', 'Billing Statement'])
    await expect(tabs.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  for (const tab of ['Debit', 'Courtesy Credit', 'Transfer Funds', 'Cancel Exhausting']) await expect(tabs.getByRole('tab', { name: tab })).toHaveCount(0);
  await expect(page.getByTestId('billing-balance')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('activity-row').first()).toBeVisible();
  await shot(page, 'activity');

  // Page sizes 10/30/50/100.
  await page.getByTestId('activity-page-size').click();
  await expect(page.getByRole('option')).toHaveText(['10', '30', '50', '100']);
  await page.keyboard.press('Escape');

  // An admin-only tab by address is refused.
  await page.goto('/settings/billing/debit');
  await expect(page.getByTestId('billing-tab-refused')).toHaveText(/This tab is for administrators/);
  await expect(page).toHaveTitle('Billing · Leadline');

  // Add a card: a wrong check digit is caught first.
  await page.goto('/settings/billing/new-card');
  await page.getByLabel('Name on card').fill('Avery Agent');
  await page.getByLabel('Card number').fill('4111 1111 1111 1112');
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: '12' }).click();
  await page.getByRole('combobox', { name: 'Year' }).click();
  await page.getByRole('option').nth(3).click();
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Use this card for automatic billing').uncheck();
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByText('Card number is not valid')).toBeVisible();
  await shot(page, 'new-card');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/cards$/);

  // Cards: priority labels, expiry states, the FAQ beside them.
  const row = page.getByTestId('card-row').filter({ hasText: '1111' });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('billing-faq')).toContainText('What does automatic recharge do?');
  await expect(page.getByTestId('card-row').first().getByRole('combobox', { name: /Billing priority/ })).toHaveValue('Primary billing card');
  await expect(row.getByTestId('card-expiry')).toHaveText('Good');
  await shot(page, 'cards');
  // Make it the primary card, then remove it.
  await row.getByRole('combobox', { name: /Billing priority/ }).click();
  await page.getByRole('option', { name: 'Primary billing card' }).click();
  await expect(page.getByTestId('card-row').first()).toHaveAttribute('data-last-four', '1111');
  await page.getByTestId('card-row').first().getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Remove card' }).click();
  await expect(toast(page, 'Successfully removed card 1111')).toBeVisible();
  await expect(page.getByTestId('card-row').filter({ hasText: '1111' })).toHaveCount(0);

  // The last auto-billing card cannot go: turn the others off, then try.
  const rows = page.getByTestId('card-row');
  const count = await rows.count();
  for (let i = 1; i < count; i++) {
    const sw = rows.nth(i).getByRole('switch');
    if (await sw.isChecked()) {
      await sw.click({ force: true });
      await expect(sw).not.toBeChecked();
    }
  }
  await rows.first().getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('card-removal-refused')).toBeVisible();
  await shot(page, 'card-removal-refused');
  await page.getByRole('button', { name: 'OK' }).click();

  // Deposit $25.
  await tabs.getByRole('tab', { name: 'Deposit' }).click();
  await expect(page).toHaveTitle('Deposit · Billing · Leadline');
  await page.getByTestId('deposit-amount').fill('25');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const deposited = toast(page, /^Successfully deposited \$25\.00\. New balance: \$[\d,]+\.\d\d$/);
  await expect(deposited).toBeVisible();
  const newBalance = (await deposited.textContent())!.match(/New balance: (\$[\d,.]+)/)![1];
  await expect(page.getByTestId('billing-balance')).toHaveText(newBalance);
  await shot(page, 'deposit');

  // Recharge: continuous billing only (the type is a super admin's choice).
  await tabs.getByRole('tab', { name: 'Recharge' }).click();
  await expect(page.getByTestId('recharge-type')).toHaveCount(0);
  await page.getByTestId('recharge-amount').fill('300');
  await page.getByTestId('recharge-threshold').fill('60');
  const cardBox = page.getByRole('checkbox', { name: /4242/ });
  if (!(await cardBox.isChecked())) await cardBox.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('recharge-banner')).toHaveText('Successfully updated recharge to $300.00 and withdrawal threshold to $60.00');
  await expect(page.getByTestId('recharge-status')).toHaveText('On');
  await shot(page, 'recharge');
  // A threshold above the amount is refused before anything is sent.
  await page.getByTestId('recharge-threshold').fill('400');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('recharge-banner')).toHaveText('Please fix all errors before trying again.');
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId('recharge-status')).toHaveText('Off');
  await expect(page.getByRole('checkbox', { name: /4242/ })).not.toBeChecked();

  // The statement: the period's summary, closing on today's balance, and a PDF download.
  await tabs.getByRole('tab', { name: 'Billing Statement' }).click();
  const summary = page.getByTestId('financial-summary');
  await expect(summary.getByRole('row')).toHaveText([/^Opening balance/, /^Deposits/, /^Credits/, /^Returns/, /^Spend \(taken off\)/, /^Debits and transfers/, /^Closing balance/]);
  await expect(summary.getByTestId('financial-closingBalance').getByRole('cell').nth(1)).toHaveText((await page.getByTestId('billing-balance').textContent())!);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^billing-statement-avery-agent-agency-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.pdf$/);
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByTestId('statement-done')).toBeVisible();
  await shot(page, 'statement');
});

test('an admin: picks a company, debits and credits within limits, transfers, and sets cancel exhausting', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await page.goto('/settings/billing/debit');
  await expect(page).toHaveTitle('Debit · Billing · Leadline');
  await expect(page.getByTestId('billing-no-company')).toHaveText('Choose a company to see its billing.');
  await page.getByTestId('billing-company-picker').click();
  await page.getByRole('option', { name: /Avery Agent Agency/ }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/debit\?company=\d+$/);
  await expect(page.getByTestId('billing-balance')).toBeVisible();

  // Debit $12.34 as a refund.
  await page.getByTestId('charge-amount').fill('12.34');
  await page.getByRole('button', { name: 'Debit account' }).click();
  await expect(toast(page, 'Successfully debited account $12.34')).toBeVisible();
  // A credit above $50 is refused by the form.
  await page.getByText('Credit', { exact: true }).click();
  await page.getByTestId('charge-amount').fill('60');
  await page.getByRole('button', { name: 'Credit account' }).click();
  await expect(page.getByText('The most you may enter here is $50.00')).toBeVisible();
  await shot(page, 'debit');
  await page.getByTestId('charge-amount').fill('5');
  await page.getByRole('button', { name: 'Credit account' }).click();
  await expect(toast(page, 'Successfully credited account $5.00')).toBeVisible();

  // Transfer: nothing chosen is refused, then a real one.
  await page.getByRole('tab', { name: 'Transfer Funds' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/transfer-funds\?company=\d+$/);
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'Please fix all errors before trying again.')).toBeVisible();
  await page.getByTestId('transfer-to').click();
  await page.getByRole('option', { name: 'Leadline HQ' }).click();
  await page.getByTestId('transfer-amount').fill('1');
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'Success - Funds transferred.')).toBeVisible();
  await shot(page, 'transfer');

  // Courtesy credit and cancel exhausting act on a user: switch into the agent first.
  await page.getByRole('tab', { name: 'Cancel Exhausting' }).click();
  await expect(page.getByTestId('exhaust-switch-first')).toBeVisible();
  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill('agent@demo.test');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('switched-banner')).toContainText('agent@demo.test');
  // Tabs come from the admin behind the switch.
  await page.goto('/settings/billing/courtesy-credit');
  await page.getByTestId('courtesy-amount').fill('7');
  await page.getByRole('button', { name: 'Give courtesy credit' }).click();
  await expect(toast(page, 'Successfully credited account $7.00')).toBeVisible();
  await shot(page, 'courtesy-credit');
  await page.getByRole('tab', { name: 'Cancel Exhausting' }).click();
  await page.getByRole('button', { name: 'Set to Cancel Exhausting' }).click();
  await expect(toast(page, 'User set to Cancel Exhausting')).toBeVisible();
  await shot(page, 'cancel-exhausting');
});

test('vendors, regional and corporate users have no billing', async ({ page }) => {
  await signIn(page, 'regional@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/settings/billing/activity');
  await expect(page).toHaveURL(/\/dashboard$/);
});
