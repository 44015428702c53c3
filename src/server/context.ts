import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../domain/clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Captcha } from './services/captcha';
import type { EngineRuntime } from './services/engine/runtime';
import type { JobMonitor } from './services/job-monitor';
import type { PaymentGateway } from './services/payments';
import type { Telephony } from './services/delivery/telephony';
import type { LiveEvents } from './services/live-events';
import type { SessionCache } from './services/session-cache';
import type { Random } from '../domain/random';

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
  /** Server push: each company's changes, heard from the database (see live-events.ts). */
  live: LiveEvents;
  /** The engine's order book, ping writer and breakdown counts (see services/engine/runtime.ts). */
  engine: EngineRuntime;
  /** The random source (sample leads); seeded in tests. */
  random: Random;
  /** The server's logger (LOG_LEVEL); the HTTP layer logs through it too. */
  log: FastifyBaseLogger;
  /** The background jobs, their failures and back-off (see services/job-monitor.ts). */
  jobs: JobMonitor;
}
