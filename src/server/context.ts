import type { Clock } from '../domain/clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Captcha } from './services/captcha';
import type { PaymentGateway } from './services/payments';
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
  /** The payment gateway (the sandbox unless another is configured). Never call it inside a transaction. */
  payments: PaymentGateway;
  /** Places test calls (a sandbox until a provider is configured). */
  telephony: Telephony;
}
