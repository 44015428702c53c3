import { randomUUID } from 'node:crypto';
import { DAYS } from '../../src/domain/orders/schedule';
import { postMovement } from '../../src/server/services/ledger';
import { hashToken } from '../../src/server/services/tokens';
import type { Queryable } from '../../src/server/db/db';
import type { TestApp } from './test-app';

/**
 * A small market of its own beside the demo seed: a vendor with a known sales token, a
 * package it sells, and companies with agents and orders that buy only from that vendor
 * (so the seed's orders, which do not, never win these tests' leads).
 */
export const ALL_DAY = Object.fromEntries(DAYS.map((d) => [d, Array.from({ length: 24 }, (_, h) => h)]));

let n = 0;
const uid = () => `${process.pid}-${++n}-${randomUUID().slice(0, 6)}`;

export interface Vendor {
  id: number;
  token: string;
  auth: string;
}

export async function addVendor(q: Queryable, at: Date): Promise<Vendor> {
  const name = `v_${uid()}`;
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO vendors (vendor_name, display_name, verticals) VALUES ($1, $2, '{autoins,homeins}') RETURNING id`, [name, `Vendor ${name}`]);
  const token = `tok-${uid()}`;
  await q.query(`INSERT INTO vendor_api_keys (vendor_id, token_hash, created_at) VALUES ($1, $2, $3)`, [rows[0].id, hashToken(token), at]);
  return { id: rows[0].id, token, auth: `Basic ${Buffer.from(`${token}:`).toString('base64')}` };
}

export async function addPackage(q: Queryable, o: { vertical?: string; product?: 'leads' | 'calls'; costCents?: number; maxBuyers?: number; vendorId: number }): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `INSERT INTO packages (name, vertical, product, cost_cents, max_bid_floor_cents, max_buyers) VALUES ($1, $2, $3, $4, 0, $5) RETURNING id`,
    [`Package ${uid()}`, o.vertical ?? 'autoins', o.product ?? 'leads', o.costCents ?? 1000, o.maxBuyers ?? 1]);
  await q.query('INSERT INTO package_vendors (package_id, vendor_id) VALUES ($1, $2)', [rows[0].id, o.vendorId]);
  return rows[0].id;
}

export interface Buyer {
  companyId: number;
  userId: number;
  email: string;
}

/** A company with one agent (time zone given) and a balance. */
export async function addBuyer(t: TestApp, o: { balanceCents?: number; timezone?: string; hourlyCap?: number | null } = {}): Promise<Buyer> {
  const q = t.db;
  const { rows: c } = await q.query<{ id: number }>('INSERT INTO companies (name, hourly_lead_cap) VALUES ($1, $2) RETURNING id', [`Co ${uid()}`, o.hourlyCap ?? null]);
  const email = `agent-${uid()}@engine.test`;
  const { rows: u } = await q.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, role, status, tos_consent, first_name, last_name, company_id, timezone)
     SELECT $1, password_hash, 'user', 'active', true, 'Eng', 'Agent', $2, $3 FROM users WHERE email = 'agent@demo.test' RETURNING id`,
    [email, c[0].id, o.timezone ?? 'America/Chicago']);
  if ((o.balanceCents ?? 0) > 0) {
    await q.transaction((tx) => postMovement(tx, { kind: 'deposit', companyId: c[0].id, amountCents: o.balanceCents! }, { key: `test-deposit:${uid()}`, at: t.clock.now() }));
  }
  return { companyId: c[0].id, userId: u[0].id, email };
}

export interface OrderOpts {
  packageId: number;
  vendorIds: number[];
  vertical?: string;
  product?: 'leads' | 'calls';
  zips?: string[];
  state?: string;
  maxBidCents?: number;
  customPriceCents?: number | null;
  caps?: { daily: number; weekly: number; monthly: number };
  schedule?: Record<string, number[]>;
  filters?: Record<string, unknown>;
  status?: 'active' | 'inactive';
  maxConcurrentCalls?: number | null;
  groupId?: number | null;
  channels?: unknown[];
  createdAt?: Date;
}

