import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createMailSender, MAIL_CLAIM_TIMEOUT_MS, MAIL_MAX_ATTEMPTS, type MailTransport } from '../../src/server/services/mail';
import { addUser } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The outbox sender with SMTP set, through a transport the test controls: it may block
 * (a slow SMTP server) or fail. No database transaction may wait on it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ smtpUrl: 'smtp://unused.test' });
});
afterAll(() => t?.close());

/** A transport whose sends wait until released, and that fails while `failing` is set. */
function controlledTransport() {
  const sent: string[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const state = { failing: false, calls: 0 };
  const transport: MailTransport = {
    async sendMail(m) {
      state.calls += 1;
      if (gate) await gate;
      if (state.failing) throw new Error('SMTP said no');
      sent.push(m.to);
    },
    close() {},
  };
  return {
    transport,
    sent,
    state,
    block() {
      gate = new Promise((r) => (release = r));
    },
    release() {
      gate = null;
      release();
    },
  };
}

const statusOf = async (to: string) =>
  (await t.db.query<{ status: string; claimed_at: Date | null; attempts: number }>(
    'SELECT status, claimed_at, attempts FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  )).rows[0];

const queueResetMail = async (email: string) =>
  expect((await t.client().POST('/password/reset', { body: { email } })).response.status).toBe(200);

describe('createMailSender', () => {
  test('sends after its claim commits: a blocked SMTP send holds no transaction', async () => {
    const u = await addUser(t);
    await queueResetMail(u.email);
    expect((await statusOf(u.email)).status).toBe('queued');
    const smtp = controlledTransport();
    smtp.block();
    const sender = createMailSender({ db: t.db, clock: t.clock, smtpUrl: 'smtp://unused.test', from: 'x@leadline.test', transport: smtp.transport });
    const batch = sender.sendBatch();
    try {
      await vi.waitFor(() => expect(smtp.state.calls).toBeGreaterThan(0));
      // The claim is committed and visible to everyone while SMTP is still busy...
      expect(await statusOf(u.email)).toMatchObject({ status: 'sending', claimed_at: expect.any(Date) });
      // ...and another request that writes in a transaction does not wait for it.
      const other = await addUser(t);
      await queueResetMail(other.email);
      expect((await statusOf(other.email)).status).toBe('queued');
    } finally {
      smtp.release();
    }
    expect(await batch).toBeGreaterThan(0);
    expect(smtp.sent).toContain(u.email);
    expect((await statusOf(u.email)).status).toBe('sent');
  });

  test('two senders at once send each mail once', async () => {
    const u = await addUser(t);
    await queueResetMail(u.email);
    const smtp = controlledTransport();
    const make = () => createMailSender({ db: t.db, clock: t.clock, smtpUrl: 'smtp://unused.test', from: 'x@leadline.test', transport: smtp.transport });
    await Promise.all([make().sendBatch(50), make().sendBatch(50)]);
    expect(smtp.sent.filter((to) => to === u.email)).toHaveLength(1);
  });

  test('a failed send is queued again, and marked failed after the last try', async () => {
    const u = await addUser(t);
    await queueResetMail(u.email);
    const smtp = controlledTransport();
    smtp.state.failing = true;
    const sender = createMailSender({ db: t.db, clock: t.clock, smtpUrl: 'smtp://unused.test', from: 'x@leadline.test', transport: smtp.transport });
    await sender.sendBatch(50);
    expect(await statusOf(u.email)).toMatchObject({ status: 'queued', attempts: 1 });
    for (let i = 1; i < MAIL_MAX_ATTEMPTS; i++) await sender.sendBatch(50);
    expect(await statusOf(u.email)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
  });

  test('a claim left by a sender that died is claimed again once it is stale', async () => {
    const u = await addUser(t);
    await queueResetMail(u.email);
    const dead = controlledTransport();
    dead.block(); // never released: this sender "dies" mid-send
    const deadSender = createMailSender({ db: t.db, clock: t.clock, smtpUrl: 'smtp://unused.test', from: 'x@leadline.test', transport: dead.transport });
    void deadSender.sendBatch(50);
    await vi.waitFor(async () => expect((await statusOf(u.email)).status).toBe('sending'));

    const smtp = controlledTransport();
    const sender = createMailSender({ db: t.db, clock: t.clock, smtpUrl: 'smtp://unused.test', from: 'x@leadline.test', transport: smtp.transport });
    await sender.sendBatch(50);
    expect(smtp.sent).not.toContain(u.email); // a fresh claim is left alone
    t.clock.advance(MAIL_CLAIM_TIMEOUT_MS + 1000);
    await sender.sendBatch(50);
    expect(smtp.sent).toContain(u.email);
    expect((await statusOf(u.email)).status).toBe('sent');
  });
});
