import { defineConfig } from '@playwright/test';

/** The first seeded lane's server; the second lane's listens on the next port, the stateful specs' on the one after. */
const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * The seeded specs run in two lanes, each with its own server on its own fresh database.
 * CI runs two browsers at once (E2E_WORKERS=2): lane a, and lane b followed by the stateful
 * specs (Playwright starts the stateful lane when a worker frees up). Lane b holds these
 * files, chosen so that lane a takes about as long as lane b and the stateful specs
 * together (a fresh-clone run on a quiet machine, 28 November: a 343 s, b 134 s, stateful
 * 265 s, so screens-readable, 32 s and read-only, moved to a; leads stays in b, as it
 * changes a lead's status that lane a's reports count); a new seeded spec goes to the lane
 * that ends first. The accessibility walk is split in two (buyers' screens in a; staff's in b).
 */
const LANE_B = /\/(roles|leads|accessibility-staff)\.spec\.ts$/;

/**
 * End-to-end tests: the built app and its server on a fresh embedded database, driven
 * in Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Three lanes at once by default; CI sets E2E_WORKERS=2 (on two cores, three browsers, three
  // servers and a test pass beside them made a lane's specs time out).
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
    // A trace records every action's snapshots and screenshots: it cost a quarter of the
    // run's time (measured 276 s against 198 s for the same 47 tests), so CI records one
    // only on a failed test's retry; a local run keeps the failure's own.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
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
  // The three start at once, with their settings, from tests/e2e/servers.ts, which answers
  // on the port after theirs once all three do.
  webServer: {
    command: `npx tsx tests/e2e/servers.ts ${PORT + 3} seeded=${PORT} seeded-b=${PORT + 1} stateful=${PORT + 2}`,
    url: `http://127.0.0.1:${PORT + 3}/`,
    reuseExistingServer: false,
    // Three servers each migrate and seed a fresh database: 89 s at load 4.5, past 120 s at load 8.
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
