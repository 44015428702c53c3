import { expect, test } from '@playwright/test';
import { coveredButtons, signIn, toasts, userMenu } from './helpers';

/**
 * A toast never hides a dialog's buttons (issue 18: it covered the user modal's close and
 * "Switch into user"): with the toast showing, every button of the modal takes its own
 * click, at a desktop width and a phone's. Stateful: it creates a user.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/toasts';
const WIDTHS = [1440, 390];

for (const width of WIDTHS) {
  test(`a toast leaves the user modal's buttons clickable at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const stamp = `${width}${Date.now().toString(36).slice(-5)}`;
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/leads\/new$/);
    await userMenu(page, 'User management');
    const modal = page.getByRole('dialog', { name: 'User management' });
    await expect(modal).toBeVisible();
    await modal.getByText('New user', { exact: true }).click();
    await modal.getByLabel('Email').fill(`toast.${stamp}@example.test`);
    await modal.getByLabel('First name').fill('Tess');
    await modal.getByLabel('Last name').fill('Toast');
    await modal.getByLabel('Company').fill(`Toast ${stamp} Agency`);
    await modal.getByRole('button', { name: 'Create and invite' }).click();
    await expect(toasts(page).filter({ hasText: `Invitation sent to toast.${stamp}@example.test` })).toBeVisible();
    const user = modal.getByTestId('user-page');
    await expect(user).toContainText(`toast.${stamp}@example.test`);
    await page.screenshot({ path: `${SHOTS}/user-modal-${width}.png` });
    // Every button of the modal takes its own click while the toast shows.
    expect(await coveredButtons(modal.getByRole('button'))).toEqual([]);
    await expect(toasts(page).first()).toBeVisible();
    await user.getByRole('button', { name: 'Switch into user' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('switched-banner')).toContainText(`toast.${stamp}@example.test`);
  });
}
