import { expect, test, type Page } from '@playwright/test';
import { signIn, userMenu } from './helpers';

/** Go to a path inside the running app (no reload: the query cache and the switch stay). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('the profile shows the phone number formatted and takes it in any usual shape', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/user/profile');
  const phone = page.getByLabel('Phone number');
  await expect(phone).toHaveValue(/^\(\d{3}\) \d{3}-\d{4}$/);
  await phone.fill('+1 512.555.0142');

  // The server's 409 on the agent id shows under the Agent ID field, not as a banner.
  const agentId = page.getByLabel('Agent ID');
  const ownId = await agentId.inputValue();
  await agentId.fill('DEMO002');
  await page.getByRole('button', { name: 'Save profile' }).click();
  const agentField = page.locator('.mantine-TextInput-root').filter({ hasText: 'Agent ID' });
  await expect(agentField.getByText('Sorry, DEMO002 already exists.')).toBeVisible();
  await expect(page.getByTestId('profile-error')).toHaveCount(0);

  await agentId.fill(ownId);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone number')).toHaveValue('(512) 555-0142');
});

test('a profile saved by a switched-in admin stays the user\'s: the admin\'s own profile is untouched', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await page.goto('/user/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Alex');

  await userMenu(page, 'Switch user');
  await page.getByLabel('User email').fill('agent@demo.test');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('switched-banner')).toContainText('agent@demo.test');
  await userMenu(page, 'Personal');
  await expect(page.getByLabel('First name')).toHaveValue('Avery');
  await page.getByLabel('City').fill('Round Rock');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.getByTestId('switched-banner').getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByTestId('switched-banner')).toHaveCount(0);
  // The admin's own profile, from the same page's cache: the agent's save must not be in it.
  await navigateInApp(page, '/user/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Alex');
  await expect(page.getByLabel('City')).not.toHaveValue('Round Rock');
});

test('an agent turns off the weekly summary in the contact preferences, and it stays off', async ({ page }) => {
  await signIn(page, 'pro@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/user/contact');
  const summary = page.getByRole('switch', { name: 'Weekly summary' });
  await expect(summary).toBeChecked();
  await summary.click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Contact preferences updated')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Weekly summary' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Subscribe to the newsletter' })).toBeVisible();
});
