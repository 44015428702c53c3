import { sessionFor } from './accounts';
import type { TestApp } from './test-app';

/** A moment's day (YYYY-MM-DD) in a zone: a raw lead's sale day in its buying agent's zone, as the rollups keep it. */
export const dayIn = (at: Date, zone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * GET requests under `base` as demo accounts, each signed in once and its token kept fresh
 * (the server rotates it), for the report tests that ask as several roles in turn.
 */
export function signedInGet(app: () => TestApp, base: string) {
  const tokens = new Map<string, string>();
  return async (email: string, path: string) => {
    const t = app();
    if (!tokens.has(email)) tokens.set(email, (await sessionFor(t, email)).session.token!);
    const r = await t.request({ method: 'GET', url: `${base}${path}`, token: tokens.get(email)! });
    const fresh = r.headers['x-auth-token'];
    if (typeof fresh === 'string') tokens.set(email, fresh);
    return r;
  };
}
