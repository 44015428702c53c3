import type { Clock } from '../domain/clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Captcha } from './services/captcha';
import type { Telephony } from './services/delivery/telephony';
import type { SessionCache } from './services/session-cache';

/** What every area of the server is handed: no module reaches for globals. */
export interface AppContext {
  db: Db;
  clock: Clock;
  config: Config;
  captcha: Captcha;
  /** Session lookups in memory, invalidated by the database (see session-cache.ts). */
  sessions: SessionCache;
  /** Places test calls (a sandbox until a provider is configured). */
  telephony: Telephony;
}
