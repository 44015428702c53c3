import { OUTCOME_TEXT, type Outcome } from '../../../domain/engine';
import { statement, type Queryable, type Statement } from '../../db/db';
import { scopeSql, type LeadScope } from '../leads/scope';

/**
 * "Why didn't I get this lead?": a ping's match events, the latest per order (a ping-post
 * adds 'sold' or the rule found at post time after the ping's 'won'), for the orders the
 * caller may see: those whose lead would be in the caller's lead list (the domain's lead
 * scope: an agent's own orders, a corporate manager's company's, a regional manager's
 * every order when the ping's state is in their region, an admin's all).
 */
const PING = statement('engine_breakdown_ping',
  `SELECT p.id, p.kind, p.vertical, p.product, p.zipcode, p.state, p.created_at, v.display_name AS vendor
     FROM engine_pings p JOIN vendors v ON v.id = p.vendor_id WHERE p.id = $1`);

/** The rows' statement for a kind of scope (one prepared statement each); its parameters after the ping id. */
function rowsOf(scope: LeadScope): { sql: Statement; params: unknown[] } {
  const params: unknown[] = [];
  const where = scopeSql(scope, (v) => (params.push(v), `$${params.length + 1}`), { userId: 'o.user_id', companyId: 'o.company_id', state: 'p.state::text' });
  return {
    sql: statement(`engine_breakdown_rows_${scope.kind}`,
      `SELECT DISTINCT ON (m.order_id) m.order_id, o.name, m.company_id, m.outcome, m.bid_cents, m.price_cents
         FROM match_events m JOIN orders o ON o.id = m.order_id JOIN engine_pings p ON p.id = m.ping_id
        WHERE m.ping_id = $1 AND ${where}
        ORDER BY m.order_id, m.id DESC`),
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

export async function breakdown(q: Queryable, pingId: string, scope: LeadScope): Promise<Breakdown | null> {
  const p = (await q.query<{ id: string; kind: Breakdown['kind']; vertical: Breakdown['vertical']; product: Breakdown['product']; zipcode: string;
    state: string | null; created_at: Date; vendor: string }>(PING, [pingId])).rows[0];
  if (!p) return null;
  const scoped = rowsOf(scope);
  const { rows } = await q.query<{ order_id: number; name: string; company_id: number; outcome: string; bid_cents: number | null; price_cents: number | null }>(
    scoped.sql, [pingId, ...scoped.params]);
  if (rows.length === 0 && scope.kind !== 'all') return null;
  const text = (o: string) => OUTCOME_TEXT[o as Outcome] ?? { label: o, explanation: o };
  return {
    pingId: p.id, kind: p.kind, vertical: p.vertical, product: p.product, zipcode: p.zipcode, state: p.state?.trim() ?? null,
    receivedAt: new Date(p.created_at).toISOString(), vendor: p.vendor,
    rows: rows
      .map((r) => ({ orderId: r.order_id, orderName: r.name, companyId: r.company_id, outcome: r.outcome, ...text(r.outcome),
        bidCents: r.bid_cents, priceCents: r.price_cents }))
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

export async function leadSale(q: Queryable, leadId: number): Promise<LeadSaleRow | null> {
  return (await q.query<LeadSaleRow>(
    `SELECT id, order_id, company_id, vendor_id, product, price_cents, inserted_at, ping_id, delivery_status, delivery_attempts, delivered_at, delivery_error
       FROM leads WHERE id = $1`, [leadId])).rows[0] ?? null;
}
