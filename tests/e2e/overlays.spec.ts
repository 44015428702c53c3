import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Dialogs stay above the territory map: Leaflet's panes (z-index 400 and up) are kept
 * inside the map, so the Add, Generate and Clear ZIP dialogs take their own clicks,
 * clicked as a person does.
 */
test("the territory step's ZIP dialogs are clicked over the map", async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await page.waitForURL(/\/dashboard/);
  await page.goto('/orders/orders/wizard/edit/1/territory');
  await expect(page.locator('[data-step]')).toHaveAttribute('data-step', 'territory', { timeout: 15_000 });
  await page.getByRole('radiogroup', { name: 'Territory type' }).getByText('ZIP list').click();
  await expect(page.getByTestId('territory-map')).toHaveAttribute('data-shapes', 'loaded');

  await page.getByRole('button', { name: 'Add ZIP codes' }).click();
  const add = page.getByRole('dialog', { name: 'Add ZIP codes' });
  await add.getByLabel('ZIP codes').fill('19901 19904');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText(/of \d+ ZIP codes selected/)).toBeVisible();

  await page.getByRole('button', { name: 'Generate from a radius' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate ZIP codes' });
  await generate.getByLabel('Regional ZIP code').fill('19901');
  await generate.getByLabel('Radius (miles)').fill('10');
  await generate.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(generate).toBeHidden();

  await page.getByRole('button', { name: 'Clear ZIP codes' }).click();
  const clear = page.getByRole('dialog', { name: 'Clear ZIP codes' });
  await clear.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(clear).toBeHidden();
  await expect(page.getByText('The list is empty.')).toBeVisible();
});
