import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** An admin, signed in in this page, issues a one-time key through the API. */
async function issueKey(page: Page, email: string, purpose: 'sso' | 'tos'): Promise<string> {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/leads\/new$/);
  const url = await page.evaluate(async (body) => {
    const res = await fetch('/rest/authentication/keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('leadline.token')}` },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { url: string }).url;
  }, { email, purpose });
  return new URL(url).pathname;
}

test('an SSO link signs the user in once and opens the default screen', async ({ page, browser }) => {
  const path = await issueKey(page, 'vendor@demo.test', 'sso');
  const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await visitor.goto(path);
  await expect(visitor).toHaveURL(/\/return-management$/);
  await visitor.close();
  const again = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await again.goto(path);
  // The refusal is said once, on the page with the way on (issue 18: it was a toast too).
  const refusal = again.getByText('This link is invalid or has expired');
  await expect(refusal).toBeVisible();
  await expect(again.getByRole('link', { name: 'Sign in with your password' })).toBeVisible();
  // A toast would follow within its container's first load: give it the time, then count.
  await again.waitForLoadState('networkidle');
  await again.waitForTimeout(500);
  await again.screenshot({ path: 'test-results/keys/sso-refused.png' });
  await expect(refusal).toHaveCount(1);
  await expect(again.locator('[data-toast]')).toHaveCount(0);
  await again.close();
});

test('a terms link takes the same initials twice, then thanks the user', async ({ page, browser }) => {
  const path = await issueKey(page, 'pro@demo.test', 'tos');
  const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await visitor.goto(path);
  await visitor.getByLabel('Initials', { exact: true }).fill('PP');
  await visitor.getByLabel('Initials again').fill('PQ');
  await visitor.getByRole('button', { name: 'I accept' }).click();
  await expect(visitor.getByTestId('terms-warning')).toHaveText(
    'You have to agree to LV terms and conditions by adding the same initials to both boxes',
  );
  await visitor.getByLabel('Initials again').fill('PP');
  await visitor.getByRole('button', { name: 'I accept' }).click();
  await expect(visitor.getByText('Thank you. The terms of service are accepted.')).toBeVisible();
  await visitor.close();
});
