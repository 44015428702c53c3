import { defineConfig } from '@playwright/test';
import { CLOCK_START } from './tests/e2e/clock-start';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * End-to-end tests: the built app and its server on a fresh embedded database, driven
 * in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
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
  // Specs that change demo accounts for good (lockout, new password, accepted terms)
  // run after the ones that read them as seeded.
  projects: [
    { name: 'seeded', testIgnore: /\.stateful\.spec\.ts$/ },
    { name: 'stateful', testMatch: /\.stateful\.spec\.ts$/, dependencies: ['seeded'] },
  ],
  // Every browser of the run signs in from 127.0.0.1, so the per-address login limit is
  // raised; the per-account lockout is what the lockout spec tests. CLOCK_CONTROL lets a
  // spec move the server's clock forward (advanceServerClock in tests/e2e/helpers.ts).
  webServer: {
    command: `rm -rf .e2e-data && DATA_DIR=.e2e-data PORT=${PORT} CLOCK_START=${CLOCK_START} CLOCK_CONTROL=true CALL_SIMULATOR_SPEED=30 LIVE_CALLS_INTERVAL_MS=500 PING_DEADLINE_MS=30000 CAPTCHA_MAX_COUNTER=2000 LOGINS_PER_IP_PER_MINUTE=1000 LOG_LEVEL=warn node --enable-source-maps dist-server/main.js`,
    url: `http://127.0.0.1:${PORT}/rest/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
