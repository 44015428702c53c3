import { defineConfig } from '@playwright/test';
import { CLOCK_START } from './tests/e2e/clock-start';

/** The seeded specs' server; the stateful specs' server listens on the next port. */
const PORT = Number(process.env.E2E_PORT ?? 8181);

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
  workers: 2,
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
  // Two servers, each on a fresh database, so the two kinds of spec run side by side: the
  // seeded specs read the demo accounts as seeded; the stateful ones change them for good
  // (lockout, new password, accepted terms). Within a kind, specs run one at a time.
  projects: [
    { name: 'seeded', testIgnore: /\.stateful\.spec\.ts$/, workers: 1 },
    { name: 'stateful', testMatch: /\.stateful\.spec\.ts$/, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT + 1}` } },
  ],
  // Every browser of the run signs in from 127.0.0.1, so the per-address login limit is
  // raised; the per-account lockout is what the lockout spec tests. CLOCK_CONTROL lets a
  // spec move the server's clock forward (advanceServerClock in tests/e2e/helpers.ts).
  webServer: [server('seeded', PORT), server('stateful', PORT + 1)],
});
