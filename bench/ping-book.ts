import { FEATURE } from '../src/domain/orders/packages';
import { DAYS } from '../src/domain/orders/schedule';
import type { Db } from '../src/server/db/db';
import { geoIndex } from '../src/server/services/geo';
import { postMovements } from '../src/server/services/ledger';
import { createSession } from '../src/server/services/sessions';
import { hashToken } from '../src/server/services/tokens';

/** The order book of `npm run bench:ping` and how a ping finds it. */
export interface BookShape {
  orders: number;
  /** About this many orders in each pinged area: every order a whole state, this many in each of 10 states pinged, the rest in the others. */
  area?: number;
  /** Small caps (2 a day) and balances ($50) for the two-instance burst. */
  tight?: boolean;
  /** How many different bids the orders make ($10 up, $1 apart; 40 by default, so large areas hold runs of equal bids, which a shortlist reads whole). */
  bidLevels?: number;
}

/** An order the bench may edit, and a ZIP of its territory (a ping there considers it). */
export interface Editable {
  orderId: number;
  zip: string;
}

export interface Market {
  zips: string[];
  editor: string;
  editable: Editable[];
}

const COMPANIES = 200;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
/** The states pinged in an area book (each holds `area` orders). */
const HOT = 10;

function geo() {
  const records = geoIndex().records;
  const byState = new Map<string, string[]>();
  for (const r of records) byState.set(r.state, [...(byState.get(r.state) ?? []), r.zip]);
  const states = [...byState.keys()].filter((s) => s.length === 2).sort();
  return { records, byState, states };
}

function random(seed: number) {
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return { rnd, pick: <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] };
}

/**
 * The market (on a database with nothing of the bench yet): a vendor with `token`, a
 * package, 200 companies with an agent and $10,000 each ($50 when tight), and the orders:
 * 60 % whole states and 40 % lists of 20 ZIPs over the US (about 120 orders in a lead's
 * area at 10,000), or whole states only in an area book. Deterministic.
 */
export async function seedMarket(q: Db, shape: BookShape, token: string, now: Date): Promise<void> {
  const { byState, states } = geo();
  const { rnd, pick } = random(42);
  const vendorId = (await q.query<{ id: number }>(`INSERT INTO vendors (vendor_name, display_name, verticals) VALUES ('bench_vendor', 'Bench', '{autoins}') RETURNING id`)).rows[0].id;
  await q.query(`INSERT INTO vendor_api_keys (vendor_id, token_hash, created_at) VALUES ($1, $2, $3)`, [vendorId, hashToken(token), now]);
  const packageId = (await q.query<{ id: number }>(`INSERT INTO packages (name, vertical, product, cost_cents, max_buyers) VALUES ('Bench Leads', 'autoins', 'leads', 1000, 2) RETURNING id`)).rows[0].id;
  const companies = (await q.query<{ id: number }>(`INSERT INTO companies (name) SELECT 'Bench ' || g FROM generate_series(1, $1) g RETURNING id`, [COMPANIES])).rows.map((r) => r.id);
  const users = (await q.query<{ id: number; company_id: number }>(
    `INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id, timezone)
     SELECT 'bench' || c || '@bench.test', (SELECT password_hash FROM users WHERE email = 'agent@demo.test'), 'user', 'active', true, 'Bench', 'Agent', c,
            ($2::text[])[1 + c % 4]
       FROM unnest($1::int[]) c RETURNING id, company_id`, [companies, ZONES])).rows;
  const deposit = shape.tight ? 5_000 : 1_000_000;
  await q.transaction((tx) => postMovements(tx, companies.map((c) => ({ movement: { kind: 'deposit' as const, companyId: c, amountCents: deposit }, meta: { key: `bench:${c}`, at: now } }))));
  const allDay = JSON.stringify(Object.fromEntries(DAYS.map((d) => [d, Array.from({ length: 24 }, (_, h) => h)])));
  const hotOrders = shape.area ? Math.min(shape.orders, shape.area * HOT) : 0;
  const cold = states.slice(HOT);
  const rows = Array.from({ length: shape.orders }, (_, i) => {
    const u = users[i % users.length];
    const levels = shape.bidLevels ?? 40;
    const bid = 1000 + Math.floor(rnd() * levels) * Math.max(1, Math.floor(4000 / levels));
    if (shape.area) return { c: u.company_id, u: u.id, t: { geoType: 'state', state: i < hotOrders ? states[i % HOT] : pick(cold) }, bid, n: i + 1 };
    const state = pick(states);
    const territory = rnd() < 0.6
      ? { geoType: 'state', state }
      : { geoType: 'zip', state: null, zips: Array.from({ length: 20 }, () => ({ id: pick(byState.get(state)!), enabled: true })) };
    return { c: u.company_id, u: u.id, t: territory, bid, n: i + 1 };
  });
  const caps = shape.tight ? [2, 4, 6] : [1000, 5000, 20000];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const { rows: ids } = await q.query<{ id: number }>(
      `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, cap_daily, cap_weekly, cap_monthly, max_bid_cents,
                           territory, schedule, created_at, modified_at)
       SELECT x.c, x.u, $1, 'Bench order ' || x.n, 'autoins', 'leads', 'active', $5, $6, $7, x.bid, x.t, $2::jsonb, $3, $3
         FROM jsonb_to_recordset($4::jsonb) AS x(c int, u int, t jsonb, bid int, n int) RETURNING id`,
      [packageId, allDay, now, JSON.stringify(chunk), ...caps]);
    await q.query('INSERT INTO order_vendors (order_id, vendor_id) SELECT unnest($1::int[]), $2', [ids.map((r) => r.id), vendorId]);
  }
  // The editor: the first agent, allowed to change caps.
  await q.query('UPDATE users SET features = array_append(features, $2) WHERE id = $1', [users[0].id, FEATURE.editCaps]);
  if (q.kind === 'postgres') await q.query('ANALYZE');
}

/** Whether the bench market is in this database already (a kept book, or another instance's). */
export async function hasMarket(q: Db): Promise<boolean> {
  return (await q.query(`SELECT 1 FROM vendors WHERE vendor_name = 'bench_vendor'`)).rows.length > 0;
}

/** What the load generator needs of a seeded market: ZIPs to ping (in the pinged areas), a session of the editor, a ZIP of each of their orders. */
export async function readMarket(q: Db, shape: BookShape, now: Date): Promise<Market> {
  const { records, byState, states } = geo();
  const { pick } = random(7);
  const { rows: [ed] } = await q.query<{ id: number }>(`SELECT min(id) AS id FROM users WHERE email LIKE 'bench%@bench.test'`);
  const editor = await createSession(q, ed.id, now);
  const { rows: owned } = await q.query<{ id: number; area: string }>(
    'SELECT o.id, min(a.area) AS area FROM orders o JOIN order_areas a ON a.order_id = o.id WHERE o.user_id = $1 GROUP BY o.id ORDER BY o.id', [ed.id]);
  const editable = owned.map((o) => ({ orderId: o.id, zip: /^\d{5}$/.test(o.area) ? o.area : byState.get(o.area)![0] }));
  const hot = states.slice(0, HOT).flatMap((s) => byState.get(s)!);
  const zips = Array.from({ length: 5000 }, () => (shape.area ? pick(hot) : pick(records).zip));
  return { zips, editor, editable };
}
