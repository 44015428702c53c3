import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOKEN_ROTATE_AFTER_SECONDS } from '../../src/domain/session';
import { SessionCache } from '../../src/server/services/session-cache';
import { auditSwitchOnce } from '../../src/server/services/sessions';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function switchAudits(target: string, admin: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'switch_user' AND user_id = $1 AND original_user_id = $2`,
    [await userId(t, target), await userId(t, admin)],
  );
  return rows[0].n;
}

describe('a switch is audited once per session and target', () => {
  test('many requests of one switched session, concurrent ones too, write one audit row', async () => {
    const before = await switchAudits(DEMO.vendor, DEMO.admin);
    const client = await sessionFor(t, DEMO.admin, DEMO.vendor);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.GET('/authentication/user')));
    expect(answers.map((a) => a.response.status)).toEqual(Array(5).fill(200));
    expect((await client.GET('/mail/outbox')).response.status).toBe(200);
    // A rotated token is the same session.
    t.clock.advanceSeconds(TOKEN_ROTATE_AFTER_SECONDS + 1);
    expect((await client.GET('/authentication/user')).response.status).toBe(200);
    expect((await client.GET('/authentication/user')).response.status).toBe(200);
    expect(await switchAudits(DEMO.vendor, DEMO.admin)).toBe(before + 1);
  });

  test('another target, or another session of the same admin, is audited again', async () => {
    const before = { vendor: await switchAudits(DEMO.vendor, DEMO.superAdmin), pro: await switchAudits(DEMO.pro, DEMO.superAdmin) };
    const first = await sessionFor(t, DEMO.superAdmin, DEMO.vendor);
    await first.GET('/authentication/user');
    first.session.switchUser = DEMO.pro;
    await first.GET('/authentication/user');
    await first.GET('/authentication/user');
    const second = await sessionFor(t, DEMO.superAdmin, DEMO.vendor);
    await second.GET('/authentication/user');
    expect(await switchAudits(DEMO.vendor, DEMO.superAdmin)).toBe(before.vendor + 2);
    expect(await switchAudits(DEMO.pro, DEMO.superAdmin)).toBe(before.pro + 1);
  });

  test('the database holds it once even for instances that remember nothing', async () => {
    const userIdOf = await userId(t, DEMO.regional);
    const adminId = await userId(t, DEMO.admin);
    const s = { familyId: crypto.randomUUID(), userId: userIdOf, originalUserId: adminId };
    const before = await switchAudits(DEMO.regional, DEMO.admin);
    await auditSwitchOnce(t.db, new SessionCache(), t.clock.now(), s);
    await auditSwitchOnce(t.db, new SessionCache(), t.clock.now(), s);
    expect(await switchAudits(DEMO.regional, DEMO.admin)).toBe(before + 1);
  });

  test('a refused switch is not audited', async () => {
    const before = await switchAudits(DEMO.superAdmin, DEMO.admin);
    const client = await sessionFor(t, DEMO.admin, DEMO.superAdmin);
    expect((await client.GET('/authentication/user')).response.status).toBe(403);
    expect(await switchAudits(DEMO.superAdmin, DEMO.admin)).toBe(before);
  });
});
