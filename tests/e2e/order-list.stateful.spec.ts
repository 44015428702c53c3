import { expect, test, type Locator, type Page } from '@playwright/test';
import { ORDER_LIST_DESIGNED_MSG, ORDER_LIST_MSG } from '../../src/domain/orders/list';
import { formatDateTime } from '../../src/domain/time-format';
import { signIn, userMenu } from './helpers';

/**
 * The order list in Chromium (issue 8): an agent pauses an order for 3 days with a
 * reason, sees it paused in the list and on the timeline, activates, renames and clones
 * it; an admin groups two orders and pausing one pauses the group; a pro user pauses
 * all; the agent cannot delete the last order. Screenshots go to /tmp/shots-orders.
 */
const SHOTS = '/tmp/shots-orders';
test.describe.configure({ mode: 'serial' });
// The browser is in Tokyo: what the screens show is in the user's saved zone, named.
test.use({ timezoneId: 'Asia/Tokyo' });

const orders = (page: Page) => page.getByTestId('order-row');
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function openList(page: Page) {
  await page.goto('/orders/list');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(orders(page).first()).toBeVisible({ timeout: 15_000 });
}

async function pauseFor(page: Page, row: Locator, days: number, reason: string) {
  await row.getByRole('button', { name: 'Pause', exact: true }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Reason for pausing').click();
  await page.getByRole('option', { name: reason }).click();
  // The choice taken (a click on a closing list would leave the form to refuse it).
  await expect(modal.getByLabel('Reason for pausing')).toHaveValue(reason);
  await modal.getByLabel('Pause for (days)').fill(String(days));
  // The request, then the server's answer, so a form that sent nothing fails here at once,
  // a refusal with its status, and a slow answer under a loaded CI machine gets its own
  // time (a group pause locks every order of it).
  const isPause = (r: { url(): string; method(): string }) => /\/orders\/\d+\/pause$/.test(new URL(r.url()).pathname) && r.method() !== 'GET';
  const sent = page.waitForRequest(isPause, { timeout: 10_000 });
  const answer = page.waitForResponse((r) => isPause(r.request()), { timeout: 30_000 });
  await modal.getByRole('button', { name: 'Pause order' }).click();
  await sent;
  expect((await answer).status()).toBe(200);
  await expect(modal).toHaveCount(0);
}

async function moreAction(page: Page, row: Locator, item: string) {
  await row.getByRole('button', { name: /^More actions for/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function switchInto(page: Page, email: string) {
  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill(email);
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('switched-banner')).toContainText(email);
}

test('an admin groups two orders of the agent; pausing one pauses the group', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await page.goto('/orders/list');
  // The page's alert (a 403 may also raise the app's 'not authorized' toast).
  await expect(page.locator('[role="alert"]:not([data-toast])')).toHaveText(ORDER_LIST_MSG.noPermission);
  await switchInto(page, 'agent@demo.test');
  await openList(page);
  await expect(page.getByRole('table')).toBeVisible(); // admins get the table
  const [first, second] = [orders(page).nth(0), orders(page).nth(1)];
  const ids = [await first.getAttribute('data-order-id'), await second.getAttribute('data-order-id')];

  await page.getByRole('button', { name: 'Order groups' }).click();
  const groups = page.getByRole('dialog', { name: 'Order groups' });
  await groups.getByRole('button', { name: 'New group' }).click();
  await groups.getByRole('button', { name: 'Create group' }).click();
  await expect(groups.getByRole('alert')).toHaveText(ORDER_LIST_MSG.groupMissingOrders);
  await groups.getByLabel('Orders').click();
  for (const id of ids) await page.getByRole('option', { name: new RegExp(`#${id}\\)$`) }).click();
  await groups.getByLabel('Orders').press('Escape');
  await groups.getByRole('button', { name: 'Create group' }).click();
  await expect(groups.getByRole('alert')).toHaveText(ORDER_LIST_MSG.groupMissingName);
  await groups.getByLabel('Group name').fill('Austin pair');
  await groups.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(ORDER_LIST_MSG.groupCreated)).toBeVisible();
  await expect(groups.getByTestId('order-group')).toContainText('Austin pair');
  await shot(page, '01-admin-groups');
  await groups.press('Escape');
  await expect(groups).toHaveCount(0);

  const row = (id: string | null) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
  await expect(row(ids[0])).toContainText('Austin pair');
  await pauseFor(page, row(ids[0]), 5, 'Short staffed');
  await expect(row(ids[0])).toContainText('Paused');
  await expect(row(ids[1])).toContainText('Paused');
  await shot(page, '02-admin-group-paused');
  await row(ids[1]).getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(row(ids[0]).getByText('Active', { exact: true })).toBeVisible();
  await expect(row(ids[1]).getByText('Active', { exact: true })).toBeVisible();

  // The group goes again, with its text.
  await page.getByRole('button', { name: 'Order groups' }).click();
  await page.getByRole('dialog', { name: 'Order groups' }).getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Remove group' }).click();
  await expect(page.getByText(ORDER_LIST_MSG.groupRemoved)).toBeVisible();
});

test('an agent pauses for 3 days with a reason, sees it in the list and the timeline, activates, renames and clones', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await page.waitForURL(/\/dashboard/);
  await openList(page);
  await expect(page.getByRole('table')).toHaveCount(0); // agents get cards
  await shot(page, '03-agent-list');
  const row = orders(page).filter({ has: page.getByText('Active', { exact: true }) }).first();
  const id = await row.getAttribute('data-order-id');
  const card = page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);

  // Longer than a user may: the modal says so and nothing is sent.
  await card.getByRole('button', { name: 'Pause', exact: true }).click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Pause order' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Please select a reason for pausing');
  await modal.getByLabel('Reason for pausing').click();
  await page.getByRole('option', { name: 'Out of office' }).click();
  await modal.getByLabel('Pause for (days)').fill('9');
  await modal.getByRole('button', { name: 'Pause order' }).click();
  await expect(modal.getByRole('alert')).toHaveText('To pause an order longer than 7 days, please call support...');
  await shot(page, '04-agent-pause-too-long');
  await modal.getByLabel('Pause for (days)').fill('3');
  await modal.getByRole('button', { name: 'Pause order' }).click();
  await expect(modal).toHaveCount(0);
  await expect(card).toContainText('Paused');
  await expect(card).toContainText('Out of office');
  await shot(page, '05-agent-paused');

  await moreAction(page, card, 'Timeline');
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline).toContainText('Paused');
  await expect(timeline).toContainText('Out of office');
  await expect(timeline).toContainText('Avery Agent');
  // Its times in the agent's zone with the zone's name, written as every other screen writes them.
  const zone = await page.evaluate(async () => {
    const res = await fetch('/rest/authentication/user', { headers: { authorization: `Bearer ${localStorage.getItem('leadline.token')}` } });
    return ((await res.json()) as { user: { timezone: string } }).user.timezone;
  });
  expect(zone).not.toBe('Asia/Tokyo');
  const time = timeline.getByTestId('order-event-time').first();
  await expect(time).toHaveText(`${formatDateTime((await time.getAttribute('data-at'))!, zone)} · Avery Agent`);
  const zoneName = formatDateTime(new Date(Date.parse((await time.getAttribute('data-at'))!) + 3 * 86_400_000), zone).split(' ').pop()!;
  await expect(timeline).toContainText(new RegExp(`until \\w{3} \\d+, \\d{4}, \\d+:\\d\\d [AP]M ${zoneName}`));
  await shot(page, '06-agent-timeline');
  await page.keyboard.press('Escape');

  await moreAction(page, card, 'Breakdown');
  await expect(page.getByTestId('breakdown-empty')).toHaveText(ORDER_LIST_DESIGNED_MSG.noMatchEvents);
  await page.keyboard.press('Escape');

  await card.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  const oldName = (await card.getByTestId('order-name').textContent())!;
  await card.getByRole('button', { name: `Rename ${oldName}` }).click();
  await card.getByLabel('Order name').fill('Not saved');
  await card.getByLabel('Order name').press('Escape');
  await expect(card.getByTestId('order-name')).toHaveText(oldName);
  await card.getByRole('button', { name: `Rename ${oldName}` }).click();
  await card.getByLabel('Order name').fill('Weekend Austin leads');
  await card.getByLabel('Order name').press('Enter');
  await expect(card.getByTestId('order-name')).toHaveText('Weekend Austin leads');

  await moreAction(page, card, 'Email summary');
  await expect(page.getByText(ORDER_LIST_MSG.summarySent)).toBeVisible();

  // Edit opens the wizard's edit flow, with the timeline and the breakdown beside it.
  await moreAction(page, card, 'Edit');
  await expect(page).toHaveURL(new RegExp(`/orders/orders/wizard/edit/${id}/territory$`), { timeout: 15_000 });
  await page.getByTestId('order-side-panels').getByRole('button', { name: 'Timeline' }).click();
  await expect(page.getByTestId('order-timeline')).toContainText('Renamed');
  await page.getByTestId('order-side-panels').getByRole('button', { name: 'Breakdown' }).click();
  await expect(page.getByTestId('breakdown-empty')).toBeVisible();
  await shot(page, '07-agent-edit-side-panels');
  await openList(page);

  await moreAction(page, card, 'Clone');
  await expect(page).toHaveURL(/\/orders\/orders\/wizard\/create\/\d+\/territory$/, { timeout: 15_000 });
  await shot(page, '07b-agent-clone-territory');
});

