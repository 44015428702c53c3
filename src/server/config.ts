import { resolve } from 'node:path';
import { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE } from '../domain/login-policy';
import { DEFAULT_LEADVANTAGE_SSO_URL } from '../domain/people/lead-vantage';
import type { ServerMode } from '../domain/screens';

/** Everything the server reads from its environment, in one place (documented in docs/settings.md). */
export interface Config {
  host: string;
  port: number;
  /** A PostgreSQL URL; when absent the server runs embedded PGlite under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  /** Public origin used in emailed links. */
  publicUrl: string;
  /** nodemailer SMTP URL; when absent mail is kept in the outbox for the admin mailbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Signs captcha challenges. A random one per start when unset (fine for one instance). */
  captchaSecret: string;
  /** Upper bound of the captcha's proof-of-work counter: higher is slower to solve. */
  captchaMaxCounter: number;
  /** Seed the demo marketplace into an empty database at start. */
  seedDemo: boolean;
  /** Logins one client address may try a minute. Behind a shared address (an office NAT,
   * a test run from one machine) raise it; the per-account lockout still applies. */
  loginsPerIpPerMinute: number;
  /** Longest a request may take to arrive, headers and body (ms): a trickling client is cut off. */
  requestTimeoutMs: number;
  /** A connection with no traffic for this long is closed (ms). */
  connectionTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long (ms). */
  keepAliveTimeoutMs: number;
  /** Folder of the built web app. */
  webDir: string;
  logLevel: string;
  /** Keep session lookups in memory, invalidated through LISTEN/NOTIFY (docs/areas/auth-sessions.md: "The session cache"). */
  sessionCache: boolean;
  /** PGlite flushes each commit to disk (fsync). Off trades an OS crash's last commits for speed (docs/areas/billing-ledger.md). */
  pgliteFsync: boolean;
  /** The sandbox payment gateway's delay per call and the client's timeout (ms). */
  paymentsLatencyMs: number;
  paymentsTimeoutMs: number;
  /** How often an instance looks for due money jobs: recharges, subscriptions (ms). */
  moneyJobsIntervalMs: number;
  /** How often the weekly summaries due are looked for (a scan of the agents). */
  weeklySummaryIntervalMs: number;
  /** How often an instance moves live calls on through the telephony (ms). */
  liveCallsIntervalMs: number;
  /** The call simulator's simulated seconds per real second (1: calls take their real time). */
  callSimulatorSpeed: number;
  /** `development` opens developer screens (the statechart workbench) to every signed-in user. */
  mode: ServerMode;
  /** A lead posted to a delivery channel's address must be answered within this (ms). */
  deliveryTimeoutMs: number;
  /** Let delivery channels post to loopback and private addresses (closed networks, tests). */
  deliveryAllowPrivateHosts: boolean;
  /** Requests one vendor may send the /v2 API a second, over all instances; more is 429. */
  vendorRequestsPerSecond: number;
  /** How often an instance looks for due lead deliveries in the outbox (ms). */
  deliveryIntervalMs: number;
  /** How often the lead-list job looks for lists to make and scheduled runs that are due. */
  listsIntervalMs: number;
  /** A ping is answered within this (ms): a match not decided by then answers unmatched, reason `deadline`. */
  pingDeadlineMs: number;
  /** Days an unsold ping is kept (engine_pings' day partitions past it are dropped; a sold ping lives as long as its lead). */
  pingRetentionDays: number;
  /** Where a non-admin user whose company has no LeadVantage access is sent (an http(s) URL). */
  leadVantageSsoUrl: string;
  /** The server's clock starts at this instant and runs on from it (null: the system's clock). */
  clockStart: Date | null;
  /** Tests only: the server's clock can be moved forward through POST /test/clock (src/server/clock-control.ts). */
  clockControl: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    host,
    port,
    databaseUrl: env.DATABASE_URL || null,
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    publicUrl: env.PUBLIC_URL ?? `http://${host}:${port}`,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Leadline <no-reply@leadline.test>',
    captchaSecret: env.CAPTCHA_SECRET ?? crypto.randomUUID(),
    captchaMaxCounter: Number(env.CAPTCHA_MAX_COUNTER ?? 20_000),
    seedDemo: env.SEED_DEMO !== 'false',
    loginsPerIpPerMinute: Number(env.LOGINS_PER_IP_PER_MINUTE ?? LOGIN_ATTEMPTS_PER_IP_PER_MINUTE),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 30_000),
    connectionTimeoutMs: Number(env.CONNECTION_TIMEOUT_MS ?? 60_000),
    keepAliveTimeoutMs: Number(env.KEEP_ALIVE_TIMEOUT_MS ?? 5_000),
    webDir: resolve(env.WEB_DIR ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionCache: env.SESSION_CACHE !== 'off',
    pgliteFsync: env.PGLITE_FSYNC !== 'off',
    paymentsLatencyMs: Number(env.PAYMENTS_SANDBOX_LATENCY_MS ?? 0),
    paymentsTimeoutMs: Number(env.PAYMENTS_TIMEOUT_MS ?? 10_000),
    moneyJobsIntervalMs: Number(env.MONEY_JOBS_INTERVAL_MS ?? 2_000),
    weeklySummaryIntervalMs: Number(env.WEEKLY_SUMMARY_INTERVAL_MS ?? 60_000),
    liveCallsIntervalMs: Number(env.LIVE_CALLS_INTERVAL_MS ?? 1_000),
    callSimulatorSpeed: Number(env.CALL_SIMULATOR_SPEED ?? 1),
    mode: env.APP_MODE === 'development' ? 'development' : 'production',
    deliveryTimeoutMs: Number(env.DELIVERY_TIMEOUT_MS ?? 10_000),
    deliveryAllowPrivateHosts: env.DELIVERY_ALLOW_PRIVATE_HOSTS === 'true',
    vendorRequestsPerSecond: Number(env.VENDOR_REQUESTS_PER_SECOND ?? 2000),
    deliveryIntervalMs: Number(env.DELIVERY_INTERVAL_MS ?? 2000),
    listsIntervalMs: Number(env.LISTS_INTERVAL_MS ?? 3000),
    pingDeadlineMs: Number(env.PING_DEADLINE_MS ?? 300),
    pingRetentionDays: wholeDays('PING_RETENTION_DAYS', env.PING_RETENTION_DAYS ?? '30'),
    leadVantageSsoUrl: httpUrl('LEADVANTAGE_SSO_URL', env.LEADVANTAGE_SSO_URL || DEFAULT_LEADVANTAGE_SSO_URL),
    clockStart: env.CLOCK_START ? instant('CLOCK_START', env.CLOCK_START) : null,
    clockControl: env.CLOCK_CONTROL === 'true',
  };
}

/** An ISO 8601 instant with its zone (2026-04-14T15:30:00Z), refused at start when it is anything else. */
function instant(name: string, value: string): Date {
  const at = new Date(value);
  if (!/(Z|[+-]\d\d:\d\d)$/.test(value) || Number.isNaN(at.getTime())) {
    throw new Error(`${name} must be an ISO instant with its zone (2026-04-14T15:30:00Z), not ${JSON.stringify(value)}`);
  }
  return at;
}

/**
 * A number of whole days, at least 1, refused at start when it is anything else: the
 * retention it sets drops data, and a typo read as NaN or 0 would drop every day.
 */
function wholeDays(name: string, value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1) throw new Error(`${name} must be a whole number of days, at least 1, not ${JSON.stringify(value)}`);
  return n;
}

/** An http(s) address from the environment, refused at start when it is anything else. */
function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, not ${JSON.stringify(value)}`);
  return url.href;
}
