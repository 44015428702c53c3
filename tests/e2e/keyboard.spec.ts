import { expect, test, type Locator, type Page } from '@playwright/test';
import { gridKeysHelp } from '../../src/web/ui/time-blocker';
import { contrast } from '../../src/web/ui/contrast';
import { ROVING_LIST_KEYS } from '../../src/web/ui/use-roving-focus';
import { violations } from './axe';
import { signIn } from './helpers';

/**
 * Issue 23's keyboard paths, with the keyboard only (no click on what is tested): the order
 * schedule's and the concurrency settings' weekly grids, and the territory step's choices
 * and ZIP dialogs. Nothing is saved: the wizard edits order 1 and leaves without saving,
 * and the concurrency grid is painted back to what it was. The live lead list's
 * announcement is in keyboard.stateful.spec.ts (it changes a lead, then restores it).
 */
const SHOTS = 'test-results/keyboard';

/** Press Tab (Shift+Tab with `back`) until `target` has the focus; the presses it took. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached with ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
  return max;
}

/** Press a key `times` times, with Shift held when asked. */
async function press(page: Page, key: string, times = 1, shift = false): Promise<void> {
  if (shift) await page.keyboard.down('Shift');
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
  if (shift) await page.keyboard.up('Shift');
}

/** Replace the focused field's text by typing. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+a');
  await page.keyboard.type(text);
}

/** Signed in (a demo agent lands on the dashboard), at `path`. */
async function openAs(page: Page, email: string, path: string): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(path);
}

/** In a radius form whose ZIP field has the focus: the ZIP, Tab, the miles. */
async function fillRadius(page: Page, zip: string, miles: number): Promise<void> {
  await retype(page, zip);
  await page.keyboard.press('Tab');
  await retype(page, String(miles));
}

const focused = (page: Page) => page.locator(':focus');
/** A regular expression that matches this text exactly, as part of a longer one. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** The focus ring of the focused cell against the cell's own colour (WCAG 1.4.11 asks 3:1 of a focus indicator). */
const ringContrast = (page: Page) =>
  focused(page)
    .evaluate((el) => [getComputedStyle(el).outlineColor, getComputedStyle(el).backgroundColor])
    .then(([ring, cell]) => contrast(ring, cell));

test('the order schedule: reach the grid, move, paint and clear a range, and leave it, with the keys written under it', async ({ page }) => {
  await openAs(page, 'agent@demo.test', '/orders/orders/wizard/edit/1/schedule');
  await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'schedule', { timeout: 15_000 });
  const grid = page.getByRole('grid', { name: 'Weekly schedule' });
  const hours = page.getByTestId('schedule-hours');
  await expect(hours).toContainText('65 hours selected');
  // The grid says what its keys do, then the step's own words.
  await expect(grid).toHaveAccessibleDescription(literally(gridKeysHelp(15)));
  await expect(grid).toHaveAccessibleDescription(/Drag across the grid/);
  await expect(page.getByText(gridKeysHelp(15))).toBeVisible();

  // One Tab stop: the first cell, named with its day, time and value.
  await tabTo(page, grid.locator('[tabindex="0"]'));
  await expect(focused(page)).toHaveAccessibleName('Mon 12:00 am: off');
  expect(await ringContrast(page)).toBeGreaterThanOrEqual(3);
  await press(page, 'ArrowDown', 6);
  await press(page, 'PageDown', 9);
  await expect(focused(page)).toHaveAccessibleName('Sun 9:00 am: off');
  await page.keyboard.press('Space');
  await expect(focused(page)).toHaveAccessibleName('Sun 9:00 am: on');
  expect(await ringContrast(page)).toBeGreaterThanOrEqual(3);
  await press(page, 'ArrowRight', 3, true);
  await expect(focused(page)).toHaveAccessibleName('Sun 9:45 am: on');
  await expect(grid.getByRole('gridcell', { name: 'Sun 9:15 am: on' })).toHaveAttribute('aria-selected', 'true');
  await expect(hours).toContainText('66 hours selected');
  await grid.screenshot({ path: `${SHOTS}/schedule-painted.png` });
  // The axe walk opens the wizard's first step only: this one, with its keys, is checked here.
  expect(await violations(page)).toEqual([]);

  // Shift with an arrow from a filled slot empties as it moves; Delete empties one.
  await press(page, 'ArrowLeft', 2, true);
  await expect(focused(page)).toHaveAccessibleName('Sun 9:15 am: off');
  await expect(hours).toContainText('65.25 hours selected');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Delete');
  await expect(focused(page)).toHaveAccessibleName('Sun 9:00 am: off');
  await expect(hours).toContainText('65 hours selected');
  await page.keyboard.press('End');
  await expect(focused(page)).toHaveAccessibleName('Sun 11:45 pm: off');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('Home');
  await expect(focused(page)).toHaveAccessibleName('Sun 12:00 am: off');

  // Tab leaves the grid at once; Shift+Tab comes back to the same cell.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(focused(page)).toHaveAccessibleName('Sun 12:00 am: off');
});

