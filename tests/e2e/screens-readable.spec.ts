import { expect, test, type Locator } from '@playwright/test';
import { RETURN_STATUS_SHORT_LABELS, RETURN_STATUSES } from '../../src/domain/returns/status';
import { signIn } from './helpers';

/**
 * Screens read in full at common widths: no label of a badge, a button or a column cut
 * off with an ellipsis. Each case opens a screen as a person does and measures what
 * Chromium drew.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens-readable';
const WIDTHS = [1280, 1440, 1920];

/**
 * Elements among these whose text does not fit their box (what an ellipsis hides). Strict:
 * a label a fraction of a pixel too wide already ends in "…" ("CALL · NO-ANSW…" was 113
 * in 112).
 */
const clipped = (items: Locator) =>
  items.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent ?? ''));

for (const width of WIDTHS) {
  test(`return status badges read in full at ${width} px, each status its own words`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/leads\/new$/);
    await page.goto('/return-management');
    const badges = page.getByTestId('returns-table').getByTestId('return-status-badge');
    await expect(badges.first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/returns-${width}.png`, fullPage: true });
    expect(await clipped(badges.locator('.mantine-Badge-label'))).toEqual([]);
    // Each status's badge says which status it is (not only its colour), under a "Return status" column.
    await expect(page.getByTestId('returns-table').getByRole('columnheader', { name: 'Return status' })).toBeVisible();
    const shown = await badges.evaluateAll((els) => els.map((el) => [el.getAttribute('data-status') ?? '', (el as HTMLElement).innerText] as const));
    expect(new Set(shown.map(([s]) => s)).size, 'the seed lists several statuses').toBeGreaterThan(1);
    for (const [status, text] of shown) expect(text.toLowerCase()).toBe(RETURN_STATUS_SHORT_LABELS[status as (typeof RETURN_STATUSES)[number]].toLowerCase());
    expect(new Set(Object.values(RETURN_STATUS_SHORT_LABELS)).size).toBe(RETURN_STATUSES.length);
  });
}

/** The order list as cards (an agent) and as a table (a regional manager), from a phone to a wide screen. */
const ORDER_LIST_WIDTHS = [390, 768, 1280, 1440];
for (const [who, email] of [['cards', 'agent@demo.test'], ['table', 'regional@demo.test']] as const) {
  for (const width of ORDER_LIST_WIDTHS) {
    test(`order list ${who}: status badges and buttons read in full at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, email);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/orders/list');
      const rows = page.getByTestId('order-row');
      await expect(rows.first()).toBeVisible();
      await expect(rows.getByText('Paused', { exact: true }).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/orders-${who}-${width}.png`, fullPage: true });
      expect(await clipped(rows.locator('.mantine-Badge-root, .mantine-Badge-label, .mantine-Button-label'))).toEqual([]);
    });
  }
}

/** The lead table's product and status badges ("CALL · NO-ANSW…" at 1280 px before issue 18). */
for (const width of [390, 1280, 1440]) {
  test(`lead table badges read in full at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'agent@demo.test');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/leads/new');
    const rows = page.getByTestId('lead-row');
    await expect(rows.first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/leads-${width}.png`, fullPage: true });
    expect(await clipped(rows.locator('.mantine-Badge-root, .mantine-Badge-label'))).toEqual([]);
  });
}
