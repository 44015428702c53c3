import { expect, test, type Locator, type Page } from '@playwright/test';
import { presetDays, type DatePreset } from '../../src/domain/time/choices';
import { addDays, addMonths, monthStart } from '../../src/domain/time/days';
import { DATE_RANGE_MSG } from '../../src/domain/time/range';
import { formatDayRange } from '../../src/domain/time-format';
import { serverDay, signIn } from './helpers';

/**
 * The one date-range selector (issue 18; document 000 section 9's choices), chosen and
 * picked as a person does: on return management (this month by default), the billing
 * activity and statement, lead search and live calls (whose addresses keep the days).
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/date-range';

const range = (page: Page) => page.getByTestId('date-range');
const choice = (page: Page) => range(page).getByLabel('Date range', { exact: true });

async function choose(page: Page, label: string) {
  await choice(page).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(choice(page)).toHaveValue(label);
}

/** How a calendar names a day: "14 April 2026". */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));

/** Open a day field on its current day's month, go to the day's month with the arrows and click the day. */
async function pick(page: Page, field: 'From' | 'To', day: string) {
  const shown = (await range(page).getAttribute(field === 'From' ? 'data-from' : 'data-to'))!;
  await range(page).getByLabel(field, { exact: true }).click();
  const months = monthIndex(day) - monthIndex(shown);
  for (let i = 0; i < Math.abs(months); i++) await page.getByRole('button', { name: months > 0 ? 'Next month' : 'Previous month' }).click();
  await page.locator(`button[aria-label="${dayLabel(day)}"]:not([data-outside])`).click();
  // The calendar closes on the pick; the next pick must not find this one's arrows still
  // there in its closing transition (two "Next month" buttons, seen once in CI).
  await expect(page.getByRole('button', { name: /^(Next|Previous) month$/ })).toHaveCount(0);
}

const days = async (el: Locator) => ({ from: await el.getAttribute('data-from'), to: await el.getAttribute('data-to') });

for (const width of [1440, 390]) {
  test(`return management: this month by default, every choice of the document, a custom range with its refusals at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin@demo.test');
    await expect(page).toHaveURL(/\/leads\/new$/);
    const today = await serverDay(page);
    await page.goto('/return-management');
    await expect(page.getByTestId('returns-row').first()).toBeVisible();

    // Index 3 of the document's choices, this month, with its days said beneath it.
    await expect(choice(page)).toHaveValue('This month');
    await expect(range(page)).toHaveAttribute('data-from', monthStart(today));
    await expect(range(page)).toHaveAttribute('data-to', today);
    await expect(range(page)).toContainText(formatDayRange({ from: monthStart(today), to: today }));
    await page.screenshot({ path: `${SHOTS}/returns-default-${width}.png`, fullPage: true });

    await choice(page).click();
    await expect(page.getByRole('option')).toHaveText([
      'Today', 'Yesterday', 'This week', 'This month', 'Last month', 'Last 10 days', 'Last 90 days', 'Last 90 days and beyond', 'Custom',
    ]);
    await page.screenshot({ path: `${SHOTS}/returns-choices-${width}.png` });
    await page.keyboard.press('Escape');

    // A choice asks the server for its days.
    const lastMonth = presetDays('lastMonth' as DatePreset, today);
    const asked = page.waitForResponse((r) => r.url().includes('/rest/returns?') && r.url().includes(`start=${lastMonth.from}`) && r.url().includes(`end=${lastMonth.to}`));
    await choose(page, 'Last month');
    await asked;
    expect(await days(range(page))).toEqual(lastMonth);

    // Custom: two calendars holding the current days; a start after the end is refused on its field, in the server's words.
    await choose(page, 'Custom');
    await expect(range(page).getByLabel('From', { exact: true })).toBeVisible();
    await pick(page, 'From', addDays(lastMonth.to, 1));
    await expect(range(page).getByText(DATE_RANGE_MSG.startAfterEnd)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: DATE_RANGE_MSG.startAfterEnd })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/returns-refused-${width}.png`, fullPage: true });
    await pick(page, 'To', today);
    await expect(range(page).getByText(DATE_RANGE_MSG.startAfterEnd)).toHaveCount(0);
    expect(await days(range(page))).toEqual({ from: addDays(lastMonth.to, 1), to: today });
    // Those days are this month's: the choice still reads Custom while picking.
    await expect(choice(page)).toHaveValue('Custom');
    await expect(page.getByTestId('returns-row').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/returns-custom-${width}.png`, fullPage: true });
  });
}

test('billing: the activity shows this month; the statement opens on a custom range that cannot end after today', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const today = await serverDay(page);
  await page.goto('/settings/billing/activity');
  await expect(choice(page)).toHaveValue('This month');
  await expect(range(page)).toHaveAttribute('data-to', today);
  await choose(page, 'Last 10 days');
  expect(await days(range(page))).toEqual({ from: addDays(today, -9), to: today });
  await page.screenshot({ path: `${SHOTS}/billing-activity.png`, fullPage: true });

  await page.goto('/settings/billing/billing-statement');
  await expect(choice(page)).toHaveValue('Custom');
  expect(await days(range(page))).toEqual({ from: addMonths(today, -3), to: today });
  await range(page).getByLabel('To', { exact: true }).click();
  await expect(page.locator(`button[aria-label="${dayLabel(addDays(today, 1))}"]`).first()).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/billing-statement.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await choose(page, 'Last 90 days and beyond');
  expect(await days(range(page))).toEqual({ from: addDays(today, -179), to: addDays(today, -90) });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
});

test('lead search and live calls keep the chosen days in their address', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const today = await serverDay(page);
  const from = addDays(today, -40);
  await page.goto(`/leads/all?dateFrom=${from}&dateTo=${today}`);
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  await expect(choice(page)).toHaveValue('Custom');
  expect(await days(range(page))).toEqual({ from, to: today });
  // Lead search offers document 002's choices.
  await choice(page).click();
  await expect(page.getByRole('option')).toHaveText(['Today', 'Yesterday', 'This week', 'This month', 'Last month', 'Last 10 days', 'Custom']);
  await page.getByRole('option', { name: 'Yesterday', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`dateFrom=${addDays(today, -1)}&dateTo=${addDays(today, -1)}`));
  await page.reload();
  await expect(choice(page)).toHaveValue('Yesterday');

  await page.goto('/calls/live');
  await expect(choice(page)).toHaveValue('Last 10 days');
  await choose(page, 'This month');
  await expect(page).toHaveURL(new RegExp(`startDate=${monthStart(today)}&endDate=${today}`));
  await page.reload();
  await expect(choice(page)).toHaveValue('This month');
  await page.screenshot({ path: `${SHOTS}/calls.png`, fullPage: true });
});
