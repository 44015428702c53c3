import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { badInputSuite, useTestApp } from './suite';

/** Bad input on sign-in, passwords, terms, keys and registration (see suite.ts). */
const app = useTestApp();
badInputSuite('auth', app);

describe('login under random input', () => {
  test('any text as the body is a clear 4xx, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        const res = await app().request({ method: 'POST', url: '/rest/authentication/login', payload: text });
        expect([400, 422, 429]).toContain(res.statusCode);
      }),
      { numRuns: 150 },
    );
  });

  test('well-formed logins with random credentials are refused without a session', async () => {
    const arb = fc.record({
      username: fc.oneof(fc.emailAddress(), fc.string({ minLength: 1, maxLength: 254 })),
      password: fc.string({ minLength: 1, maxLength: 128 }),
      captcha: fc.oneof(fc.base64String({ minLength: 1, maxLength: 400 }), fc.string({ minLength: 1, maxLength: 400 })),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (body) => {
        const res = await app().request({ method: 'POST', url: '/rest/authentication/login', payload: body });
        expect([422, 429]).toContain(res.statusCode);
        expect(res.headers['x-auth-token']).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });
});

