import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Issue 9's "done when" in Chromium: the vendor pings and then posts a lead in the API
 * debugger, and the agent whose order bought it (the demo's around-the-clock order, so the
 * ping matches on any day at any hour) sees its price leave their balance and the lead
 * arrive in their open lead list without reloading (server push); then a call is matched and posted, and the simulator connects
 * and completes it. Screenshots in /tmp/shots-live/. Stateful: it sells a lead and a call.
 */
const SHOTS = '/tmp/shots-live';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

async function signedIn(browser: Browser, email: string, landing: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(landing);
  return page;
}
const DEMO_TOKEN = 'demo-sales-demo-vendor';
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const TX_LEAD = { vertical: 'autoins', zipcode: '78209', state: 'TX', age: 41, vehicles: 1, housing: 'own' };

async function sendStep(page: Page, body: object, label: RegExp) {
  await page.getByLabel('Body').fill(JSON.stringify(body, null, 2));
  await page.getByRole('button', { name: label }).click();
  await expect(page.getByTestId('response-status')).toBeVisible();
  return JSON.parse((await page.getByTestId('response-body').textContent()) ?? '{}') as Record<string, unknown>;
}

test('a vendor pings then posts a lead in the debugger; the buying agent sees the price leave the balance and the lead arrive live', async ({ browser }) => {
  test.setTimeout(120_000);
  const agent = await signedIn(browser, 'agent@demo.test', /\/dashboard$/);
  await agent.goto('/settings/billing/activity');
  const balance = agent.getByTestId('billing-balance');
  await expect(balance).toHaveText(/^\$[\d,]+\.\d\d$/);
  const before = cents((await balance.textContent())!);
  // The agent's lead list, open in another page of the same session.
  const leads = await agent.context().newPage();
  await leads.goto('/leads/new');
  await expect(leads.getByTestId('lead-table')).toBeVisible();
  await expect(leads.getByTestId('count-new')).not.toHaveText('…');
  const newBefore = Number((await leads.getByTestId('count-new').innerText()).replace(/,/g, ''));
  const stamp = String(Date.now()).slice(-6);
  const buyer = { first: 'Rosa', last: `Live${stamp}` };

  const vendor = await signedIn(browser, 'vendor@demo.test', /\/return-management$|\/api\//);
  await vendor.goto('/api/post-lead');
  await expect(vendor).toHaveTitle('API Debugger: Post Lead · Leadline');
  const tabs = vendor.getByRole('tablist', { name: 'API Debugger' });
  for (const tab of ['Post Lead', 'Ping Lead', 'Ping-Post Lead', 'Ping Call', 'Ping-Post Call']) await expect(tabs.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  await expect(vendor.getByLabel('Body')).toHaveValue(/"first_name"/);
  await shot(vendor, 'debugger-post-lead');

  await tabs.getByRole('tab', { name: 'Ping-Post Lead' }).click();
  await expect(vendor).toHaveURL(/\/api\/pingpost-lead$/);
  // The vendor's existing sales token is chosen: nothing to paste, nothing issued.
  await expect(vendor.getByTestId('signed-by')).toContainText(`ending in ${DEMO_TOKEN.slice(-4)}`);
  const ping = await sendStep(vendor, TX_LEAD, /Send: 1\. Ping/);
  // The demo agent's around-the-clock order (src/server/seed/marketplace.ts) buys a Texas
  // auto lead of the demo vendor at any hour of any day, outbidding the other demo orders.
  expect(ping).toMatchObject({ matched: true, ping_id: expect.any(String) });
  await expect(vendor.getByText('Ping ids stored: 1')).toBeVisible();
  await expect(vendor.getByTestId('request-path')).toHaveText(`/v2/pingpost/${String(ping.ping_id)}`);
  // The post starts from what was pinged (the edited Texas lead), with the sample's contact details.
  const postStart = JSON.parse(await vendor.getByLabel('Body').inputValue()) as Record<string, unknown>;
  expect(postStart).toMatchObject({ ...TX_LEAD, first_name: expect.any(String), home_phone: expect.any(String) });
  await shot(vendor, 'debugger-pinged');

  // A refused post (another ZIP than the ping's) keeps the ping id for the next try.
  const refused = await sendStep(vendor, { ...postStart, zipcode: '60614', state: 'IL' }, /Send: 2\. Post/);
  expect(refused).toMatchObject({ errors: [{ field: 'zipcode' }] });
  await expect(vendor.getByText('Ping ids stored: 1')).toBeVisible();
  await expect(vendor.getByTestId('request-path')).toHaveText(`/v2/pingpost/${String(ping.ping_id)}`);

  const sale = await sendStep(vendor, { ...postStart, first_name: buyer.first, last_name: buyer.last, home_phone: `21038${stamp.slice(-5)}`,
    email: `rosa.live.${stamp}@example.com` }, /Send: 2\. Post/);
  expect(sale).toMatchObject({ sold: true, buyers: 1 });
  await expect(vendor.getByText('Ping ids stored: 0')).toBeVisible();
  await shot(vendor, 'debugger-posted');

  // No reload: the agent's open billing page hears the sale and shows the new balance, and
  // their open lead list shows the new lead at the top of New, its count one up.
  await expect.poll(async () => cents((await balance.textContent())!), { timeout: 10_000 }).toBe(before - Number(sale.price_cents));
  await shot(agent, 'agent-balance-after-sale');
  const bought = leads.getByTestId('lead-row').filter({ hasText: `${buyer.first} ${buyer.last}` });
  await expect(bought).toBeVisible({ timeout: 10_000 });
  await expect(bought).toHaveAttribute('data-lead-id', String((sale.lead_ids as number[])[0]));
  await expect(leads.getByTestId('lead-row').first()).toHaveAttribute('data-lead-id', String((sale.lead_ids as number[])[0]));
  await expect(leads.getByTestId('count-new')).toHaveText((newBefore + 1).toLocaleString('en-US'));
  await shot(leads, 'agent-lead-list-after-sale');
});

test('a vendor matches and posts a call; the simulator connects and completes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const vendor = await signedIn(browser, 'vendor@demo.test', /\/return-management$|\/api\//);
  await vendor.goto('/api/pingpost-call');
  await expect(vendor).toHaveTitle('API Debugger: Ping-Post Call · Leadline');
  // The call vendor's token, typed (the demo vendor sells no calls).
  await vendor.getByRole('combobox', { name: 'Sales API token' }).click();
  await vendor.getByRole('option', { name: 'Type a token' }).click();
  await vendor.getByLabel('Token to send').fill('demo-sales-callbridge');
  await expect(vendor.getByLabel('Headers')).toHaveValue(/"authorization": "Basic /);
  const match = await sendStep(vendor, { ...TX_LEAD, caller_id: '2105550177' }, /Send: 1\. Ping call/);
  await shot(vendor, 'debugger-call-matched');
  // The e2e server's clock starts on a weekday morning in the demo's zone (CLOCK_START):
  // the demo's call orders are in their schedule, so the call is taken on any day.
  expect(match, JSON.stringify(match.raw)).toMatchObject({ matched: true, call_id: expect.any(String) });
  await expect(vendor.getByText('Call ids stored: 1')).toBeVisible();
  const posted = await sendStep(vendor, {}, /Send: 2\. Post/);
  expect(posted).toMatchObject({ connected: true, call: { status: 'pending-connection' } });
  await shot(vendor, 'debugger-call-posted');
  const callId = (posted.call as { id: number }).id;

  const admin = await signedIn(browser, 'admin@demo.test', /\/leads\/new$/);
  const status = () =>
    admin.evaluate(async (id) => {
      const res = await fetch(`/rest/live-calls/call/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem('leadline.token')}` } });
      return ((await res.json()) as { status: string }).status;
    }, callId);
  await expect.poll(status, { timeout: 30_000 }).toMatch(/^(in-progress|completed|no-answer)$/);
  await expect.poll(status, { timeout: 30_000 }).toMatch(/^(completed|no-answer)$/);
});

