import { expect, test } from '@playwright/test';
import { signIn, toastOf, userMenu } from './helpers';

/** Each demo account lands on its role's default screen (document 000 section 4). */
const LANDINGS: Array<[email: string, path: string, heading: string]> = [
  ['agent@demo.test', '/dashboard', 'Dashboard'],
  ['pro@demo.test', '/dashboard', 'Dashboard'],
  ['regional@demo.test', '/dashboard', 'Dashboard'],
  ['corporate@demo.test', '/dashboard', 'Dashboard'],
  ['vendor@demo.test', '/return-management', 'Return Management'],
  ['admin@demo.test', '/leads/new', 'Leads'],
  ['super@demo.test', '/orders/list', 'Orders'],
  ['newagent@demo.test', '/complete-profile', 'Complete your profile'],
  ['notos@demo.test', '/terms-of-service', 'Terms of service'],
];

for (const [email, path, heading] of LANDINGS) {
  test(`${email} lands on ${path}`, async ({ page }) => {
    await signIn(page, email);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  });
}

// Issue 5: a cancelled account answers as a wrong password does, so a right password is not revealed.
test('a cancelled user is refused with the server message', async ({ page }) => {
  await signIn(page, 'cancelled@demo.test');
  await expect(toastOf(page, 'warning')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('the navigation follows the role: a vendor sees return management and the debugger, no billing', async ({ page }) => {
  await signIn(page, 'vendor@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Return Management' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'API Debugger' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Lists' })).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Personal' })).toBeVisible();
});

test('an agent sees the agent tabs and billing; a deep link to an admin screen is refused', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const tab of ['Dashboard', 'Orders', 'Leads', 'Calls', 'Reports', 'Promotions'])
    await expect(nav.getByRole('link', { name: tab })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Return Management' })).toHaveCount(0);
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/admin/mailbox');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('You are not allowed to open that screen')).toBeVisible();
});

test('signed out, a deep link asks for sign-in; signed in, it opens and survives a reload', async ({ page }) => {
  await page.goto('/reports/vendors');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'agent@demo.test');
  // Signing in returns to the screen asked for.
  await expect(page).toHaveURL(/\/reports\/vendors$/);
  await expect(page.getByRole('heading', { name: 'Reports: Vendors' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reports: Vendors' })).toBeVisible();
  await userMenu(page, 'Log Out');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You have been signed out.')).toBeVisible();
});

test('report tabs follow the role', async ({ page }) => {
  await signIn(page, 'regional@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  const tabs = page.getByRole('tablist');
  for (const tab of ['Dashboard', 'Lead Volume', 'Rankings', 'Calls', 'Returns', 'Packages', 'Agent Status'])
    await expect(tabs.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Vendors' })).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Rankings' }).click();
  await expect(page).toHaveURL(/\/reports\/rankings$/);
  await expect(page.getByRole('heading', { name: 'Reports: Rankings' })).toBeVisible();
});

test('a browser without local storage is warned that settings may not work', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get: () => { throw new Error('denied'); } });
  });
  await page.goto('/login');
  await expect(page.getByText('Settings may not work.', { exact: false })).toBeVisible();
});
