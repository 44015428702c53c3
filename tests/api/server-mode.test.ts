import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The server's mode (APP_MODE): it opens the statechart workbench to everyone in development. */
describe('the server mode', () => {
  it('is production unless APP_MODE says development', () => {
    expect(loadConfig({}).mode).toBe('production');
    expect(loadConfig({ APP_MODE: 'development' }).mode).toBe('development');
    expect(loadConfig({ APP_MODE: 'Development ' }).mode).toBe('production');
    expect(loadConfig({ APP_MODE: 'dev' }).mode).toBe('production');
  });

  describe('GET /system/mode', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ mode: 'development' });
    });
    afterAll(() => t.close());

    it('tells a guest the mode the server runs in', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/rest/system/mode' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ mode: 'development' });
      t.ctx.config.mode = 'production';
      expect((await t.app.inject({ method: 'GET', url: '/rest/system/mode' })).json()).toEqual({ mode: 'production' });
    });

    it('refuses a body or an unknown method with a 4xx, changing nothing', async () => {
      const post = await t.app.inject({ method: 'POST', url: '/rest/system/mode', payload: { mode: 'development' } });
      expect(post.statusCode).toBeGreaterThanOrEqual(400);
      expect(post.statusCode).toBeLessThan(500);
      expect((await t.app.inject({ method: 'GET', url: '/rest/system/mode' })).json()).toEqual({ mode: t.ctx.config.mode });
    });
  });
});