test('the concurrency grid: the number it fills with is chosen by key, painted, changed and erased again', async ({ page }) => {
  await openAs(page, 'pro@demo.test', '/company/concurrency');
  const grid = page.getByRole('grid', { name: 'Concurrency schedule' });
  await expect(grid).toBeVisible();
  await expect(grid).toHaveAccessibleDescription(literally(gridKeysHelp(30)));
  const calls = page.getByRole('textbox', { name: 'Concurrent calls' });
  const undo = page.getByRole('button', { name: 'Undo changes' });
  await expect(undo).toBeDisabled();

  await tabTo(page, calls);
  await retype(page, '12');
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Mon 12:00 am: no limit');
  await press(page, 'ArrowDown', 2);
  await press(page, 'PageDown', 9);
  await page.keyboard.press('Enter');
  await expect(focused(page)).toHaveAccessibleName('Wed 9:00 am: 12 calls');
  await expect(focused(page)).toHaveText('12');
  await press(page, 'ArrowRight', 2, true);
  await expect(focused(page)).toHaveAccessibleName('Wed 10:00 am: 12 calls');
  await expect(grid.getByRole('gridcell', { name: 'Wed 9:30 am: 12 calls' })).toHaveText('12');

  // Back to the number, another one, and back into the grid where it was left.
  await page.keyboard.press('Shift+Tab');
  await expect(calls).toBeFocused();
  await retype(page, '1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(focused(page)).toHaveAccessibleName('Wed 10:00 am: 1 call');
  await grid.screenshot({ path: `${SHOTS}/concurrency-painted.png` });
  await expect(undo).toBeEnabled();

  // Erase, chosen on the Paint or erase control, then a range emptied along the row.
  await tabTo(page, page.getByRole('radio', { name: 'Paint' }), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Erase' })).toBeChecked();
  // The number is disabled while erasing: the next Tab stop is the grid.
  await page.keyboard.press('Tab');
  await expect(focused(page)).toHaveAccessibleName('Wed 10:00 am: 1 call');
  await press(page, 'ArrowLeft', 2, true);
  await expect(focused(page)).toHaveAccessibleName('Wed 9:00 am: no limit');
  await expect(grid.getByRole('gridcell', { name: /^Wed (9:30|10:00) am: no limit$/ })).toHaveCount(2);
  // Back to the saved week: nothing to undo, nothing saved.
  await expect(undo).toBeDisabled();
});

test('the territory: types, state, counties, the map and the ZIP list and dialogs, by key; the focus always lands somewhere useful', async ({ page }) => {
  test.setTimeout(90_000);
  // Order 1 covers the whole of Texas.
  await openAs(page, 'agent@demo.test', '/orders/orders/wizard/edit/1/territory');
  await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'territory', { timeout: 15_000 });
  const step = page.getByTestId('territory-step');
  const zipCount = page.getByTestId('zip-count');
  const countyBadge = step.getByText(/^\d+ of \d+ counties$/);

  // The type: arrows on the radios. The saved whole state becomes all its counties.
  await tabTo(page, page.getByRole('radio', { name: 'State' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Counties' })).toBeChecked();
  await expect(countyBadge).toHaveText('254 of 254 counties');

  // Another state, typed and picked; the focus stays in the field.
  await page.keyboard.press('Tab');
  const stateField = page.getByRole('combobox', { name: 'State' });
  await expect(stateField).toBeFocused();
  await retype(page, 'Delaw');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(stateField).toHaveValue('Delaware');
  await expect(countyBadge).toHaveText('3 of 3 counties');
  await expect(stateField).toBeFocused();
  const all = Number(/of ([\d,]+) selected/.exec(await zipCount.innerText())![1].replace(/,/g, ''));

  // The counties: one Tab stop, arrows inside, Space unticks.
  const counties = page.getByRole('group', { name: 'Counties of Delaware' });
  await expect(counties).toHaveAccessibleDescription(literally(ROVING_LIST_KEYS));
  await tabTo(page, counties.getByRole('checkbox').first(), { max: 3 });
  await page.keyboard.press('ArrowRight');
  await expect(focused(page)).toHaveAccessibleName(/^New Castle/);
  await page.keyboard.press('Space');
  await expect(countyBadge).toHaveText('2 of 3 counties');
  const fewer = Number(/of ([\d,]+) selected/.exec(await zipCount.innerText())![1].replace(/,/g, ''));
  expect(fewer).toBeLessThan(all);

  // One more Tab: past the list, onto the map, which says what its keys do.
  await page.keyboard.press('Tab');
  const map = page.getByRole('group', { name: 'Map of the territory' });
  await expect(map).toBeFocused();
  await expect(map).toHaveAccessibleDescription(/arrow keys move the map/);

  // The ZIP list: one Tab stop (after the map's zoom buttons), arrows, Space; one Tab leaves it.
  const zipList = page.getByRole('group', { name: 'ZIP codes' });
  expect(await tabTo(page, zipList.getByRole('checkbox').first(), { max: 3 })).toBe(3);
  await press(page, 'ArrowRight', 2);
  await page.keyboard.press('Space');
  await expect(zipCount).toContainText(`${(fewer - 1).toLocaleString('en-US')} of ${fewer.toLocaleString('en-US')} selected`);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/territory-counties.png`, fullPage: true });
  expect(await violations(page)).toEqual([]);

  // From Counties to ZIP list the arrows pass State and Radius: the counties' ZIPs stay.
  await tabTo(page, page.getByRole('radio', { name: 'Counties' }), { back: true });
  await press(page, 'ArrowLeft', 3);
  await expect(page.getByRole('radio', { name: 'ZIP list' })).toBeChecked();
  await expect(zipCount).toContainText(`${(fewer - 1).toLocaleString('en-US')} of ${fewer.toLocaleString('en-US')} selected`);

  // Add ZIP codes: the dialog takes the focus, Add closes it and gives the focus back.
  const add = page.getByRole('button', { name: 'Add ZIP codes' });
  await tabTo(page, add, { max: 2 });
  await page.keyboard.press('Enter');
  const addDialog = page.getByRole('dialog', { name: 'Add ZIP codes' });
  await expect(addDialog.getByRole('textbox', { name: 'ZIP codes' })).toBeFocused();
  await page.keyboard.type('75201');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(addDialog).toHaveCount(0);
  await expect(add).toBeFocused();
  await expect(zipList.getByRole('checkbox', { name: '75201' })).toBeChecked();

  // Generate from a radius, in its dialog: the list is replaced, the focus comes back.
  const generate = page.getByRole('button', { name: 'Generate from a radius' });
  await page.keyboard.press('Tab');
  await expect(generate).toBeFocused();
  await page.keyboard.press('Enter');
  const generateDialog = page.getByRole('dialog', { name: 'Generate ZIP codes' });
  await tabTo(page, generateDialog.getByRole('textbox', { name: /Regional ZIP code/ }), { max: 3 });
  await fillRadius(page, '19901', 10);
  await page.keyboard.press('Enter');
  await expect(generateDialog).toHaveCount(0);
  await expect(generate).toBeFocused();
  await expect(zipList.getByRole('checkbox', { name: '19901' })).toBeChecked();
  await expect(zipList.getByRole('checkbox', { name: '75201' })).toHaveCount(0);

  // Clear, after asking: the Clear button is then disabled, so Add ZIP codes takes the focus.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const clearDialog = page.getByRole('dialog', { name: 'Clear ZIP codes' });
  await expect(clearDialog).toBeVisible();
  await tabTo(page, clearDialog.getByRole('button', { name: 'Clear', exact: true }), { max: 3 });
  await page.keyboard.press('Enter');
  await expect(clearDialog).toHaveCount(0);
  await expect(zipCount).toHaveText('No ZIP codes yet');
  await expect(add).toBeFocused();

  // The radius form: Generate keeps the focus while it looks the ZIPs up.
  await tabTo(page, page.getByRole('radio', { name: 'ZIP list' }), { back: true });
  await page.keyboard.press('ArrowRight');
  await tabTo(page, page.getByRole('textbox', { name: /Regional ZIP code/ }), { max: 2 });
  await fillRadius(page, '19901', 10);
  await page.keyboard.press('Tab');
  const generateHere = page.getByRole('button', { name: 'Generate ZIP codes' });
  await expect(generateHere).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(zipList.getByRole('checkbox', { name: '19901' })).toBeChecked();
  await expect(generateHere).toBeFocused();
});
