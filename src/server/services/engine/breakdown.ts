import { OUTCOME_LABELS, decodeConsidered, pingWord, tookPart, unreadAs, type Considered, type Outcome } from '../../../domain/engine';
import { statement, type Queryable, type Statement } from '../../db/db';
import type { Scope } from '../../../domain/access/scope';
import { LEAD_COLUMNS, scopeSql, scopeWhere } from '../scope-sql';
import { derivedOf, pingDayOf } from './record';

/**
 * "Why didn't I get this lead?": the ping's decision (kept on its row, migration 018: the
 * orders the match reached; those it never reached are drawn from the area as it stands) with
 * what happened after it on top (a ping-post's sale or the rule found under the sale's
 * locks, in match_events; older pings keep their whole decision there), for the orders
 * the caller may see: those whose lead would be in the caller's lead list (the domain's
 * lead scope: an agent's own orders, a corporate manager's company's, a regional
 * manager's every order when the ping's state is in their region, an admin's all).
 */
const PING = statement('engine_breakdown_ping',
  `SELECT p.id, p.kind, p.vertical, p.product, p.zipcode, p.state, p.created_at, p.considered, p.decision, v.display_name AS vendor
     FROM (SELECT id, vendor_id, kind, vertical, product, zipcode, state, created_at, considered, decision
             FROM engine_pings WHERE id = $1 AND created_at >= $2 AND created_at < $3
           UNION ALL
           SELECT id, vendor_id, kind, vertical, product, zipcode, state, created_at, considered, decision
             FROM engine_pings_kept WHERE id = $1) p
     JOIN vendors v ON v.id = p.vendor_id LIMIT 1`);
const LATER = statement('engine_breakdown_later',
  'SELECT order_id, outcome, bid_cents, price_cents FROM match_events WHERE ping_id = $1 ORDER BY id');

const AUCTION = statement('engine_breakdown_auction', 'SELECT DISTINCT company_id FROM orders WHERE id = ANY($1::int[])');

/**
 * The orders of a ping the scope lets the caller see (one prepared statement per kind of
 * scope); parameters after the order ids and the ping's state, ZIP, vertical, product and
 * time. `reached`: the ping's row has its outcome. The others are the orders of the ping's
 * area, as the book stands now, made before the ping: the match never reached them (they
 * bid less than every order it read).
 */
function ordersOf(scope: Scope): { sql: Statement; params: unknown[] } {
  const params: unknown[] = [];
  const where = scopeSql(scope, { userId: 'o.user_id', companyId: 'o.company_id', state: 'p.state::text' }, (v) => (params.push(v), `$${params.length + 6}`));
  const ping = 'CROSS JOIN (SELECT $2::char(2) AS state, $3::text AS zipcode, $4::text AS vertical, $5::text AS product, $6::timestamptz AS created_at) p';
  return {
    sql: statement(`engine_breakdown_orders_${scope.kind}${scope.kind === 'region' ? `_${scope.by}` : ''}`,
      `SELECT o.id, o.name, o.company_id, true AS reached FROM orders o ${ping} WHERE o.id = ANY($1::int[]) AND ${where}
       UNION ALL
       SELECT o.id, o.name, o.company_id, false FROM orders o ${ping}
        WHERE o.id IN (SELECT a.order_id FROM order_areas a
                        WHERE a.area IN (p.zipcode, btrim(p.state::text)) AND a.vertical = p.vertical AND a.product = p.product)
          AND o.deleted_at IS NULL AND o.created_at <= p.created_at AND NOT (o.id = ANY($1::int[])) AND ${where}`),
    params,
  };
}

export interface Breakdown {
  pingId: string;
  kind: 'ping' | 'post' | 'call';
  vertical: 'autoins' | 'homeins';
  product: 'leads' | 'calls';
  zipcode: string;
  state: string | null;
  receivedAt: string;
  vendor: string;
  rows: Array<{ orderId: number; orderName: string; companyId: number; outcome: string; label: string; explanation: string;
    bidCents: number | null; priceCents: number | null }>;
}

const ORDER: Record<string, number> = { sold: 0, won: 1, outbid: 2, same_buyer: 3 };
type Said = { outcome: string; bidCents: number | null; priceCents: number | null };

