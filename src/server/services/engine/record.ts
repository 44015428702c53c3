import { randomFillSync } from 'node:crypto';
import { decodeConsidered, encodeConsidered, PING_TTL_SECONDS, pingCode, pingWord, winnersOf, type Considered, type Decision, type LeadFacts, type Outcome } from '../../../domain/engine';
import type { Product } from '../../../domain/orders/types';
import { statement, type Queryable } from '../../db/db';
import { zipInfo } from '../geo';

const DAY_MS = 86_400_000;

/**
 * Ping ids are written in base 64 with the digits in ASCII order ('-', 0-9, A-Z, '_',
 * a-z: each URL-safe), so an id's text sorts as its bytes do (under the C collation of our
 * databases, PostgreSQL's C.UTF-8 and PGlite's C).
 */
const ORDERED_DIGITS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const URL_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A digit's character code in one alphabet to the other's, by ASCII code (0: not a digit). */
const digitTable = (from: string, to: string) => {
  const t = new Uint8Array(128);
  for (let i = 0; i < from.length; i++) t[from.charCodeAt(i)] = to.charCodeAt(i);
  return t;
};
const toOrdered = digitTable(URL_DIGITS, ORDERED_DIGITS);
const fromOrdered = digitTable(ORDERED_DIGITS, URL_DIGITS);
const ID_BYTES = 17;
/** An ordered id's length: 17 bytes in base 64 (23 characters; an id of before was 24). */
const ID_LENGTH = Math.ceil((ID_BYTES * 8) / 6);
/** `text` in the other alphabet; a character that is no digit becomes '!' (which no alphabet has). */
const recode = (text: string, digits: Uint8Array) => {
  const out = Buffer.allocUnsafe(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = (c < 128 && digits[c]) || 33;
  }
  return out.toString('latin1');
};

/**
 * Random bytes for ids from a pool refilled by one call to the system's generator every
 * 256 ids (as the uuid package does): a call each was 2.5 % of a ping's server CPU.
 */
const RANDOM_POOL = Buffer.alloc(ID_BYTES * 256);
let poolUsed = RANDOM_POOL.length;
function randomIdBytes(): Buffer {
  if (poolUsed + ID_BYTES > RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL);
    poolUsed = 0;
  }
  poolUsed += ID_BYTES;
  return Buffer.from(RANDOM_POOL.subarray(poolUsed - ID_BYTES, poolUsed));
}

/**
 * A ping id: its creation day (UTC, two bytes of days since 1970), the millisecond of that
 * day (four bytes) and 88 random bits, in ordered base 64 (23 characters; it is a path
 * parameter). The day names the partition of engine_pings that holds the row (migration
 * 033), so a look-up by id reads one day. Ordered by their bytes and written in digits that
 * sort the same way, a day's ids ascend as they are made: each insert goes to the right
 * edge of the day's primary key, whose pages then fill to 90 % and stay the few in memory,
 * where random ids split pages anywhere (about 70 % full) all over an index that grows all
 * day. A look-up needs the vendor's key as well, so the time in an id gives nothing away.
 */
export function newPingId(at: Date): string {
  const b = randomIdBytes();
  const ms = at.getTime();
  const day = Math.floor(ms / DAY_MS);
  b.writeUInt16BE(day, 0);
  b.writeUInt32BE(ms - day * DAY_MS, 2);
  return recode(b.toString('base64url'), toOrdered);
}

/**
 * The creation instants a ping id allows: its UTC day, or any time for an id no ping has
 * or one made before the day was in it (22 characters). Ids made from migration 033 to
 * 28 November 2026 are 24 characters of base64url: their day, then 128 random bits.
 */
export function pingDayOf(id: string): [string, string] {
  const b = id.length === ID_LENGTH ? Buffer.from(recode(id, fromOrdered), 'base64url')
    : id.length === 24 ? Buffer.from(id, 'base64url') : null;
  if (!b || b.length !== (id.length === ID_LENGTH ? ID_BYTES : 18)) return ['-infinity', 'infinity'];
  const day = b.readUInt16BE(0);
  return [new Date(day * DAY_MS).toISOString(), new Date((day + 1) * DAY_MS).toISOString()];
}

export interface PingRecord {
  id: string;
  vendorId: number;
  kind: 'ping' | 'post' | 'call';
  lead: LeadFacts;
  product: Product;
  leadJson: Record<string, unknown>;
  status: 'open' | 'sold' | 'unsold';
  orderId: number | null;
  vendorLeadId: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** The decision, its winners first in the auction's rank: what a post of the ping sells (winnersOf). */
  considered: Considered;
}

