import { expect, test, type Locator, type Page } from '@playwright/test';
import { ORDER_MSG } from '../../src/domain/orders/messages';
import { signIn, userMenu } from './helpers';

/**
 * Toasts never hide what a person acts on or reads (issue 18): a modal's buttons stay
 * clickable while a toast shows, and the wizard's confirmation summary is not covered,
 * at a desktop width and a phone's. Stateful: it creates a user.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/toasts';
const WIDTHS = [1440, 390];

/** The buttons among these whose centre is covered by something else (what a click would hit instead). */
const covered = (buttons: Locator) =>
  buttons.evaluateAll((els) =>
    els
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.bottom < 0 || r.top > window.innerHeight) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && !el.contains(hit);
      })
      .map((el) => el.textContent ?? ''),
  );

const toasts = (page: Page) => page.locator('[data-toast]');

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
    expect(await covered(modal.getByRole('button'))).toEqual([]);
    await expect(toasts(page).first()).toBeVisible();
    await user.getByRole('button', { name: 'Switch into user' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('switched-banner')).toContainText(`toast.${stamp}@example.test`);
  });

  test(`toasts leave the wizard's confirmation summary uncovered at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await signIn(page, 'agent@demo.test');
    await page.waitForURL(/\/dashboard/);
    await page.goto('/orders/orders/wizard/edit/1/package');
    await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'package', { timeout: 15_000 });
    // Two warnings (a fixed package, fewer vendors), then the confirmation while they show.
    await page.getByRole('button', { name: 'Choose Auto Shared Leads' }).click();
    await expect(toasts(page).filter({ hasText: ORDER_MSG.packageLocked })).toBeVisible();
    const steps = page.locator('nav[aria-label="Order steps"]');
    await steps.getByText('Vendors').click();
    await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'vendors');
    await page.locator('.mantine-Switch-track').first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toasts(page).filter({ hasText: ORDER_MSG.fewVendors })).toBeVisible();
    await steps.getByText('Confirmation').click();
    // The unsaved-changes prompt's buttons take their clicks with the toasts showing.
    const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(prompt).toBeVisible();
    expect(await covered(prompt.getByRole('button'))).toEqual([]);
    await prompt.getByRole('button', { name: 'Discard' }).click();
    await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'confirmation');
    await expect(toasts(page)).toHaveCount(2);
    const summary = page.getByTestId('order-summary');
    await expect(summary).toBeVisible();
    await expect(toasts(page).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/wizard-summary-${width}.png` });
    const box = (await summary.boundingBox())!;
    for (const t of await toasts(page).all()) {
      const b = await t.boundingBox();
      if (!b) continue;
      const overlaps = b.x < box.x + box.width && box.x < b.x + b.width && b.y < box.y + box.height && box.y < b.y + b.height;
      expect(overlaps, `a toast at ${JSON.stringify(b)} covers the summary at ${JSON.stringify(box)}`).toBe(false);
    }
  });
}
