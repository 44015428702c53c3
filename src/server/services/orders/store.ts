import { defaultFilters } from '../../../domain/orders/filters';
import { DEFAULT_RADIUS, emptySchedule } from '../../../domain/orders/settings';
import { emptyTerritory } from '../../../domain/orders/territory';
import type { OrderPackage, OrderSettings, OrderTerritory, WeekSchedule } from '../../../domain/orders/types';
import { one, type Queryable } from '../../db/db';
import type { ScopedRow } from '../../../domain/access/scope';
import { regionOfUserSql } from '../scope-sql';

/** An orders row as the wizard reads it, with its vendors. */
export interface OrderRow {
  id: number;
  company_id: number;
  user_id: number;
  user_region_id: number | null;
  package_id: number;
  package_group: string | null;
  name: string;
  vertical: 'autoins' | 'homeins';
  product: 'leads' | 'calls';
  status: 'active' | 'inactive';
  activate_date: Date | null;
  cap_daily: number;
  cap_weekly: number;
  cap_monthly: number;
  max_bid_cents: number;
  territory: Partial<OrderTerritory> & { zips?: Array<string | { id: string; enabled: boolean }> };
  schedule: Partial<WeekSchedule>;
  filters: Partial<OrderSettings['filters']>;
  questions: OrderSettings['questions'];
  custom_price_cents: number | null;
  withdrawal_confirmed: boolean;
  max_concurrent_calls: number | null;
  billable_call_duration: number | null;
  destination_number: string | null;
  delivery: { channels?: unknown };
  match_premium_sources: boolean;
  optimizer_ratio: string;
  vendor_ids: number[];
  created_at: Date;
  modified_at: Date;
}

const SELECT_ORDER = `SELECT o.*, ${regionOfUserSql('u')} AS user_region_id,
    COALESCE((SELECT array_agg(ov.vendor_id ORDER BY ov.vendor_id) FROM order_vendors ov WHERE ov.order_id = o.id), '{}') AS vendor_ids
  FROM orders o JOIN users u ON u.id = o.user_id`;

export const findOrderRow = (q: Queryable, id: number, lock = false) =>
  one<OrderRow>(q, `${SELECT_ORDER} WHERE o.id = $1 AND o.deleted_at IS NULL${lock ? ' FOR UPDATE OF o' : ''}`, [id]);

/** What the scope of orders reads of an order's or a draft's row (src/domain/access/scope). */
export const heldBy = (r: { company_id: number; user_id: number; user_region_id?: number | null }): ScopedRow =>
  ({ companyId: r.company_id, userId: r.user_id, userRegionId: r.user_region_id ?? null });

/** Whose an order is (deleted ones too: their timeline and breakdown stay readable). */
export const findOrderHolder = (q: Queryable, id: number) =>
  one<{ company_id: number; user_id: number; user_region_id: number | null }>(q,
    `SELECT o.company_id, o.user_id, ${regionOfUserSql('u')} AS user_region_id FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = $1`, [id]);

/** A stored territory in today's shape (orders of migration 002 kept ZIPs as plain strings). */
export function territoryOf(t: OrderRow['territory']): OrderTerritory {
  const zips = (t.zips ?? []).map((z) => (typeof z === 'string' ? { id: z, enabled: true } : z));
  return {
    ...emptyTerritory(DEFAULT_RADIUS),
    ...t,
    geoType: t.geoType === 'state' ? 'state' : 'zip',
    state: t.state ?? null,
    zips,
    regionalRadius: t.regionalRadius ?? DEFAULT_RADIUS,
    zipListLength: t.zipListLength ?? zips.length,
  };
}

/** An order's settings as the wizard edits them. */
export function settingsOfOrder(o: OrderRow, p: OrderPackage): OrderSettings {
  return {
    name: o.name,
    packageId: o.package_id,
    territory: territoryOf(o.territory),
    schedule: { ...emptySchedule(), ...o.schedule },
    vendorIds: o.vendor_ids,
    filters: { ...defaultFilters(p), ...o.filters },
    questions: o.questions,
    caps: { daily: o.cap_daily, weekly: o.cap_weekly, monthly: o.cap_monthly },
    maxBidCents: o.max_bid_cents,
    customPriceCents: o.custom_price_cents,
    withdrawalConfirmed: o.withdrawal_confirmed,
    maxConcurrentCalls: o.max_concurrent_calls,
    billableCallDuration: o.billable_call_duration,
    destinationNumber: o.destination_number,
    channels: Array.isArray(o.delivery?.channels) ? (o.delivery.channels as OrderSettings['channels']) : [],
    matchPremiumSources: o.match_premium_sources,
    optimizerRatio: Number(o.optimizer_ratio),
  };
}

/** The columns an order's settings are stored in, in the order of SETTINGS_COLUMNS. */
export const SETTINGS_COLUMNS = [
  'name', 'territory', 'schedule', 'filters', 'questions', 'cap_daily', 'cap_weekly', 'cap_monthly',
  'max_bid_cents', 'custom_price_cents', 'withdrawal_confirmed', 'max_concurrent_calls', 'billable_call_duration',
  'destination_number', 'delivery', 'match_premium_sources', 'optimizer_ratio',
] as const;

export const settingsValues = (s: OrderSettings): unknown[] => [
  s.name.trim(), JSON.stringify(s.territory), JSON.stringify(s.schedule), JSON.stringify(s.filters),
  JSON.stringify(s.questions), s.caps.daily, s.caps.weekly, s.caps.monthly, s.maxBidCents, s.customPriceCents,
  s.withdrawalConfirmed, s.maxConcurrentCalls, s.billableCallDuration, s.destinationNumber, JSON.stringify({ channels: s.channels }),
  s.matchPremiumSources, s.optimizerRatio,
];

/** Replace an order's settings and vendors (inside the caller's transaction). */
export async function writeOrderSettings(q: Queryable, orderId: number, s: OrderSettings, now: Date): Promise<void> {
  const sets = SETTINGS_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await q.query(`UPDATE orders SET ${sets}, modified_at = $${SETTINGS_COLUMNS.length + 2} WHERE id = $1`, [orderId, ...settingsValues(s), now]);
  await writeOrderVendors(q, orderId, s.vendorIds);
}

export async function writeOrderVendors(q: Queryable, orderId: number, vendorIds: readonly number[]): Promise<void> {
  await q.query('DELETE FROM order_vendors WHERE order_id = $1 AND NOT (vendor_id = ANY($2::int[]))', [orderId, vendorIds]);
  await q.query(
    'INSERT INTO order_vendors (order_id, vendor_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
    [orderId, vendorIds],
  );
}

/** Save caps alone (PATCH /orders/{id}/caps). */
export async function writeOrderCaps(q: Queryable, orderId: number, caps: OrderSettings['caps'], now: Date): Promise<void> {
  await q.query('UPDATE orders SET cap_daily = $2, cap_weekly = $3, cap_monthly = $4, modified_at = $5 WHERE id = $1',
    [orderId, caps.daily, caps.weekly, caps.monthly, now]);
}
