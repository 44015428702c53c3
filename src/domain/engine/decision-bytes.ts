/**
 * A ping's decision as engine_pings.decision keeps it (migration 033): a few bytes per
 * order considered instead of a JSON array per column (about 3 KB a ping before).
 *
 *   version (2) | count n | n order ids, ascending, each the gap from the one before |
 *   n outcome codes (one byte each, OUTCOME_CODES) | n bids | count k of prices |
 *   k prices, each its order's place among the n ids and the price
 *
 * Every number is an unsigned LEB128 varint; a bid is written as cents + 1, 0 standing
 * for none; only the winners have a price, so only theirs are written. Ids sorted and
 * delta-coded take one or two bytes in a book of 10,000 orders, cents two.
 * The prices keep the order they are given in: a ping's winners in the auction's rank,
 * so the row needs nothing else to sell them (winnersOf; migration 037 stopped writing
 * engine_pings.offers). Version 1 wrote them in the ids' order, each place as the gap
 * from the one before (rows of migrations 033 to 036, which kept their offers).
 */
import type { Outcome } from './rules';

/** A decision column-wise: order ids, outcomes, bids and prices (cents), one entry per order considered. */
export interface Considered {
  o: number[];
  r: Outcome[];
  b: Array<number | null>;
  p: Array<number | null>;
}

/**
 * Each outcome's byte in a stored decision. Stored rows outlive the code: append new
 * outcomes at the end, never reorder or remove one (a test checks every outcome has a code).
 */
export const OUTCOME_CODES: readonly Outcome[] = [
  'sold', 'won', 'outbid', 'same_buyer',
  'inactive', 'vendor', 'schedule', 'filters', 'cap_daily', 'cap_weekly', 'cap_monthly', 'hourly_cap',
  'concurrency', 'group_concurrency', 'company_concurrency', 'duplicate', 'below_cost', 'balance',
];
const CODE_OF = new Map(OUTCOME_CODES.map((o, i) => [o, i]));
const VERSION = 2;

/** The bytes of a decision; its prices in the order `c` lists them. */
export function encodeConsidered(c: Considered): Uint8Array {
  const order = c.o.map((_, i) => i).sort((x, y) => c.o[x] - c.o[y]);
  const place = new Map(order.map((i, at) => [i, at]));
  const out: number[] = [VERSION];
  varint(out, order.length);
  let last = 0;
  for (const i of order) {
    if (!Number.isSafeInteger(c.o[i]) || c.o[i] < last) throw new Error(`order id ${c.o[i]} cannot be stored`);
    varint(out, c.o[i] - last);
    last = c.o[i];
  }
  for (const i of order) {
    const code = CODE_OF.get(c.r[i]);
    if (code === undefined) throw new Error(`outcome ${c.r[i]} has no code`);
    out.push(code);
  }
  for (const i of order) cents(out, c.b[i]);
  const priced = c.p.flatMap((v, i) => (v === null ? [] : [i]));
  varint(out, priced.length);
  for (const i of priced) {
    varint(out, place.get(i)!);
    cents(out, c.p[i]);
  }
  return Uint8Array.from(out);
}

/** A stored decision: the priced orders first, in the order they were given, then the others by id. */
export function decodeConsidered(bytes: Uint8Array): Considered {
  const version = bytes[0];
  if (version !== 1 && version !== VERSION) throw new Error(`unknown decision version ${version}`);
  const at = { i: 1 };
  const n = readVarint(bytes, at);
  const ids: number[] = [];
  const outcomes: Outcome[] = [];
  const bids: Array<number | null> = [];
  let id = 0;
  for (let k = 0; k < n; k++) ids.push((id += readVarint(bytes, at)));
  for (let k = 0; k < n; k++) {
    const outcome = OUTCOME_CODES[bytes[at.i++]];
    if (!outcome) throw new Error('unknown outcome code');
    outcomes.push(outcome);
  }
  for (let k = 0; k < n; k++) bids.push(readCents(bytes, at));
  const prices = new Map<number, number | null>();
  let place = 0;
  for (let k = readVarint(bytes, at); k > 0; k--) {
    place = version === 1 ? place + readVarint(bytes, at) : readVarint(bytes, at);
    if (place >= n) throw new Error('a price of no order');
    if (prices.has(place)) throw new Error('two prices of one order');
    prices.set(place, readCents(bytes, at));
  }
  if (at.i !== bytes.length) throw new Error('trailing bytes in a decision');
  const c: Considered = { o: [], r: [], b: [], p: [] };
  const take = (k: number) => (c.o.push(ids[k]), c.r.push(outcomes[k]), c.b.push(bids[k]), c.p.push(prices.get(k) ?? null));
  for (const k of prices.keys()) take(k);
  for (let k = 0; k < n; k++) if (!prices.has(k)) take(k);
  return c;
}

/**
 * The orders a decision sells to, in the order given, at their prices: those that won
 * its auction (a ping's, still to be posted) or bought (a post's).
 */
export function winnersOf(c: Considered): Array<{ orderId: number; priceCents: number }> {
  return c.o.flatMap((orderId, i) => ((c.r[i] === 'won' || c.r[i] === 'sold') && c.p[i] !== null ? [{ orderId, priceCents: c.p[i]! }] : []));
}

function cents(out: number[], v: number | null): void {
  if (v !== null && (!Number.isSafeInteger(v) || v < 0)) throw new Error(`cents ${v} cannot be stored`);
  varint(out, v === null ? 0 : v + 1);
}

function readCents(bytes: Uint8Array, at: { i: number }): number | null {
  const v = readVarint(bytes, at);
  return v === 0 ? null : v - 1;
}

/** Unsigned LEB128 (arithmetic, not bit operators: ids and cents may pass 2^31). */
function varint(out: number[], v: number): void {
  while (v >= 0x80) {
    out.push((v % 0x80) + 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

function readVarint(bytes: Uint8Array, at: { i: number }): number {
  let v = 0;
  let scale = 1;
  for (;;) {
    if (at.i >= bytes.length) throw new Error('a decision ends inside a number');
    const b = bytes[at.i++];
    v += (b & 0x7f) * scale;
    if (b < 0x80) return v;
    scale *= 0x80;
  }
}
