import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from '../../src/server/config';

/**
 * The server's configuration in tests: no SMTP (mail stays in the outbox), no web app,
 * a cheap captcha, a ping deadline no test machine misses, and nothing read from the
 * developer's environment.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    publicUrl: 'http://leadline.test',
    captchaSecret: randomUUID(),
    captchaMaxCounter: 500,
    seedDemo: false,
    webDir: '/nonexistent-web-dir',
    logLevel: 'silent',
    // A loaded test machine must not turn pings into deadline misses (engine-deadline.test.ts sets its own).
    pingDeadlineMs: 60_000,
    ...overrides,
  };
}