export async function addOrder(t: TestApp, b: Buyer, o: OrderOpts): Promise<number> {
  const territory = o.state ? { geoType: 'state', state: o.state } : { geoType: 'zip', state: null, zips: (o.zips ?? ['60601']).map((id) => ({ id, enabled: true })) };
  const caps = o.caps ?? { daily: 100, weekly: 500, monthly: 2000 };
  const at = o.createdAt ?? new Date(t.clock.now().getTime() - 86_400_000);
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, cap_daily, cap_weekly, cap_monthly, max_bid_cents,
                         custom_price_cents, territory, schedule, filters, max_concurrent_calls, order_group_id, delivery, created_at, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19) RETURNING id`,
    [b.companyId, b.userId, o.packageId, `Order ${uid()}`, o.vertical ?? 'autoins', o.product ?? 'leads', o.status ?? 'active',
      caps.daily, caps.weekly, caps.monthly, o.maxBidCents ?? 2000, o.customPriceCents ?? null, JSON.stringify(territory),
      JSON.stringify(o.schedule ?? ALL_DAY), JSON.stringify(o.filters ?? {}), o.maxConcurrentCalls ?? null, o.groupId ?? null,
      JSON.stringify({ channels: o.channels ?? [] }), at]);
  for (const v of o.vendorIds) await t.db.query('INSERT INTO order_vendors (order_id, vendor_id) VALUES ($1, $2)', [rows[0].id, v]);
  return rows[0].id;
}

let phones = 0;
/** A fresh ten-digit phone number. */
export const phone = (): string => `555${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(4, '0')}`;

export const lead = (over: Record<string, unknown> = {}) => ({
  vertical: 'autoins', zipcode: '60601', first_name: 'Pat', last_name: 'Lee', home_phone: phone(), email: `pat${phones}-${process.pid}@lead.test`,
  ...over,
});

export const balanceOf = async (q: Queryable, companyId: number): Promise<number> =>
  (await q.query<{ b: number }>(`SELECT coalesce(sum(e.amount_cents), 0)::int AS b FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.kind = 'company_balance' AND a.company_id = $1`, [companyId])).rows[0].b;

/**
 * A book of `orders` more orders of one buyer, in one statement: nine in ten on the whole
 * of Texas, the rest on 20 Texas ZIPs each (every change logged, as the engine meets a
 * real book). They buy from `vendorIds` only.
 */
export async function addBook(t: TestApp, b: Buyer, o: { packageId: number; vendorIds: number[]; orders: number }): Promise<void> {
  const { rows } = await t.db.query<{ id: number }>(
    `INSERT INTO orders (company_id, user_id, package_id, name, vertical, product, status, cap_daily, cap_weekly, cap_monthly, max_bid_cents,
                         territory, schedule, created_at, modified_at)
     SELECT $1, $2, $3, 'Book order ' || g, 'autoins', 'leads', 'active', 100, 500, 2000, 1000 + g % 40 * 25,
            CASE WHEN g % 10 <> 0 THEN '{"geoType":"state","state":"TX"}'::jsonb
                 ELSE jsonb_build_object('geoType', 'zip', 'state', null, 'zips',
                        (SELECT jsonb_agg(jsonb_build_object('id', (75000 + (g * 37 + k * 101) % 5000)::text, 'enabled', true)) FROM generate_series(1, 20) k)) END,
            $4::jsonb, $5, $5
       FROM generate_series(1, $6) g RETURNING id`,
    [b.companyId, b.userId, o.packageId, JSON.stringify(ALL_DAY), t.clock.now(), o.orders]);
  await t.db.query('INSERT INTO order_vendors (order_id, vendor_id) SELECT o, v FROM unnest($1::int[]) o, unnest($2::int[]) v', [rows.map((r) => r.id), o.vendorIds]);
  if (t.db.kind === 'postgres') await t.db.query('ANALYZE');
}
