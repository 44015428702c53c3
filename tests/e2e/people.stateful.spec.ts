import { expect, test, type Page } from '@playwright/test';
import { PEOPLE_MSG, alreadyExists, noAgentData } from '../../src/domain/people/messages';
import { STATES } from '../../src/domain/lookups';
import { MSG } from '../../src/domain/messages';
import { signIn, userMenu } from './helpers';

/**
 * People and settings in Chromium (issue 12): user management from the keyboard, a new
 * user refused as typed on a taken email and agent id, the invitee registering from the
 * mailed link through the terms to the dashboard, the status actions with their texts,
 * the other-administrator rule, and a super admin's concurrency schedule and lead cap.
 */
const SHOTS = 'test-results/people';
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const invitee = { email: `ivy.${stamp.toLowerCase()}@example.test`, agentId: `E2E${stamp}` };

async function openUserManagement(page: Page) {
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.keyboard.press('Alt+Shift+KeyU');
  const modal = page.getByRole('dialog', { name: 'User management' });
  await expect(modal).toBeVisible();
  return modal;
}

test.describe.configure({ mode: 'serial' });

test('an admin finds a user in three keystrokes and creates one, refused as typed on taken values', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  const modal = await openUserManagement(page);
  const search = modal.getByLabel('Search users');
  await search.pressSequentially('Ave');
  await expect(modal.getByTestId('user-search-results').locator('[data-user="agent@demo.test"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/1-search.png` });
  await modal.locator('[data-user="agent@demo.test"]').click();
  await expect(modal.getByTestId('user-page')).toContainText('agent@demo.test');
  await expect(modal.getByText('History', { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Back to the search' }).click();

  await modal.getByText('New user', { exact: true }).click();
  await modal.getByLabel('Email').fill('agent@demo.test');
  await expect(modal.getByText(alreadyExists('agent@demo.test'))).toBeVisible();
  await modal.getByLabel('Agent ID').fill('DEMO001');
  await expect(modal.getByText(alreadyExists('DEMO001'))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/2-new-user-taken.png` });
  // Create and invite on taken values: refused, each message stays on its field, the form stays usable.
  await modal.getByLabel('First name').fill('Ivy');
  await modal.getByLabel('Last name').fill('Invitee');
  await modal.getByLabel('Company').fill(`Ivy ${stamp} Agency`);
  await modal.getByRole('button', { name: 'Create and invite' }).click();
  await expect(modal.getByText(alreadyExists('agent@demo.test'))).toBeVisible();
  await expect(modal.getByText(alreadyExists('DEMO001'))).toBeVisible();
  await expect(modal.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await modal.getByLabel('Email').fill(invitee.email);
  await modal.getByLabel('Agent ID').fill(invitee.agentId);
  await expect(modal.getByText(noAgentData(invitee.agentId))).toBeVisible();
  await expect(modal.getByText(alreadyExists('agent@demo.test'))).toHaveCount(0);
  await modal.getByLabel('First name').fill('Ivy');
  await modal.getByLabel('Last name').fill('Invitee');
  await modal.getByLabel('Company').fill(`Ivy ${stamp} Agency`);
  await modal.getByRole('button', { name: 'Create and invite' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();
  await expect(modal.getByTestId('user-page')).toContainText(invitee.email);
  await expect(modal.getByText('Invited, not registered')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/3-user-page.png` });
});

test('the invitee registers from the mailed link, accepts the terms and lands on the dashboard', async ({ page }) => {
  await page.goto('/registration/not-a-real-key-0123456789');
  await expect(page.getByTestId('registration-invalid')).toHaveText(PEOPLE_MSG.registrationTokenInvalid);

  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await page.goto('/admin/mailbox');
  const mail = page.getByTestId('mail-item').filter({ hasText: invitee.email }).first();
  await mail.getByRole('button').first().click();
  const text = await mail.getByTestId('mail-text').innerText();
  const link = /https?:\/\/\S+\/registration\/[A-Za-z0-9_-]+/.exec(text)![0];
  await userMenu(page, 'Log Out');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(new URL(link).pathname);
  await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
  await expect(page.getByLabel('Company name')).toHaveValue(`Ivy ${stamp} Agency`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(MSG.profileRequired).first()).toBeVisible();
  await page.getByLabel('Phone number').fill('(512) 555-0177');
  await page.getByLabel('Address line 1').fill('7 Elm St');
  await page.getByLabel('City').fill('Austin');
  // A dropdown of the US states and territories (the lookup), not a text box.
  const state = page.getByRole('combobox', { name: 'State' });
  await expect(state.locator('option')).toHaveCount(1 + STATES.length);
  await state.selectOption({ label: 'Texas (TX)' });
  await expect(state).toHaveValue('TX');
  await page.getByLabel('ZIP code').fill('78702');
  await page.getByLabel('New password', { exact: true }).fill('Welcome#2026');
  await page.getByLabel('Confirm new password').fill('Welcome#2026');
  await page.screenshot({ path: `${SHOTS}/4-registration.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await page.getByLabel('Initials', { exact: true }).fill('II');
  await page.getByLabel('Initials again').fill('II');
  await page.getByRole('button', { name: /accept/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the admin archives, reactivates and cancels a user with the exact texts; another administrator is refused', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await userMenu(page, 'User management');
  const modal = page.getByRole('dialog', { name: 'User management' });
  await modal.getByLabel('Search users').fill(invitee.email);
  await modal.locator(`[data-user="${invitee.email}"]`).click();
  const status = modal.getByTestId('user-status');
  await expect(status).toHaveText('active');

  await modal.getByRole('button', { name: 'Archive' }).click();
  await modal.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(PEOPLE_MSG.userArchived)).toBeVisible();
  await expect(status).toHaveText('archived');

  await modal.getByRole('button', { name: 'Reactivate' }).click();
  await modal.getByRole('button', { name: 'Reactivate' }).click();
  await expect(modal.getByText('Please give a reason')).toBeVisible();
  await modal.getByLabel('Reason').fill('Came back');
  await modal.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText(PEOPLE_MSG.userActivated)).toBeVisible();
  await expect(status).toHaveText('active');

  await modal.getByRole('button', { name: 'Cancel user' }).click();
  await modal.getByLabel('Reason').fill('Asked to close the account');
  await modal.getByRole('button', { name: 'Cancel user' }).click();
  await expect(page.getByText(PEOPLE_MSG.userCancelled)).toBeVisible();
  await expect(status).toHaveText('cancelled');
  // Cancelled is not the end (document 000 sections 4 and 8): only reactivation is offered.
  await expect(modal.getByRole('button', { name: 'Cancel user' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await expect(modal.getByTestId('user-history')).toContainText('Reason: Asked to close the account');
  await page.screenshot({ path: `${SHOTS}/5-status.png` });

  await modal.getByRole('button', { name: 'Back to the search' }).click();
  await modal.getByLabel('Search users').fill('super@demo');
  await modal.locator('[data-user="super@demo.test"]').click();
  await expect(modal.getByTestId('user-error')).toHaveText(MSG.switchIntoAdmin);
  await expect(modal.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Switch into user' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/6-other-admin.png` });
});

test('a super admin edits the concurrency schedule and the lead cap', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await expect(page).toHaveURL(/\/orders\/list$/);
  await page.goto('/company/concurrency');
  await expect(page.getByRole('heading', { name: 'Concurrency', exact: true })).toBeVisible();
  await page.getByLabel('Concurrent calls').fill('12');
  const grid = page.getByRole('grid', { name: 'Concurrency schedule' });
  const from = grid.locator('[data-row="0"][data-col="18"]');
  const to = grid.locator('[data-row="4"][data-col="35"]');
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(from).toHaveText('12');
  await page.screenshot({ path: `${SHOTS}/7-concurrency.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText(PEOPLE_MSG.concurrencyUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Concurrency schedule' }).locator('[data-row="4"][data-col="35"]')).toHaveText('12');

  await page.getByRole('tab', { name: 'Lead Cap' }).click();
  await expect(page).toHaveURL(/\/company\/lead-cap$/);
  await page.getByLabel('Hourly lead cap').fill('30');
  await page.getByRole('button', { name: 'Save lead cap' }).click();
  await expect(page.getByText(PEOPLE_MSG.leadCapUpdated)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/8-lead-cap.png` });
});
