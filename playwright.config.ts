import { defineConfig } from '@playwright/test';
import { CLOCK_START } from './tests/e2e/clock-start';

/** The first seeded lane's server; the second lane's listens on the next port, the stateful specs' on the one after. */
const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * The seeded specs run in two lanes, each with its own server on its own fresh database, so
 * three browsers work at once (the specs wait on the network and the clock as much as on
 * the CPU; two lanes left a core idle). Lane b holds these files, chosen so the lanes take
 * about as long (their times in a CI run); a new seeded spec goes to lane a.
 */
const LANE_B = /\/(machines|screens-readable|roles|date-range|leads|keys|deep-link|report-walk)\.spec\.ts$/;

/** One end-to-end server on a fresh embedded database of its own (`.e2e-data/<name>`). */
function server(name: string, port: number) {
  const dir = `.e2e-data/${name}`;
  return {
    command: `rm -rf ${dir} && DATA_DIR=${dir} PORT=${port} CLOCK_START=${CLOCK_START} CLOCK_CONTROL=true CALL_SIMULATOR_SPEED=30 LIVE_CALLS_INTERVAL_MS=500 PING_DEADLINE_MS=30000 CAPTCHA_MAX_COUNTER=2000 LOGINS_PER_IP_PER_MINUTE=1000 LOG_LEVEL=warn node --enable-source-maps dist-server/main.js`,
    url: `http://127.0.0.1:${port}/rest/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

/**
 * End-to-end tests: the built app and its server on a fresh embedded database, driven
 * in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Three lanes at once by default; E2E_WORKERS=2 on a slower machine (CI sets it: a lane's
  // specs time out when three browsers, three servers and more share two slow cores).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Three servers, each on a fresh database, so the lanes run side by side: the seeded
  // specs read the demo accounts as seeded; the stateful ones change them for good
  // (lockout, new password, accepted terms). Within a lane, specs run one at a time.
  projects: [
    { name: 'seeded', testIgnore: [/\.stateful\.spec\.ts$/, LANE_B], workers: 1 },
    { name: 'seeded-b', testMatch: LANE_B, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT + 1}` } },
    { name: 'stateful', testMatch: /\.stateful\.spec\.ts$/, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT + 2}` } },
  ],
  // Every browser of the run signs in from 127.0.0.1, so the per-address login limit is
  // raised; the per-account lockout is what the lockout spec tests. CLOCK_CONTROL lets a
  // spec move the server's clock forward (advanceServerClock in tests/e2e/helpers.ts).
  webServer: [server('seeded', PORT), server('seeded-b', PORT + 1), server('stateful', PORT + 2)],
});
