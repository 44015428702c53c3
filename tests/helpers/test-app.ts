import type { FastifyInstance } from 'fastify';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import type { Db } from '../../src/server/db/db';
import { createContext } from '../../src/server/start';
import { TestClock } from './clock';
import { testConfig } from './config';
import { injectChecked, injectFetch, type RawRequest } from './inject-fetch';
import { openTestDatabase } from './test-database';

/** What a browser keeps: its token (replaced when the server rotates it) and a switch. */
export interface BrowserSession {
  token: string | null;
  switchUser: string | null;
}
export type TestClient = ApiClient & { session: BrowserSession; ip: string };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  clock: TestClock;
  /** The typed client of the web app, talking to this app from its own address. */
  client(opts?: Partial<BrowserSession> & { ip?: string }): TestClient;
  /** One request as it is (any body, any header); `token` becomes a bearer header. */
  request(r: Omit<RawRequest, 'ip'> & { ip?: string; token?: string | null }): ReturnType<typeof injectChecked>;
  /** A client address no other request of this file used. */
  nextIp(): string;
  close(): Promise<void>;
}

/** Base URL of the typed client; any host works, requests never leave the process. */
const BASE = 'http://leadline.test/rest';

/**
 * The real app on a fresh database of its own, with a clock the test moves. Every
 * response is checked against openapi.yaml.
 */
export async function startTestApp(config: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = new TestClock();
  const ctx = await createContext(testConfig(config), { db: database.db, clock });
  const app = await buildApp(ctx);
  await app.ready();
  let ips = 0;
  const nextIp = () => {
    ips += 1;
    return `10.${(ips >> 16) & 255}.${(ips >> 8) & 255}.${ips & 255}`;
  };

  return {
    app,
    ctx,
    db: database.db,
    clock,
    nextIp,
    client(opts = {}) {
      const session: BrowserSession = { token: opts.token ?? null, switchUser: opts.switchUser ?? null };
      const ip = opts.ip ?? nextIp();
      const client = createApiClient(
        {
          getToken: () => session.token,
          setToken: (t) => (session.token = t),
          getSwitchUser: () => session.switchUser,
          onSessionLost: () => {},
          onForbidden: () => {},
        },
        BASE,
        injectFetch(app, ip),
      );
      return Object.assign(client, { session, ip });
    },
    request({ token, ip, headers, ...r }) {
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      return injectChecked(app, { ...r, headers: { ...auth, ...headers }, ip: ip ?? nextIp() });
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}
