import { describe, expect, it } from 'vitest';
import { isoDayIn } from '../../../src/domain/time/zone';
import { addDays } from '../../../src/domain/time/days';
import { DEMO, sessionFor } from '../../helpers/accounts';
import { snapshot } from '../../helpers/db-snapshot';
import { badInputSuite, useTestApp } from './suite';

/** Bad input on the reports (see suite.ts). */
const app = useTestApp();
badInputSuite('reports', app);

/**
 * The Lead Volume and Packages reports' own refusals, each in the standard error body and
 * changing nothing: a range outside the report rule (400 on its field), a sort the table
 * does not have (400 on sort), another company named by a non-admin (403), an order the
 * caller may not see (404), a product not offered to the caller (403).
 */
const VOLUME_REPORTS: Array<{ path: string; as: string; sorts: boolean }> = [
  { path: '/lead-volume', as: DEMO.agent, sorts: true },
  { path: '/lead-volume/export', as: DEMO.agent, sorts: true },
  { path: '/orders/lead-volume', as: DEMO.corporate, sorts: false },
  { path: '/packages/lead-volume', as: DEMO.regional, sorts: true },
  { path: '/packages/lead-volume/export', as: DEMO.regional, sorts: true },
];

describe('the Lead Volume and Packages reports refuse bad input in the standard error body', () => {
  it.each(VOLUME_REPORTS)('$path as $as', async ({ path, as, sorts }) => {
    const t = app();
    const token = (await sessionFor(t, as)).session.token!;
    const get = (q: string) => t.request({ method: 'GET', url: `/rest/reports${path}?${q}`, token });
    const today = isoDayIn(t.clock.now(), 'America/New_York');
    const own = (await t.db.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [as])).rows[0].company_id;
    const other = (await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [own])).rows[0].id;
    await get('');
    const before = await snapshot(t.db);

    const refusals: Array<[string, string, string]> = [
      [`dateFrom=${addDays(today, -90)}&dateTo=${today}`, 'dateFrom', 'A date range covers at most 90 days'],
      [`dateFrom=${addDays(today, -200)}&dateTo=${addDays(today, -190)}`, 'dateFrom', 'The start date may be at most 180 days back'],
      [`dateFrom=${today}&dateTo=${addDays(today, 1)}`, 'dateTo', 'The end date cannot be later than today'],
      [`dateFrom=${today}&dateTo=${addDays(today, -1)}`, 'dateFrom', 'The start date must not be after the end date'],
    ];
    for (const [q, field, message] of refusals) {
      const r = await get(q);
      expect(r.statusCode, q).toBe(400);
      expect(r.json(), q).toEqual({ error: message, errors: expect.arrayContaining([{ field, message }]) });
    }
    for (const q of [sorts ? 'sort=vendorDisplayName' : 'sort=total', 'order=up', 'product=optimizer', 'vertical=life', 'company=0', 'company=x']) {
      const r = await get(q);
      expect(r.statusCode, q).toBe(400);
      expect(r.json(), q).toMatchObject({ error: expect.any(String), errors: expect.any(Array) });
    }
    const company = await get(`company=${other}`);
    expect(company.statusCode).toBe(403);
    expect(company.json()).toEqual({ error: expect.any(String) });
    if (as !== DEMO.agent) {
      // Not offered call products: neither the corporate nor the regional demo manager has the features.
      const calls = await get('product=calls');
      expect(calls.statusCode).toBe(403);
      expect(calls.json()).toEqual({ error: expect.any(String) });
    }
    if (path.startsWith('/lead-volume')) {
      const order = (await t.db.query<{ id: number }>('SELECT id FROM orders WHERE company_id <> $1 ORDER BY id LIMIT 1', [own])).rows[0].id;
      const r = await get(`orderId=${order}`);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: 'This order does not exist' });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});
