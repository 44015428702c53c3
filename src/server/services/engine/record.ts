import { randomBytes } from 'node:crypto';
import type { Decision, LeadFacts, Outcome } from '../../../domain/engine';
import type { Product } from '../../../domain/orders/types';
import { statement, type Queryable } from '../../db/db';

/** A ping id: 128 random bits, URL-safe (it is a path parameter). */
export const newPingId = (): string => randomBytes(16).toString('base64url');

export interface PingRecord {
  id: string;
  vendorId: number;
  kind: 'ping' | 'post' | 'call';
  lead: LeadFacts;
  product: Product;
  leadJson: Record<string, unknown>;
  offers: Array<{ orderId: number; companyId: number; priceCents: number }>;
  status: 'open' | 'sold' | 'unsold';
  orderId: number | null;
  vendorLeadId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The ping row and its match events in one statement (one round trip on the ping path):
 * every order considered with its outcome, bid and price. A vendor_lead_id sent before
 * inserts nothing and answers no row (the caller's 409).
 */
const WRITE = statement('engine_write_ping',
  `WITH p AS (
     INSERT INTO engine_pings (id, vendor_id, kind, vertical, product, zipcode, state, lead, offers, status, order_id, vendor_lead_id, created_at, expires_at, posted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12, $13, $14, CASE WHEN $3 = 'post' THEN $13::timestamptz END)
     ON CONFLICT (vendor_id, vendor_lead_id) WHERE vendor_lead_id IS NOT NULL DO NOTHING
     RETURNING id
   ), m AS (
     INSERT INTO match_events (ping_id, order_id, company_id, outcome, bid_cents, price_cents, created_at)
     SELECT p.id, x.o, x.c, x.outcome, x.bid, x.price, $13 FROM p CROSS JOIN unnest($15::int[], $16::int[], $17::text[], $18::int[], $19::int[]) AS x(o, c, outcome, bid, price)
   )
   SELECT id FROM p`);

export type EventRow = { orderId: number; companyId: number; outcome: Outcome; bidCents: number | null; priceCents: number | null };

export function eventsOf(decision: Decision, companyOf: Map<number, number>): EventRow[] {
  return [...decision.outcomes].map(([orderId, o]) => ({ orderId, companyId: companyOf.get(orderId)!, ...o }));
}

export async function writePing(q: Queryable, p: PingRecord, events: EventRow[]): Promise<boolean> {
  const { rows } = await q.query(WRITE, [p.id, p.vendorId, p.kind, p.lead.vertical, p.product, p.lead.zipcode, p.lead.state,
    JSON.stringify(p.leadJson), JSON.stringify(p.offers), p.status, p.orderId, p.vendorLeadId, p.createdAt, p.expiresAt,
    events.map((e) => e.orderId), events.map((e) => e.companyId), events.map((e) => e.outcome), events.map((e) => e.bidCents),
    events.map((e) => e.priceCents)]);
  return rows.length > 0;
}

const EVENTS = statement('engine_write_events',
  `INSERT INTO match_events (ping_id, order_id, company_id, outcome, bid_cents, price_cents, created_at)
   SELECT $1, x.o, x.c, x.outcome, x.bid, x.price, $2 FROM unnest($3::int[], $4::int[], $5::text[], $6::int[], $7::int[]) AS x(o, c, outcome, bid, price)`);

export async function writeEvents(q: Queryable, pingId: string, at: Date, events: EventRow[]): Promise<void> {
  if (events.length === 0) return;
  await q.query(EVENTS, [pingId, at, events.map((e) => e.orderId), events.map((e) => e.companyId), events.map((e) => e.outcome),
    events.map((e) => e.bidCents), events.map((e) => e.priceCents)]);
}

export interface StoredPing {
  id: string;
  vendor_id: number;
  kind: 'ping' | 'post' | 'call';
  vertical: 'autoins' | 'homeins';
  product: Product;
  zipcode: string;
  state: string | null;
  lead: Record<string, unknown>;
  offers: Array<{ orderId: number; companyId: number; priceCents: number }>;
  status: 'open' | 'sold' | 'unsold';
  order_id: number | null;
  expires_at: Date;
  posted_at: Date | null;
}

const FIND = statement('engine_find_ping',
  `SELECT id, vendor_id, kind, vertical, product, zipcode, state, lead, offers, status, order_id, expires_at, posted_at
     FROM engine_pings WHERE id = $1 AND vendor_id = $2 AND kind = $3 FOR UPDATE`);

/** A vendor's ping (or call match), locked for its post: a second post of it waits, then sees it posted. */
export async function lockPing(tx: Queryable, id: string, vendorId: number, kind: 'ping' | 'call'): Promise<StoredPing | null> {
  return (await tx.query<StoredPing>(FIND, [id, vendorId, kind])).rows[0] ?? null;
}

export async function closePing(tx: Queryable, id: string, status: 'sold' | 'unsold', at: Date): Promise<void> {
  await tx.query('UPDATE engine_pings SET status = $2, posted_at = $3 WHERE id = $1', [id, status, at]);
}
