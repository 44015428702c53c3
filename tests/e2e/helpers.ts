import { expect, test, type Locator, type Page } from '@playwright/test';
import type { components } from '../../src/api/schema';
import { CLD_TEXT } from '../../src/domain/cld/access';
import { SERVER_TIME_HEADER } from '../../src/domain/clock';
import { TOKEN_HEADER } from '../../src/domain/session';
import { STORAGE_KEYS } from '../../src/web/ui/storage';
import { isoDayIn } from '../../src/domain/time/zone';

export const DEMO_PASSWORD = 'Leadline#2026';

/**
 * Sign in. A fresh page (about:blank) in a seeded lane resumes the session this worker
 * last had for that account when the server still honours it: the token goes into
 * localStorage before the app loads, which then opens the account's default screen, as
 * the form would have. That spares each spec the form and its captcha (~1.5 s on a
 * quiet machine); the sign-in itself is what the login, captcha, deep-link and session
 * specs test, through the form (`viaForm`, or a page already on /login).
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, opts: { viaForm?: boolean } = {}): Promise<void> {
  const key = `${test.info().project.use.baseURL}|${email}`;
  const resumable = !opts.viaForm && password === DEMO_PASSWORD && page.url() === 'about:blank' && test.info().project.name.startsWith('seeded');
  const token = resumable ? await honoured(page, email, sessions.get(key)) : null;
  followToken(page, key);
  if (token) {
    await page.addInitScript(
      ([k, t]) => {
        // Once per tab: a later sign-out in the spec must stay signed out across reloads.
        if (sessionStorage.getItem('e2e.resumed')) return;
        sessionStorage.setItem('e2e.resumed', '1');
        localStorage.setItem(k, t);
      },
      [STORAGE_KEYS.token, token] as const,
    );
    await page.goto('/login');
    return;
  }
  if (!page.url().includes('/login')) await page.goto('/login');
  await submitSignInForm(page, email, password);
}

/** Fill and send the sign-in form on the page (/login or /cld/login), once its captcha has solved itself. */
export async function submitSignInForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeEnabled({ timeout: 20_000 });
  await submit.click();
}

/** Sign in through the CLD login's own form (the captcha solves itself here, as on /login). */
export async function cldSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().endsWith('/cld/login')) await page.goto('/cld/login');
  await expect(page.getByRole('heading', { name: CLD_TEXT.loginTitle })).toBeVisible();
  await submitSignInForm(page, email, password);
}

/** This worker's latest token per lane and account (tokens rotate: every new one is kept). */
const sessions = new Map<string, string>();
/** The account each page last signed in as: its new tokens are that account's. */
const signedAs = new WeakMap<Page, string>();

function followToken(page: Page, key: string): void {
  const followed = signedAs.has(page);
  signedAs.set(page, key);
  if (followed) return;
  page.on('response', (r) => {
    const fresh = r.headers()[TOKEN_HEADER];
    const as = signedAs.get(page);
    if (fresh && as) sessions.set(as, fresh);
  });
}

/** The token if the server still takes it as this account's session, rotated if it rotates it now. */
async function honoured(page: Page, email: string, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const r = await page.request.get('/rest/authentication/user', { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok()) return null;
  // The form may have signed the page in as someone else since: the token must be this account's.
  const body = (await r.json()) as components['schemas']['AuthState'];
  if (body.original || body.user.email.toLowerCase() !== email.toLowerCase()) return null;
  return r.headers()[TOKEN_HEADER] ?? token;
}

/** Open the user menu and choose an item. */
export async function userMenu(page: Page, item: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Every toast showing. */
export const toasts = (page: Page) => page.locator('[data-toast]');

/**
 * The buttons among these (in view) whose centre is covered by something else: what a
 * person's click there would hit instead.
 */
export const coveredButtons = (buttons: Locator) =>
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

/** The newest toast of a type (error, warning, success, default). */
export const toastOf = (page: Page, type: 'error' | 'warning' | 'success' | 'default') => page.locator(`[data-toast="${type}"]`).last();

/**
 * Move the end-to-end server's clock forward (its CLOCK_CONTROL route), so a spec sees a
 * token rotate or a session age without waiting.
 */
export async function advanceServerClock(page: Page, seconds: number): Promise<void> {
  const res = await page.request.post('/test/clock', { data: { advanceSeconds: seconds } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The demo accounts' time zone (the users table's default): their "today" is this zone's. */
export const DEMO_TIME_ZONE = 'America/New_York';

/**
 * The server's time now. The end-to-end server runs on a set start (CLOCK_START in
 * playwright.config.ts), so specs ask it rather than reading the machine's clock.
 */
export async function serverNow(page: Page): Promise<Date> {
  const res = await page.request.get('/rest/health');
  return new Date(Number(res.headers()[SERVER_TIME_HEADER]));
}

/** The server's day (YYYY-MM-DD) `daysAgo` days back, in the demo accounts' zone. */
export async function serverDay(page: Page, daysAgo = 0): Promise<string> {
  return isoDayIn(new Date((await serverNow(page)).getTime() - daysAgo * 86_400_000), DEMO_TIME_ZONE);
}
