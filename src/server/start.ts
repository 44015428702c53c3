import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { clockFrom, systemClock, type Clock } from '../domain/clock';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/connection';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { createCaptcha } from './services/captcha';
import { createSandboxTelephony, type Telephony } from './services/delivery/telephony';
import { createMailSender } from './services/mail';
import { createSandboxGateway, type PaymentGateway } from './services/payments';
import { EngineRuntime } from './services/engine/runtime';
import { JobMonitor } from './services/job-monitor';
import { startJobs } from './services/jobs';
import { LiveEvents } from './services/live-events';
import { SessionCache } from './services/session-cache';
import { systemRandom, type Random } from '../domain/random';

/** Open the database, migrate it and assemble what the app needs. */
export async function createContext(
  config: Config,
  opts: { db?: Db; clock?: Clock; telephony?: Telephony; payments?: PaymentGateway; random?: Random; log?: FastifyBaseLogger } = {},
): Promise<AppContext> {
  const db = opts.db ?? (await openDatabase(config));
  await migrate(db);
  // A set start (CLOCK_START) or clock control (CLOCK_CONTROL) needs a clock of its own.
  const clock = opts.clock ?? (config.clockStart || config.clockControl ? clockFrom(config.clockStart ?? systemClock.now()) : systemClock);
  const sessions = new SessionCache();
  if (config.sessionCache) await sessions.attach(db);
  const log = opts.log ?? pino({ level: config.logLevel });
  const jobs = new JobMonitor(clock, log);
  const engine = new EngineRuntime(db, config.pingDeadlineMs, log);
  engine.runJobs(jobs);
  await engine.attach(db);
  return {
    db,
    clock,
    config,
    sessions,
    live: new LiveEvents(db),
    engine,
    random: opts.random ?? systemRandom,
    log,
    jobs,
    telephony: opts.telephony ?? createSandboxTelephony({ speed: config.callSimulatorSpeed }),
    // The captcha widget times its challenge out on the browser's own clock, so a challenge
    // expires in real time even when the server runs on a set start (CLOCK_START).
    captcha: createCaptcha({ secret: config.captchaSecret, maxCounter: config.captchaMaxCounter, clock: opts.clock ?? systemClock }),
    payments: opts.payments ?? createSandboxGateway({ db, clock, log, latencyMs: config.paymentsLatencyMs, timeoutMs: config.paymentsTimeoutMs }),
  };
}

/** Background work of one instance (services/jobs.ts), run under ctx.jobs. */
export function startBackground(ctx: AppContext): () => Promise<void> {
  const sender = ctx.config.smtpUrl
    ? createMailSender({ db: ctx.db, clock: ctx.clock, smtpUrl: ctx.config.smtpUrl, from: ctx.config.mailFrom })
    : null;
  return startJobs(ctx, sender);
}