/** A decision's outcomes as stored, the winners first in their order (the auction's rank). */
export function consideredOf(d: Pick<Decision, 'outcomes' | 'winners'>): Considered {
  const c: Considered = { o: [], r: [], b: [], p: [] };
  const ids = new Set([...d.winners.map((w) => w.orderId), ...d.outcomes.keys()]);
  for (const orderId of ids) {
    const x = d.outcomes.get(orderId)!;
    c.o.push(orderId);
    c.r.push(x.outcome);
    c.b.push(x.bidCents);
    c.p.push(x.priceCents);
  }
  return c;
}

/**
 * The columns a row is written with. Its product and state are not (migration 041): they
 * follow from its kind and its ZIP (`derivedOf`), and a NULL takes no byte of a row.
 */
const COLUMNS = 'id, vendor_id, kind, vertical, zipcode, lead, status, order_id, vendor_lead_id, created_at, expires_at, posted_at, decision';
/** The kind, vertical and status of a row as stored: one-byte codes (migration 038). */
const codesOf = (p: PingRecord) => ({ kind: pingCode('kind', p.kind), vertical: pingCode('vertical', p.lead.vertical), status: pingCode('status', p.status) });
/** The expiry a row keeps: a call's hold's only; a ping's is its creation plus PING_TTL_SECONDS (EXPIRES), a post's never read (migration 041). */
const storedExpiry = (p: PingRecord): Date | null => (p.kind === 'call' ? p.expiresAt : null);
const paramsOf = (p: PingRecord, c = codesOf(p)) => [p.id, p.vendorId, c.kind, c.vertical, p.lead.zipcode,
  JSON.stringify(p.leadJson), c.status, p.orderId, p.vendorLeadId, p.createdAt, storedExpiry(p), Buffer.from(encodeConsidered(p.considered))];

/**
 * One ping row with its decision. A vendor_lead_id sent before (engine_vendor_lead_ids,
 * kept whatever the pings' retention) inserts nothing and answers no row (the caller's 409).
 */
const WRITE = statement('engine_write_ping',
  `WITH claimed AS (
     INSERT INTO engine_vendor_lead_ids (vendor_id, vendor_lead_id, ping_id) SELECT $2, $9, $1 WHERE $9::text IS NOT NULL
     ON CONFLICT (vendor_id, vendor_lead_id) DO NOTHING RETURNING 1)
   INSERT INTO engine_pings (${COLUMNS})
   SELECT $1, $2, $3::"char", $4::"char", $5, $6::json, $7::"char", $8, $9, $10, $11,
          CASE WHEN $3::"char" = '${pingCode('kind', 'post')}' THEN $10::timestamptz END, $12::bytea
    WHERE $9::text IS NULL OR EXISTS (SELECT 1 FROM claimed)
   RETURNING id`);

export async function writePing(q: Queryable, p: PingRecord): Promise<boolean> {
  const { rows } = await q.query(WRITE, paramsOf(p));
  return rows.length > 0;
}

/**
 * Many pings (never posts: they carry no vendor_lead_id) in one statement: the ping writer's
 * batches. Their commit does not wait for the log's flush (db.ts asyncCommit): a ping is
 * seen by any instance once written, and a crash of the database server loses at most its
 * last fraction of a second of pings, whose posts then answer 404 as for an unknown ping;
 * a post, a sale and a call's hold commit as before.
 */
const WRITE_MANY = statement('engine_write_pings',
  `INSERT INTO engine_pings (${COLUMNS})
   SELECT x.id, x.vendor_id, x.kind, x.vertical, x.zipcode, x.lead::json, x.status, x.order_id, NULL, x.created_at,
          x.expires_at, NULL, decode(x.decision, 'hex')
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, vendor_id int, kind "char", vertical "char", zipcode text,
          lead text, status "char", order_id int, created_at timestamptz, expires_at timestamptz, decision text)`, { quiet: true, asyncCommit: true });

export async function writePings(q: Queryable, pings: PingRecord[]): Promise<void> {
  await q.query(WRITE_MANY, [JSON.stringify(pings.map((p) => ({
    // The lead as its JSON text, stored as it is (a JSON object here would come back as jsonb's text, spaced).
    id: p.id, vendor_id: p.vendorId, ...codesOf(p), zipcode: p.lead.zipcode, lead: JSON.stringify(p.leadJson), order_id: p.orderId,
    created_at: p.createdAt, expires_at: storedExpiry(p),
    decision: Buffer.from(encodeConsidered(p.considered)).toString('hex'),
  })))]);
}

