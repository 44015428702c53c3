import { expect, test, type Locator, type Page } from '@playwright/test';
import { CALLS_MSG } from '../../src/domain/calls/list';
import { RETURN_MSG } from '../../src/domain/returns/messages';
import { serverDay, serverNow, signIn } from './helpers';

/**
 * The live calls screen in Chromium (document 002 sections 2, 4, 5 and 9): an agent opens
 * /calls/live, sees the seeded calls (the e2e server plays calls 30 times faster, so the
 * calls the seed left ringing or connected have ended, with recordings, by the time this
 * runs: the active table then shows its empty state, checked against the API's count),
 * opens a call's details and recording, requests the return of a call of the last minutes,
 * and sees why another call may not be returned before trying.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/live-calls';
const HOUR = 3_600_000;

async function openMenu(page: Page, row: Locator, item: string): Promise<void> {
  await row.getByTestId('call-actions').click();
  await page.getByTestId(item).click();
}

test('an agent watches live calls, opens a call, listens to it, returns one and sees why another cannot be', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'agent@demo.test');
  await page.waitForURL(/\/dashboard/);
  await page.goto('/calls');
  await expect(page).toHaveURL(/\/calls\/live$/);
  await expect(page).toHaveTitle('Live Calls · Leadline');
  await expect(page.getByRole('heading', { name: 'Live Calls' })).toBeVisible();

  // Both tables load: the completed one has the seeded calls; the active one matches the API.
  const completed = page.getByTestId('completed-call-row');
  await expect(completed.first()).toBeVisible({ timeout: 20_000 });
  const activeCount = Number(await page.getByTestId('active-count').innerText());
  const apiActive = await page.evaluate(async () => {
    const res = await fetch('/rest/live-calls/all?status=in-progress,pending-connection', {
      headers: { authorization: `Bearer ${localStorage.getItem('leadline.token')}` },
    });
    return ((await res.json()) as { meta: { count: number } }).meta.count;
  });
  expect(activeCount).toBe(apiActive);
  if (activeCount === 0) await expect(page.getByTestId('active-empty')).toHaveText(CALLS_MSG.noActive);
  else await expect(page.getByTestId('active-call-row')).toHaveCount(Math.min(activeCount, 100));
  // A polite status region tells a screen reader how many calls are active, and follows them.
  await expect(page.getByRole('status').filter({ hasText: /call(s)? active/ })).toHaveText(activeCount === 0 ? 'No call active' : new RegExp(`^${activeCount} calls? active: \\d+ connected, \\d+ ringing$`));
  await expect(page.getByTestId('stat-billable-value')).toHaveText(/^\d[\d,]*$/);
  await expect(page.getByTestId('stat-cost-value')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('new-call-order')).toHaveAttribute('href', '/orders/orders/wizard/call-product');
  await page.screenshot({ path: `${SHOTS}/01-live-calls.png`, fullPage: true });

  // The details of the newest completed call.
  await openMenu(page, completed.first(), 'call-details-action');
  const details = page.getByTestId('call-details');
  await expect(details.getByTestId('call-progress')).toBeVisible();
  await expect(details.getByTestId('call-status')).toHaveText(/^(Completed|No answer)$/);
  await page.screenshot({ path: `${SHOTS}/02-details.png` });
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // A recording (the calls the simulator ended have one), played from the fetched WAV.
  const recorded = page.locator('[data-testid="completed-call-row"][data-recording="yes"]').first();
  await expect(recorded).toBeVisible();
  await openMenu(page, recorded, 'call-listen-action');
  const player = page.getByTestId('call-audio-player');
  await expect(player).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  // The player plays the whole call, not a few seconds of it.
  const seconds = Number(await recorded.getAttribute('data-duration'));
  expect(seconds).toBeGreaterThan(4);
  expect(await player.evaluate((a: HTMLAudioElement) => a.duration)).toBeCloseTo(seconds, 0);
  await page.screenshot({ path: `${SHOTS}/03-recording.png` });
  await page.keyboard.press('Escape');

  const rows = await completed.evaluateAll((trs) => trs.map((tr) => ({
    id: tr.getAttribute('data-call-id')!, status: tr.getAttribute('data-status')!, inserted: Date.parse(tr.getAttribute('data-inserted')!),
    returned: tr.getAttribute('data-return') !== 'none',
  })));
  const now = (await serverNow(page)).getTime();

  // An eligible call: completed within the last hours, not returned: no reason shows before
  // trying. (A seeded call's lead may be a click-to-call, which may never be returned: the
  // modal says so and the next call is tried.)
  const modal = page.getByTestId('return-modal');
  const recent = rows.filter((r) => r.status === 'completed' && !r.returned && now - r.inserted < 12 * HOUR);
  expect(recent.length, 'calls the seed left open and the simulator completed').toBeGreaterThan(0);
  let returned: string | null = null;
  for (const candidate of recent) {
    await openMenu(page, page.locator(`[data-testid="completed-call-row"][data-call-id="${candidate.id}"]`), 'lead-return-action');
    await expect(modal.getByTestId('return-request').or(modal.getByTestId('return-notice'))).toBeVisible();
    if (await modal.getByTestId('return-notice').isVisible()) {
      await expect(modal.getByTestId('return-notice')).toHaveText(RETURN_MSG.clickToCall);
      await page.keyboard.press('Escape');
      continue;
    }
    returned = candidate.id;
    break;
  }
  expect(returned, 'a call that may be returned').not.toBeNull();
  const row = page.locator(`[data-testid="completed-call-row"][data-call-id="${returned}"]`);
  await expect(modal.getByTestId('return-reason')).toHaveAttribute('placeholder', RETURN_MSG.reasonPlaceholder);
  await modal.getByTestId('return-reason').click();
  await expect(modal.getByRole('option', { name: 'Did not transfer' })).toBeVisible(); // a call's reasons, not a lead's
  await expect(modal.getByRole('option', { name: 'Wrong number' })).toHaveCount(0);
  await modal.getByRole('option', { name: 'Did not transfer' }).click();
  await modal.getByTestId('return-request').click();
  await expect(modal.getByTestId('return-banner')).toHaveText('Return requested');
  await expect(modal.getByTestId('return-status-badge')).toHaveText('Return Pending');
  await page.screenshot({ path: `${SHOTS}/04-return-requested.png` });
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('return-status-badge')).toHaveText('Pending');

  // Another call that may not be returned: the reason shows as the modal opens, with no
  // request button ('Agent did not answer' for an unanswered call of today, the call window
  // for a call of days ago; the click-to-call text comes first for a click-to-call).
  const noAnswer = rows.find((r) => r.status === 'no-answer' && !r.returned && now - r.inserted < 20 * HOUR);
  const old = rows.find((r) => !r.returned && now - r.inserted > 4 * 24 * HOUR);
  const ineligible = noAnswer ?? old;
  expect(ineligible, 'an unanswered call of today or a call of days ago').toBeTruthy();
  await openMenu(page, page.locator(`[data-testid="completed-call-row"][data-call-id="${ineligible!.id}"]`), 'lead-return-action');
  const notice = modal.getByTestId('return-notice');
  await expect(notice).toBeVisible();
  expect([noAnswer ? RETURN_MSG.noAnswer : RETURN_MSG.callTooOld, RETURN_MSG.clickToCall]).toContain((await notice.textContent())?.trim());
  await expect(modal.getByTestId('return-request')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/05-ineligible.png` });
  await page.keyboard.press('Escape');

  // The filters live in the address: a deep link with the sold filter and a day range.
  await page.goto(`/calls/live?startDate=2020-01-01&endDate=${await serverDay(page)}&sold=sold`);
  await expect(page.getByTestId('bad-filters')).toBeVisible(); // more than 2 years
  await page.goto(`/calls/live?sold=sold&duration=over30`);
  await expect(page.getByTestId('filter-sold')).toHaveValue('Sold');
  await expect(page.getByTestId('completed-call-row').first()).toBeVisible();
  await expect(page.locator('[data-testid="completed-call-row"][data-status="no-answer"]')).toHaveCount(0);
});
