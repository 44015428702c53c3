import { expect, test, type Page } from '@playwright/test';
import { PROMO_DESIGNED_MSG, PROMO_MSG } from '../../src/domain/promotions';
import { signIn } from './helpers';

const SHOTS = 'test-results';
/** The demo vendor's sales token: its Texas auto leads go to the demo agent's around-the-clock order. */
const DEMO_VENDOR = `Basic ${Buffer.from('demo-sales-demo-vendor:').toString('base64')}`;

const toastSaying = (page: Page, text: string) => page.locator('[data-toast="success"]').getByText(text, { exact: true }).first();

/**
 * Cost-share promotions (issue 20) in Chromium, across three roles: an admin creates a
 * campaign through the form (the specification's texts first), a super admin enrolls the
 * demo agent, the demo vendor sells a Texas lead, and the agent sees the Paid Price in the
 * lead's details and the promotion among theirs. Stateful: it changes the demo agent's book.
 * Named for the cost-share operations so that it runs before the order-list spec, which
 * deletes every order of the demo agent but one (the stateful lane runs its files in name order).
 */
test('an admin creates a campaign, a super admin enrolls the agent, a sale is subsidised and the agent sees the Paid Price', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = `Texas cost share ${test.info().retry}${Math.floor(Math.random() * 1e6)}`;
  await signIn(page, 'admin@demo.test');
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await page.goto('/promotions/campaigns/create');
  await expect(page).toHaveTitle(/Create Campaigns/);

  // Saving an empty form shows the specification's texts.
  await page.getByTestId('promotion-save').click();
  for (const text of [PROMO_MSG.nameRequired, PROMO_MSG.descriptionRequired, PROMO_MSG.partyRequired, PROMO_MSG.endDateRequired]) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await page.getByTestId('promotion-name').fill(name);
  await page.getByTestId('promotion-description').fill('The marketplace pays a quarter of each Texas lead');
  await page.getByTestId('promotion-party-marketplace').click();
  await page.getByTestId('promotion-burn-rate').fill('25');
  await expect(page.getByText(PROMO_MSG.burnRateDecimal)).toBeVisible();
  await page.getByTestId('promotion-burn-rate').fill('0.25');
  await expect(page.getByText(PROMO_MSG.burnRateDecimal)).toHaveCount(0);
  await page.getByTestId('promotion-budget').fill('500');
  await page.getByTestId('promotion-end').click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.locator('.mantine-DatePicker-day, .mantine-DateInput-day, [data-dates-day]').filter({ hasText: /^28$/ }).first().click();
  await page.getByTestId('promotion-active').check();
  await page.screenshot({ path: `${SHOTS}/promotion-create.png`, fullPage: true });
  await page.getByTestId('promotion-save').click();
  await expect(toastSaying(page, PROMO_DESIGNED_MSG.created(name))).toBeVisible();
  await expect(page).toHaveURL(/\/promotions\/campaigns\/\d+$/);
  const id = Number(/campaigns\/(\d+)$/.exec(page.url())![1]);

  // A super admin enrolls the demo agent.
  const superAdmin = await (await browser.newContext()).newPage();
  await signIn(superAdmin, 'super@demo.test');
  await expect(superAdmin).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await superAdmin.goto(`/promotions/campaignsEnrollment/${id}`);
  await expect(superAdmin.getByTestId('enrolled-none')).toBeVisible();
  await superAdmin.getByTestId('enroll-search').fill('agent@demo.test');
  await superAdmin.locator('[data-testid="enroll-result"][data-user="agent@demo.test"]').getByTestId('enroll-pick').check();
  await superAdmin.getByTestId('enroll-add').click();
  await expect(toastSaying(superAdmin, PROMO_DESIGNED_MSG.enrolled(1))).toBeVisible();
  await expect(superAdmin.getByTestId('enrolled-agent')).toHaveCount(1);
  await superAdmin.screenshot({ path: `${SHOTS}/promotion-enrollment.png`, fullPage: true });

  // The demo vendor sells a Texas auto lead: the demo agent's around-the-clock order buys it at its bid.
  const sale = await page.request.post('/rest/v2/post', {
    headers: { authorization: DEMO_VENDOR },
    data: { vertical: 'autoins', zipcode: '78209', state: 'TX', age: 41, first_name: 'Promo', last_name: `Buyer${id}`,
      home_phone: `512555${String(id).padStart(4, '0').slice(-4)}`, email: `promo${id}-${Date.now()}@lead.test` },
  });
  expect(sale.ok(), await sale.text()).toBe(true);
  const { sold } = (await sale.json()) as { sold: boolean };
  expect(sold).toBe(true);

  // The promotion's page shows what was used, and by whom.
  await page.reload();
  await expect(page.getByTestId('promotion-by-agent')).toContainText('Avery');
  await page.screenshot({ path: `${SHOTS}/promotion-page.png`, fullPage: true });

  // The agent: their promotion, and the lead's three prices.
  const agent = await (await browser.newContext()).newPage();
  await signIn(agent, 'agent@demo.test');
  await expect(agent).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await agent.goto('/promotions/campaigns');
  await expect(agent.locator(`[data-testid="promotion-row"][data-id="${id}"]`)).toBeVisible();
  await agent.goto('/leads/new');
  await agent.getByTestId('lead-row').filter({ hasText: `Buyer${id}` }).getByTestId('lead-name').click();
  await expect(agent.getByTestId('lead-paid-price')).toBeVisible();
  const bid = await agent.getByTestId('lead-bid-price').innerText();
  const paid = await agent.getByTestId('lead-paid-price').innerText();
  const dollarsOf = (s: string) => Number(/\$([\d,.]+)/.exec(s)![1].replace(/,/g, ''));
  expect(dollarsOf(paid)).toBeCloseTo(dollarsOf(bid) * 0.75, 2);
  await agent.screenshot({ path: `${SHOTS}/promotion-lead-details.png`, fullPage: true });

  // Billing shows the same figure: the purchase took the Paid Price from the balance.
  await agent.keyboard.press('Escape');
  await agent.goto('/settings/billing/activity');
  await expect(agent.getByTestId('activity-row').filter({ hasText: `$${dollarsOf(paid).toFixed(2)}` }).first()).toBeVisible();

  // The admin archives it: it pays no more (the specs after this one sell to the demo agent at full price).
  await page.getByTestId('promotion-archive').click();
  await page.getByTestId('promotion-archive-yes').click();
  await expect(toastSaying(page, PROMO_DESIGNED_MSG.archivedName(name))).toBeVisible();
  await expect(page).toHaveURL(/\/promotions\/campaigns$/);
});