/** The signed-in vendor's live tokens (GET /vendors/me/apis) as the page's session reads them. */
const liveTokens = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/rest/vendors/me/apis', { headers: { authorization: `Bearer ${localStorage.getItem('leadline.token')}` } });
    return ((await res.json()) as { apis: Array<{ id: number; hint: string }> }).apis;
  });
/** A ping with the demo vendor's own token, as its production system sends it. */
const productionPing = (page: Page) =>
  page.evaluate(async ([token, lead]) => {
    const res = await fetch('/rest/v2/ping', { method: 'POST', headers: { authorization: `Basic ${btoa(`${token}:`)}`, 'content-type': 'application/json' }, body: JSON.stringify(lead) });
    return res.status;
  }, [DEMO_TOKEN, TX_LEAD] as const);

test("the debugger never issues or revokes a token; issuing is confirmed and names the token it revokes", async ({ browser }) => {
  test.setTimeout(120_000);
  const vendor = await signedIn(browser, 'vendor@demo.test', /\/return-management$|\/api\//);
  await vendor.goto('/api/ping-lead');
  const before = await liveTokens(vendor);
  expect(before.map((a) => a.hint)).toContain(DEMO_TOKEN.slice(-4));

  // Every tab, a send from each: the tokens stay as they were.
  for (const [tab, label] of [['Ping Lead', /Send: Ping/], ['Post Lead', /Send: Post/], ['Ping Call', /Send: Ping call/]] as const) {
    await vendor.getByRole('tablist', { name: 'API Debugger' }).getByRole('tab', { name: tab, exact: true }).click();
    await vendor.getByRole('button', { name: label }).click();
    await expect(vendor.getByTestId('response-status')).not.toHaveText('401');
  }
  expect(await liveTokens(vendor)).toEqual(before);
  expect(await productionPing(vendor)).toBe(200);

  // With five live tokens, issuing names the one it would revoke; cancelling changes nothing.
  for (let n = before.length; n < 5; n++)
    await vendor.evaluate(async () => {
      await fetch('/rest/vendors/me/apis', { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('leadline.token')}`, 'content-type': 'application/json' }, body: JSON.stringify({ revokes: null }) });
    });
  await vendor.reload();
  const full = await liveTokens(vendor);
  expect(full).toHaveLength(5);
  await vendor.getByRole('button', { name: 'Issue a new token' }).click();
  const dialog = vendor.getByRole('dialog', { name: 'Issue a new sales token?' });
  await expect(dialog.getByTestId('issue-consequence')).toContainText(`Your token ending in ${full.at(-1)!.hint}`);
  await expect(dialog.getByTestId('issue-consequence')).toContainText('will be revoked');
  await shot(vendor, 'debugger-issue-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await liveTokens(vendor)).toEqual(full);
  expect(await productionPing(vendor)).toBe(200);
});
