import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/db';
import type { Scope } from '../../src/domain/access/scope';
import { defaultLeadQuery, type LeadQuery } from '../../src/domain/leads/filters';
import { LEAD_TABS, type LeadTab } from '../../src/domain/leads/tabs';
import { keptBuckets, keptCountsScope } from '../../src/domain/leads/kept-counts';
import { dayRangeIn } from '../../src/domain/time/zone';
import { countLeadRows, countLeads, searchLeads } from '../../src/server/services/leads';
import { openTestDatabase, type TestDatabase } from '../helpers/test-database';
import { dayIn } from '../helpers/day-in';

/**
 * The lead search's kept counts (migration 034) under fast-check: random sequences of
 * sales (one or several buyers a statement, a matched call not yet charged), return
 * steps, agent statuses, a carrier's flags and deletions, around UTC's and the zones' day
 * boundaries; then, for random searches (everyone, a company or an agent; days in zones
 * of whole-hour and half-hour offsets; any tab, with and without allstate; some with a
 * filter the kept counts cannot answer), the tab counts and the page's count equal a
 * count worked out here from the raw lead rows. First, the seeded book (the demo seed's
 * writes through the triggers) by company, agent, UTC day and hour.
 */
let database: TestDatabase;
let db: Db;

/** Monday 23 November 2026, 00:00 UTC. */
const MONDAY = Date.parse('2026-11-23T00:00:00Z');
const ZONES = ['UTC', 'America/New_York', 'Pacific/Honolulu', 'Asia/Tokyo', 'Asia/Kolkata'];
const AGENT_STATUSES = ['new', 'contacted', 'attempting', 'quoted', 'policy'];
const RETURN_STATUSES = [null, 'return_pending', 'return_approved', 'return_denied', 'return_disputed', 'return_dispute_denied'];

interface Buyer { orderId: number; companyId: number; userId: number }
const buyers: Buyer[] = [];
let vendor = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  // Orders of three agents, two of them (at least) in different companies.
  const { rows } = await db.query<{ id: number; company_id: number; user_id: number }>(
    `SELECT DISTINCT ON (user_id) id, company_id, user_id FROM orders ORDER BY user_id, id`);
  const byCompany = [...rows].sort((a, b) => a.company_id - b.company_id);
  for (const o of [byCompany[0], byCompany[1], byCompany[byCompany.length - 1]]) buyers.push({ orderId: o.id, companyId: o.company_id, userId: o.user_id });
  vendor = (await db.query<{ id: number }>('SELECT id FROM vendors ORDER BY id LIMIT 1')).rows[0].id;
}, 120_000);
afterAll(async () => {
  await database?.dispose();
});

type Action =
  | { kind: 'sale'; buyers: number[]; minutes: number; billed: boolean }
  | { kind: 'status'; lead: number; status: number }
  | { kind: 'return'; lead: number; status: number }
  | { kind: 'carrier'; lead: number; quoted: boolean; policy: boolean }
  | { kind: 'delete'; lead: number };

const minutes = fc.integer({ min: -2 * 24 * 60, max: 2 * 24 * 60 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sale' as const), buyers: fc.uniqueArray(fc.nat(2), { minLength: 1, maxLength: 3 }), minutes,
    billed: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), lead: fc.nat(9), status: fc.nat(AGENT_STATUSES.length - 1) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('return' as const), lead: fc.nat(9), status: fc.nat(RETURN_STATUSES.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('carrier' as const), lead: fc.nat(9), quoted: fc.boolean(), policy: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), lead: fc.nat(9) }) },
);

/** A sale as the engine writes it: one INSERT for every buyer of the lead. */
async function sell(a: Extract<Action, { kind: 'sale' }>): Promise<void> {
  await db.query(
    `INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, vertical, product, first_name, last_name, state, price_cents, inserted_at, billed)
     SELECT o.id, o.company_id, o.user_id, $2, o.package_id, o.vertical, o.product, 'Kept', 'Count', 'TX', 1000, $3, $4
       FROM orders o WHERE o.id = ANY($1::int[])`,
    [a.buyers.map((i) => buyers[i].orderId), vendor, new Date(MONDAY + a.minutes * 60_000), a.billed]);
}

async function act(a: Exclude<Action, { kind: 'sale' }>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const id = ids[a.lead % ids.length];
  if (a.kind === 'status') await db.query('UPDATE leads SET agent_status = $2 WHERE id = $1', [id, AGENT_STATUSES[a.status]]);
  else if (a.kind === 'return') {
    // Any step of a return's life, with the reasons its constraints ask for.
    await db.query(`UPDATE leads SET return_status = $2::text, return_reason = CASE WHEN $2::text IS NULL THEN NULL ELSE 'wrong_number' END,
      deny_reason = CASE WHEN $2::text IN ('return_denied', 'return_dispute_denied') THEN 'contact_verified' END,
      deny_dispute_reason = CASE WHEN $2::text = 'return_dispute_denied' THEN 'denial_upheld' END WHERE id = $1`, [id, RETURN_STATUSES[a.status]]);
  }
  else if (a.kind === 'carrier') await db.query('UPDATE leads SET quoted = $2, policy = $3 WHERE id = $1', [id, a.quoted, a.policy]);
  else await db.query('DELETE FROM leads WHERE id = $1', [id]);
}

interface Raw { company_id: number; user_id: number; inserted_at: Date; agent_status: string; return_status: string | null; quoted: boolean; policy: boolean;
  state: string | null }

