import { describe, expect, it, test } from 'vitest';
import { reportRangeErrors } from '../../../src/domain/reports/range';
import { addDays } from '../../../src/domain/time/days';
import { isoDayIn } from '../../../src/domain/time/zone';
import { DEMO, sessionFor } from '../../helpers/accounts';
import { snapshot } from '../../helpers/db-snapshot';
import { areaOf, badInputSuite, contract, useTestApp } from './suite';

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

/**
 * The report queries' own rules, on every report operation that takes a date range (an
 * admin may call them all): a range outside the report rule (more than 90 days, a start
 * more than 180 days back, an end after today) and a value outside any of the query's
 * enums (an unknown sort, metric, order, product ...) are 400s in the standard error body
 * on that field, and change nothing.
 */
const RANGED = contract.operations.filter((op) => areaOf(op.path) === 'reports' && 'dateFrom' in ((op.schema.querystring?.properties as object) ?? {}));

describe.each(RANGED.map((op) => [op.operationId, op] as const))('%s: the report rule and the enums', (_id, op) => {
  test('a range outside the rule or an unknown value is a 400 on its field that changes nothing', async () => {
    const token = (await sessionFor(app(), DEMO.admin)).session.token!;
    // A path parameter (a status) takes its first allowed value: the query is what is tried.
    const params = (op.schema.params?.properties ?? {}) as Record<string, { enum?: unknown[] }>;
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name].enum?.[0] ?? 1));
    const ask = (query: string) => app().request({ method: 'GET', url: `${contract.basePath}${path}?${query}`, token });
    await ask('');
    const before = await snapshot(app().db);
    const zone = (await app().db.query<{ timezone: string }>('SELECT timezone FROM users WHERE email = $1', [DEMO.admin])).rows[0].timezone;
    const today = isoDayIn(app().clock.now(), zone);
    for (const range of [{ from: addDays(today, -90), to: today }, { from: addDays(today, -185), to: addDays(today, -170) }, { from: today, to: addDays(today, 1) }]) {
      const [want] = reportRangeErrors(range, today, '2000-01-01');
      const res = await ask(`dateFrom=${range.from}&dateTo=${range.to}`);
      expect(res.statusCode, JSON.stringify(range)).toBe(400);
      expect(res.json()).toEqual({ error: want.message, errors: [want] });
    }
    const enums = Object.entries((op.schema.querystring?.properties ?? {}) as Record<string, { enum?: unknown[] }>).filter(([, s]) => s.enum);
    expect(enums.length).toBeGreaterThan(0);
    for (const [name] of enums) {
      const res = await ask(`${name}=nonesuch`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({ error: expect.any(String), errors: [{ field: name, message: expect.any(String) }] });
    }
    expect(await snapshot(app().db)).toEqual(before);
  });
});
