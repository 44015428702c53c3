import { expect, test } from 'vitest';
import { DEMO, sessionFor } from '../../helpers/accounts';
import { badInputSuite, useTestApp } from './suite';

/** Bad input on health, server mode, the mailbox and the client warnings, and on the router itself (see suite.ts). */
const app = useTestApp();
badInputSuite('platform', app);

test('a path parameter longer than the router takes answers the error body, not the framework’s', async () => {
  for (const url of [`/rest/password/reset/${'A'.repeat(500)}`, `/rest/users/${'9'.repeat(500)}/failed-logins`]) {
    const res = await app().request({ method: url.includes('users') ? 'DELETE' : 'GET', url });
    expect(res.statusCode, url).toBe(400);
    expect(Object.keys(res.json()).every((k) => ['error', 'code', 'errors'].includes(k)), res.body).toBe(true);
  }
  // The longest key the contract allows still reaches its handler.
  const longest = await app().request({ method: 'GET', url: `/rest/password/reset/${'A'.repeat(128)}` });
  expect(longest.statusCode).toBe(404);
});

test('a huge skip or limit is 400, not a database error', async () => {
  const token = (await sessionFor(app(), DEMO.admin)).session.token;
  for (const q of ['skip=99999999999999999999', 'skip=2147483648', 'limit=1e309', 'skip=Infinity']) {
    const res = await app().request({ method: 'GET', url: `/rest/mail/outbox?${q}`, token });
    expect(res.statusCode, q).toBe(400);
  }
});
