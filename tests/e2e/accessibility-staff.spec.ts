import { expect, test } from '@playwright/test';
import { checkDialog, checkEveryScreenOf, open } from './axe';
import { signIn } from './helpers';

/** Accessibility for the staff (vendors, admins, super admins): every screen each may open, and a review dialog. See ./axe.ts. */
const STAFF = ['vendor@demo.test', 'admin@demo.test', 'super@demo.test'];

checkEveryScreenOf(STAFF);

test("an admin's return review dialog passes the same check, traps the focus and returns it", async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  await open(page, '/return-management', 'Return Management');
  expect(await checkDialog(page, page.getByTestId('row-deny').first(), /./)).toEqual([]);
});
