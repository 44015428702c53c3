import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { loadContract, type Operation } from '../../src/server/contract/openapi';
import { DEMO, sessionFor, userId } from '../helpers/accounts';
import { snapshot } from '../helpers/db-snapshot';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * The other-administrator rule on every operation that acts on another user, found in
 * openapi.yaml: a signed-in operation with a `userId` path parameter or an `email` in its
 * body. Each is called with its body examples (openapi.yaml's `examples`), aimed at a super
 * admin by a plain admin (403, nothing changed) and at a plain admin by a super admin.
 */
type Json = Record<string, unknown>;
const contract = loadContract();
const propsOf = (schema: Json | undefined) => (schema?.properties ?? {}) as Json;
/** Operations whose body email names a new account, not a target. */
const CREATES = new Set(['createUser']);
const actsOnUser = (op: Operation) =>
  !op.roles.includes('guest') &&
  !CREATES.has(op.operationId) &&
  ('userId' in propsOf(op.schema.params) || 'email' in propsOf(op.schema.body));
const OPERATIONS = contract.operations.filter(actsOnUser);

/** Where a stricter rule than the other-administrator one refuses even a super admin. */
const STRICTER: Record<string, string> = {
  updatePassword: 'a password is changed by its owner only',
  'issueAccessKey sso': 'a sign-in key is a switch into the account: never into an administrator',
  courtesyCredit: "courtesy money goes to a buyer's company, never an administrator's",
  courtesyDebit: "courtesy money goes to a buyer's company, never an administrator's",
};

/** Where a business rule, not the other-administrator rule, answers a super admin (an admin has registered). */
const BUSINESS: Record<string, string> = {
  inviteUser: 'only a user who has not registered gets an invitation',
};

/** The status a target needs for the operation to be allowed (set before, restored after). */
const STATUS_BEFORE: Record<string, string> = { reactivateUser: 'archived' };

/** Other path parameters of an operation, by name. */
const PATH_EXAMPLES: Record<string, string> = { featureId: 'lead-lists' };

interface Case {
  name: string;
  op: Operation;
  example: Json | undefined;
}
const CASES: Case[] = OPERATIONS.flatMap((op) => {
  const examples = (op.schema.body?.examples as Json[] | undefined) ?? [undefined];
  return examples.map((example) => ({
    name: [op.operationId, example?.purpose].filter(Boolean).join(' '),
    op,
    example,
  }));
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
// A status change on an administrator is undone, so the next case's sessions work.
afterEach(async () => {
  await t.db.query(`UPDATE users SET status = 'active' WHERE email = ANY($1) AND status <> 'active'`, [[DEMO.admin, DEMO.superAdmin]]);
});

/** The call of case `c` by `actor` on `target`, ready to send (its session made already). */
async function prepare(c: Case, actor: string, target: string) {
  const client = await sessionFor(t, actor);
  const id = await userId(t, target);
  let url = contract.basePath + c.op.path.replace('{userId}', String(id));
  for (const [name, value] of Object.entries(PATH_EXAMPLES)) url = url.replace(`{${name}}`, value);
  const status = STATUS_BEFORE[c.op.operationId];
  if (status) await t.db.query('UPDATE users SET status = $2 WHERE id = $1', [id, status]);
  const payload = c.example && ('email' in propsOf(c.op.schema.body) ? { ...c.example, email: target } : c.example);
  return () => t.request({ method: c.op.method, url, payload, token: client.session.token });
}

test('the contract has such operations, each with body examples when it takes a body', () => {
  expect(OPERATIONS.map((o) => o.operationId)).toEqual(
    expect.arrayContaining([
      'resetFailedLogins', 'issueAccessKey', 'adminResetPassword', 'updateProfile', 'updatePassword',
      'getUser', 'userHistory', 'archiveUser', 'cancelUser', 'reactivateUser', 'setCancelExhausting', 'inviteUser',
      'grantAlmPro', 'revokeAlmPro', 'addFeature', 'removeFeature', 'updateCrm', 'updateContact',
    ]),
  );
  for (const op of OPERATIONS.filter((o) => o.schema.body)) expect(op.schema.body?.examples, op.operationId).toBeTruthy();
});

describe.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  test('a plain admin acting on a super admin is refused, and nothing changes', async () => {
    const send = await prepare(c, DEMO.admin, DEMO.superAdmin);
    const before = await snapshot(t.db);
    const res = await send();
    expect(res.statusCode, res.body).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('a super admin acting on a plain admin is not held by the other-administrator rule', async () => {
    const res = await (await prepare(c, DEMO.superAdmin, DEMO.admin))();
    if (STRICTER[c.name]) {
      expect(res.statusCode, STRICTER[c.name]).toBe(403);
      return;
    }
    if (BUSINESS[c.name]) {
      expect(res.statusCode, BUSINESS[c.name]).toBe(422);
      return;
    }
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.body).not.toContain(MSG.switchIntoAdmin);
  });
});
