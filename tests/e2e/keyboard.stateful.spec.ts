import { expect, test, type Page } from '@playwright/test';
import { leadListChangeText } from '../../src/domain/announcements';
import { STORAGE_KEYS } from '../../src/web/ui/storage';
import { signIn } from './helpers';

/**
 * Issue 23: a live table says what changed without taking the focus. The demo agent's lead
 * list is open on New with the focus on a control of the page; one of their Contacted
 * leads is set back to New through the API (as another tab of theirs would), the server
 * pushes the change, and the list's polite status region says "1 lead added" while the
 * focus stays put; then the lead is set back to Contacted, which it says too. Stateful:
 * it changes a lead's status for a moment, and restores it even when it fails.
 */

/** Set a lead's agent status as the page's session (POST /leads/status/{id}). */
const setStatus = (page: Page, leadId: string, statusName: string) =>
  page.evaluate(
    async ([id, status, key]) => {
      const res = await fetch(`/rest/leads/status/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem(key)}` },
        body: JSON.stringify({ statusName: status }),
      });
      return res.status;
    },
    [leadId, statusName, STORAGE_KEYS.token] as const,
  );

test('the lead list says "1 lead added" when a lead arrives by server push, and the focus stays where it was', async ({ page }) => {
  await signIn(page, 'agent@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto('/leads/contacted');
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  const leadId = (await page.getByTestId('lead-row').first().getAttribute('data-lead-id'))!;

  await page.goto('/leads/new');
  await expect(page.getByTestId('lead-row').first()).toBeVisible();
  const announcer = page.getByRole('status').and(page.getByTestId('leads-announcer'));
  await expect(announcer).toHaveText('');
  const range = page.getByTestId('leads-range');
  const before = Number(/of ([\d,]+)$/.exec(await range.innerText())![1].replace(/,/g, ''));
  // The focus on a control of the page, reached by Tab: the page size, under the table.
  const pageSize = page.getByRole('combobox', { name: 'Leads per page' });
  for (let i = 0; i < 120 && !(await pageSize.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(pageSize).toBeFocused();

  try {
    expect(await setStatus(page, leadId, 'new')).toBe(200);
    await expect(page.locator(`[data-testid="lead-row"][data-lead-id="${leadId}"]`)).toBeVisible({ timeout: 10_000 });
    await expect(announcer).toHaveText(leadListChangeText(1));
    await expect(range).toContainText(`of ${(before + 1).toLocaleString('en-US')}`);
    await expect(pageSize).toBeFocused();
  } finally {
    expect(await setStatus(page, leadId, 'contacted')).toBe(200);
  }
  // Set back, it leaves the list, which says so; the focus still has not moved.
  await expect(announcer).toHaveText(leadListChangeText(-1));
  await expect(range).toContainText(`of ${before.toLocaleString('en-US')}`);
  await expect(pageSize).toBeFocused();
});