test('a pro user pauses all orders of the company, then activates them', async ({ page }) => {
  await signIn(page, 'pro@demo.test');
  await page.waitForURL(/\/dashboard/);
  await openList(page);
  await page.getByRole('button', { name: 'Pause all' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pause all' }).click();
  await expect(page.getByText(ORDER_LIST_DESIGNED_MSG.pausedAll)).toBeVisible();
  await expect(orders(page).getByText('Active', { exact: true })).toHaveCount(0);
  await shot(page, '08-pro-paused-all');
  await page.getByRole('button', { name: 'Activate all' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate all' }).click();
  await expect(page.getByText(ORDER_LIST_DESIGNED_MSG.activatedAll)).toBeVisible();
  await expect(orders(page).first().getByText('Active', { exact: true })).toBeVisible();
});

test('the agent cannot delete the last order', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await page.waitForURL(/\/dashboard/);
  await openList(page);
  let left = await orders(page).count();
  while (left > 1) {
    await moreAction(page, orders(page).first(), 'Delete');
    await page.getByRole('button', { name: 'Delete order' }).click();
    await expect(page.getByText(ORDER_LIST_DESIGNED_MSG.deleted).first()).toBeVisible();
    await expect(orders(page)).toHaveCount(left - 1);
    left -= 1;
  }
  await moreAction(page, orders(page).first(), 'Delete');
  await page.getByRole('button', { name: 'Delete order' }).click();
  await expect(page.getByTestId('last-order-text')).toHaveText(ORDER_LIST_DESIGNED_MSG.lastOrder);
  await shot(page, '09-agent-last-order');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(orders(page)).toHaveCount(1);
});

test('names are cut to 10 characters under 768 px', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signIn(page, 'pro@demo.test');
  await page.waitForURL(/\/dashboard/);
  await openList(page);
  const name = (await orders(page).first().getByTestId('order-name').textContent())!;
  expect(name.length).toBeLessThanOrEqual(11);
  await shot(page, '10-narrow');
});