/** The search's counts worked out from raw rows: the lead's day in the caller's zone (by Intl), its tab by section 4's rules. */
function expected(raw: Raw[], scope: Scope, query: LeadQuery, zone: string) {
  const inScope = (l: Raw) => scope.kind === 'all' || (scope.kind === 'company' && l.company_id === scope.companyId)
    || (scope.kind === 'user' && l.user_id === scope.userId);
  const counts = { new: 0, contacted: 0, quoted: 0, policy: 0, attempting: 0, returns: 0, all: 0 } as Record<LeadTab | 'attempting', number>;
  let carrierQuoted = 0;
  let carrierPolicy = 0;
  for (const l of raw) {
    const day = dayIn(new Date(l.inserted_at), zone);
    if (!inScope(l) || day < query.dateFrom || day > query.dateTo) continue;
    if (query.states.length && !query.states.includes(l.state ?? '')) continue;
    const worked = l.return_status === null || l.return_status === 'return_denied' || l.return_status === 'return_dispute_denied';
    counts.all++;
    if (l.return_status !== null) counts.returns++;
    if (worked) counts[l.agent_status as 'new']++;
    if (worked && l.quoted) carrierQuoted++;
    if (worked && l.policy) carrierPolicy++;
  }
  const tab = query.allstate && query.tab === 'quoted' ? carrierQuoted : query.allstate && query.tab === 'policy' ? carrierPolicy : counts[query.tab];
  return { counts, tab };
}

const search = fc.record({
  scope: fc.nat(6), zone: fc.nat(ZONES.length - 1), from: fc.integer({ min: -3, max: 2 }), days: fc.nat(3), tab: fc.constantFrom(...LEAD_TABS),
  allstate: fc.boolean(), state: fc.boolean(),
});
const day = (offset: number) => new Date(MONDAY + offset * 86_400_000).toISOString().slice(0, 10);

/** Every kept row's n_all against the raw rows of the whole book, by company, agent and UTC day or hour (ISO text cut by the test). */
async function wholeBook() {
  const { rows: raw } = await db.query<{ company_id: number; user_id: number; inserted_at: Date }>('SELECT company_id, user_id, inserted_at FROM leads');
  const want = new Map<string, number>();
  for (const l of raw) {
    const iso = new Date(l.inserted_at).toISOString();
    for (const k of [`d|${iso.slice(0, 10)}`, `h|${iso.slice(0, 13)}`]) {
      const key = `${l.company_id}|${l.user_id}|${k}`;
      want.set(key, (want.get(key) ?? 0) + 1);
    }
  }
  const { rows } = await db.query<{ grain: string; starts: Date; company_id: number; user_id: number; n_all: number }>(
    'SELECT grain, starts, company_id, user_id, n_all FROM lead_search_counts WHERE n_all <> 0');
  const got = new Map(rows.map((r) => {
    const iso = new Date(r.starts).toISOString();
    return [`${r.company_id}|${r.user_id}|${r.grain}|${r.grain === 'd' ? iso.slice(0, 10) : iso.slice(0, 13)}`, r.n_all] as const;
  }));
  return { want: Object.fromEntries([...want].sort()), got: Object.fromEntries([...got].sort()) };
}

describe('lead search kept counts', () => {
  it('hold every lead of the seeded book by company, agent and UTC day and hour', async () => {
    const { want, got } = await wholeBook();
    expect(Object.keys(got).length).toBeGreaterThan(0);
    expect(got).toEqual(want);
  });

  it('equal a count of the raw rows through any sequence of sales, returns, statuses, flags and deletions', { timeout: 240_000 }, async () => {
    const ids: number[] = [];
    let kept = 0;
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 25 }), fc.array(search, { minLength: 4, maxLength: 8 }), async (actions, searches) => {
      for (const a of actions) {
        if (a.kind === 'sale') await sell(a);
        else await act(a, ids);
        ids.splice(0, ids.length, ...(await db.query<{ id: number }>(`SELECT id FROM leads WHERE first_name = 'Kept' ORDER BY id DESC LIMIT 10`)).rows.map((r) => r.id));
      }
      // Every lead a search can count: its days run from day(-3) to day(5) in zones from UTC-10 to UTC+9, so from 3 days 9 hours
      // before Monday to 6 days 10 hours after it. The seed's leads (up to the run's now) count as much as the ones written here.
      const raw = (await db.query<Raw>(`SELECT company_id, user_id, inserted_at, agent_status, return_status, quoted, policy, state FROM leads
        WHERE inserted_at >= $1 AND inserted_at < $2`, [new Date(MONDAY - 5 * 86_400_000), new Date(MONDAY + 7 * 86_400_000)])).rows;
      for (const s of searches) {
        const b = buyers[s.scope % 3];
        const scope: Scope = s.scope < 3 ? { kind: 'company', companyId: b.companyId } : s.scope < 6 ? { kind: 'user', userId: b.userId } : { kind: 'all' };
        const zone = ZONES[s.zone];
        const query: LeadQuery = { ...defaultLeadQuery(day(0), s.tab), dateFrom: day(s.from), dateTo: day(s.from + s.days), allstate: s.allstate,
          states: s.state ? ['TX'] : [] };
        if (keptCountsScope(query, scope) && keptBuckets(dayRangeIn({ from: query.dateFrom, to: query.dateTo }, zone))) kept++;
        const want = expected(raw, scope, query, zone);
        expect(await countLeads(db, query, scope, zone)).toEqual(want.counts);
        expect(await countLeadRows(db, query, scope, zone)).toEqual(want.counts);
        expect((await searchLeads(db, query, scope, zone)).count).toBe(want.tab);
      }
    }), { numRuns: 30 });
    // Most searches took the kept path (the rest are the fallback's share).
    expect(kept).toBeGreaterThan(40);
  });
});
