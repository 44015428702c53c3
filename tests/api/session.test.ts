import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SESSION_ABSOLUTE_EXPIRY_HOURS,
  SESSION_IDLE_EXPIRY_MINUTES,
  TOKEN_GRACE_SECONDS,
  TOKEN_HEADER,
  TOKEN_ROTATE_AFTER_SECONDS,
} from '../../src/domain/session';
import { DEMO, login, sessionFor } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const whoAmI = (token: string | null) => t.request({ method: 'GET', url: '/rest/authentication/user', token });

describe('token rotation', () => {
  test(`after ${TOKEN_ROTATE_AFTER_SECONDS / 60} minutes a new token arrives; the old one works ${TOKEN_GRACE_SECONDS} s more`, async () => {
    const { client } = await login(t, DEMO.agent);
    const old = client.session.token!;

    t.clock.advanceSeconds(TOKEN_ROTATE_AFTER_SECONDS - 1);
    const early = await whoAmI(old);
    expect(early.statusCode).toBe(200);
    expect(early.headers[TOKEN_HEADER]).toBeUndefined();

    t.clock.advanceSeconds(2);
    const rotated = await client.GET('/authentication/user');
    expect(rotated.response.status).toBe(200);
    const fresh = rotated.response.headers.get(TOKEN_HEADER);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect(client.session.token).toBe(fresh); // the client stored it

    // Requests still in flight with the old token keep working for the grace period,
    // and do not rotate again.
    t.clock.advanceSeconds(TOKEN_GRACE_SECONDS - 1);
    const inGrace = await whoAmI(old);
    expect(inGrace.statusCode).toBe(200);
    expect(inGrace.headers[TOKEN_HEADER]).toBeUndefined();

    t.clock.advanceSeconds(1);
    const expired = await whoAmI(old);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('session_lost');
    expect((await whoAmI(fresh)).statusCode).toBe(200);
  });

  test('concurrent requests with an old token rotate it once', async () => {
    const client = await sessionFor(t, DEMO.regional);
    const old = client.session.token;
    t.clock.advanceSeconds(TOKEN_ROTATE_AFTER_SECONDS + 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => whoAmI(old)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const issued = answers.map((a) => a.headers[TOKEN_HEADER]).filter(Boolean);
    expect(issued).toHaveLength(1);
  });

  test('logging out with the new token ends the old one too', async () => {
    const client = await sessionFor(t, DEMO.corporate);
    const old = client.session.token;
    t.clock.advanceSeconds(TOKEN_ROTATE_AFTER_SECONDS + 1);
    await client.GET('/authentication/user');
    expect(client.session.token).not.toBe(old);
    expect((await client.POST('/authentication/logout')).response.status).toBe(204);
    expect((await whoAmI(old)).statusCode).toBe(401);
    expect((await whoAmI(client.session.token)).statusCode).toBe(401);
  });
});

describe('session expiry', () => {
  test(`a session idle for ${SESSION_IDLE_EXPIRY_MINUTES} minutes is lost; activity keeps it alive`, async () => {
    const client = await sessionFor(t, DEMO.vendor);
    for (let i = 0; i < 3; i++) {
      t.clock.advanceMinutes(SESSION_IDLE_EXPIRY_MINUTES - 1);
      expect((await client.GET('/authentication/user')).response.status).toBe(200);
    }
    t.clock.advanceMinutes(SESSION_IDLE_EXPIRY_MINUTES);
    expect((await client.GET('/authentication/user')).response.status).toBe(401);
  });

  test(`a session ends ${SESSION_ABSOLUTE_EXPIRY_HOURS} hours after sign-in however busy it is`, async () => {
    const client = await sessionFor(t, DEMO.pro);
    const stepMinutes = SESSION_IDLE_EXPIRY_MINUTES - 5;
    let elapsed = 0;
    while (elapsed + stepMinutes < SESSION_ABSOLUTE_EXPIRY_HOURS * 60) {
      t.clock.advanceMinutes(stepMinutes);
      elapsed += stepMinutes;
      expect((await client.GET('/authentication/user')).response.status, `${elapsed} min`).toBe(200);
    }
    t.clock.advanceMinutes(stepMinutes);
    expect((await client.GET('/authentication/user')).response.status).toBe(401);
  });
});