/** What happened to an order after the decision: a ping-post's sale, or the rule found under the sale's locks. */
export type EventRow = { orderId: number; companyId: number; outcome: Outcome; bidCents: number | null; priceCents: number | null };

const EVENTS = statement('engine_write_events',
  `INSERT INTO match_events (ping_id, order_id, company_id, outcome, bid_cents, price_cents, created_at)
   SELECT $1, x.o, x.c, x.outcome, x.bid, x.price, $2 FROM unnest($3::int[], $4::int[], $5::text[], $6::int[], $7::int[]) AS x(o, c, outcome, bid, price)`);

export async function writeEvents(q: Queryable, pingId: string, at: Date, events: EventRow[]): Promise<void> {
  if (events.length === 0) return;
  await q.query(EVENTS, [pingId, at, events.map((e) => e.orderId), events.map((e) => e.companyId), events.map((e) => e.outcome),
    events.map((e) => e.bidCents), events.map((e) => e.priceCents)]);
}

/**
 * What a row no longer keeps (migration 041), from what it does: its product from its kind
 * (a call match sells calls; a ping or a post, leads) and its state from its ZIP (a ping's
 * state is its ZIP's: the vendor API refuses another). Rows written before keep their own.
 */
export function derivedOf(row: { kind: string; product: string | null; zipcode: string; state: string | null }): { product: Product; state: string | null } {
  return { product: row.product ? pingWord('product', row.product) : pingWord('kind', row.kind) === 'call' ? 'calls' : 'leads',
    state: row.state ?? zipInfo(row.zipcode)?.state ?? null };
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
  /** What a post sells: the ping's winners in the auction's rank at their prices; a call's held order. */
  offers: Array<{ orderId: number; priceCents: number }>;
  status: 'open' | 'sold' | 'unsold';
  order_id: number | null;
  created_at: Date;
  expires_at: Date;
  posted_at: Date | null;
}

type FoundPing = Omit<StoredPing, 'offers' | 'kind' | 'vertical' | 'product' | 'status'> & { kind: string; vertical: string; product: string | null; status: string;
  offers: StoredPing['offers'] | null; decision: Uint8Array | null };

/** A row's expiry: its own (a call's hold, or a row of before migration 041), else a ping's TTL from its creation. */
const EXPIRES = `coalesce(expires_at, created_at + ${PING_TTL_SECONDS} * interval '1 second')`;
const FIND = statement('engine_find_ping',
  `SELECT id, vendor_id, kind, vertical, product, zipcode, state, lead, offers, status, order_id, created_at, ${EXPIRES} AS expires_at, posted_at, decision
     FROM engine_pings WHERE id = $1 AND vendor_id = $2 AND kind = $3::"char" AND created_at >= $4 AND created_at < $5 FOR UPDATE`);

/**
 * A vendor's ping (or call match), locked for its post: a second post of it waits, then
 * sees it posted. Only the ping's day is read (its id says which).
 */
export async function lockPing(tx: Queryable, id: string, vendorId: number, kind: 'ping' | 'call'): Promise<StoredPing | null> {
  const found = (await tx.query<FoundPing>(FIND, [id, vendorId, pingCode('kind', kind), ...pingDayOf(id)])).rows[0];
  if (!found) return null;
  const { decision, offers, ...row } = found;
  const p = { ...row, kind: pingWord('kind', row.kind), vertical: pingWord('vertical', row.vertical), ...derivedOf(row), status: pingWord('status', row.status) };
  return { ...p, offers: offers?.map((o) => ({ orderId: o.orderId, priceCents: o.priceCents })) ?? offersOf(p, decision) };
}

/**
 * A row's offers from its decision. A row written before migration 037 has its offers
 * column instead (read as it is): an open ping of then is still posted within its TTL.
 */
function offersOf(p: { kind: StoredPing['kind']; order_id: number | null }, decision: Uint8Array | null): StoredPing['offers'] {
  const won = decision ? winnersOf(decodeConsidered(decision)) : [];
  // A call match holds its first winner only (order_id), if the sale's re-check left it.
  return p.kind === 'call' ? won.filter((w) => w.orderId === p.order_id) : won;
}

const CLOSE = statement('engine_close_ping',
  'UPDATE engine_pings SET status = $2::"char", posted_at = $3 WHERE id = $1 AND created_at >= $4 AND created_at < $5');

export async function closePing(tx: Queryable, id: string, status: 'sold' | 'unsold', at: Date): Promise<void> {
  await tx.query(CLOSE, [id, pingCode('status', status), at, ...pingDayOf(id)]);
}
