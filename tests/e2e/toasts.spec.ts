import { expect, test } from '@playwright/test';
import { ORDER_MSG } from '../../src/domain/orders/messages';
import { coveredButtons, signIn, toasts } from './helpers';

/**
 * Toasts never cover the wizard's confirmation summary (issue 18), nor the buttons of the
 * unsaved-changes prompt they show over, at a desktop width and a phone's. Nothing is
 * saved: the change is discarded.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/toasts';
const WIDTHS = [1440, 390];

for (const width of WIDTHS) {
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
    // One chosen vendor fewer (the track is what a person clicks; the input lies under it).
    await page.locator('.mantine-Switch-root').filter({ has: page.getByRole('switch', { checked: true }) }).first().locator('.mantine-Switch-track').click();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(toasts(page).filter({ hasText: ORDER_MSG.fewVendors })).toBeVisible();
    await steps.getByText('Confirmation').click();
    // The unsaved-changes prompt's buttons take their clicks with the toasts showing.
    const prompt = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(prompt).toBeVisible();
    expect(await coveredButtons(prompt.getByRole('button'))).toEqual([]);
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