export async function breakdown(q: Queryable, pingId: string, scope: Scope): Promise<Breakdown | null> {
  const row = (await q.query<{ id: string; kind: string; vertical: string; product: string | null; zipcode: string;
    state: string | null; created_at: Date; considered: Considered | null; decision: Uint8Array | null; vendor: string }>(PING, [pingId, ...pingDayOf(pingId)])).rows[0];
  if (!row) return null;
  const p = { ...row, ...derivedOf(row) };
  const said = new Map<number, Said>();
  // A row written before migration 033 keeps its decision as JSON columns.
  const c = p.decision ? decodeConsidered(p.decision) : p.considered;
  if (c) c.o.forEach((orderId, i) => said.set(orderId, { outcome: c.r[i], bidCents: c.b[i], priceCents: c.p[i] }));
  const { rows: later } = await q.query<{ order_id: number; outcome: string; bid_cents: number | null; price_cents: number | null }>(LATER, [pingId]);
  // A later row keeps the decision's bid when it has none of its own.
  for (const r of later) said.set(r.order_id, { outcome: r.outcome, bidCents: r.bid_cents ?? said.get(r.order_id)?.bidCents ?? null, priceCents: r.price_cents });
  const scoped = ordersOf(scope);
  const [kind, vertical, product] = [pingWord('kind', p.kind), pingWord('vertical', p.vertical), p.product];
  const { rows: orders } = await q.query<{ id: number; name: string; company_id: number; reached: boolean }>(scoped.sql,
    [[...said.keys()], p.state, p.zipcode, vertical, product, p.created_at, ...scoped.params]);
  if (orders.length === 0 && scope.kind !== 'all') return null;
  if (orders.some((o) => !o.reached)) {
    // What the match counted an order it never reached as: same_buyer when its company took part in the auction.
    const bidders = [...said].filter(([, r]) => tookPart(r.outcome as Outcome)).map(([id]) => id);
    const inAuction = new Set((await q.query<{ company_id: number }>(AUCTION, [bidders])).rows.map((r) => r.company_id));
    for (const o of orders) {
      if (!o.reached) said.set(o.id, { outcome: unreadAs(inAuction.has(o.company_id)), bidCents: null, priceCents: null });
    }
  }
  const text = (o: string) => OUTCOME_LABELS[o as Outcome] ?? { label: o, explanation: o };
  return {
    pingId: p.id, kind, vertical, product, zipcode: p.zipcode, state: p.state?.trim() ?? null,
    receivedAt: new Date(p.created_at).toISOString(), vendor: p.vendor,
    rows: orders
      .map((o) => {
        const r = said.get(o.id)!;
        return { orderId: o.id, orderName: o.name, companyId: o.company_id, outcome: r.outcome, ...text(r.outcome), bidCents: r.bidCents, priceCents: r.priceCents };
      })
      .sort((a, b) => (ORDER[a.outcome] ?? 9) - (ORDER[b.outcome] ?? 9) || (b.bidCents ?? -1) - (a.bidCents ?? -1) || a.orderId - b.orderId),
  };
}

export interface LeadSaleRow {
  id: number;
  order_id: number;
  company_id: number;
  vendor_id: number;
  product: 'leads' | 'calls';
  price_cents: number;
  inserted_at: Date;
  ping_id: string | null;
  delivery_status: 'none' | 'pending' | 'delivered' | 'failed';
  delivery_attempts: number;
  delivered_at: Date | null;
  delivery_error: string | null;
}

/** A lead's sale, if the scope sees the lead. */
export async function leadSale(q: Queryable, leadId: number, scope: Scope): Promise<LeadSaleRow | null> {
  const w = scopeWhere(scope, LEAD_COLUMNS, 2);
  return (await q.query<LeadSaleRow>(
    `SELECT l.id, l.order_id, l.company_id, l.vendor_id, l.product, l.price_cents, l.inserted_at, l.ping_id, l.delivery_status, l.delivery_attempts,
            l.delivered_at, l.delivery_error
       FROM leads l WHERE l.id = $1 AND ${w.sql}`, [leadId, ...w.params])).rows[0] ?? null;
}
