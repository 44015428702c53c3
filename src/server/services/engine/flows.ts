import { CALL_HOLD_SECONDS, PING_TTL_SECONDS, type Decision, type LeadFacts, type RuleKey } from '../../../domain/engine';
import type { Db, Queryable } from '../../db/db';
import type { Contact } from './candidates';
import { MISSED, withinDeadline } from './deadline';
import { match } from './match';
import { closePing, consideredOf, lockPing, newPingId, writeEvents, writePing, type EventRow, type StoredPing } from './record';
import { queueRecharge } from '../recharge/crossing';
import type { EngineRuntime } from './runtime';
import { checkOffers, sellInTransaction, writeSale, type LeadContact, type Offer, type SaleOutcome } from './sale';

/** Expected refusals of the vendor API, as data (the handler maps them to 404, 409, 422, 400). */
export type Refusal =
  | { refused: 'missing' }
  | { refused: 'duplicate' }
  | { refused: 'expired' }
  | { refused: 'mismatch'; fields: string[] };

export interface PingAnswer {
  matched: boolean;
  pingId: string;
  expiresAt: Date;
  buyers: number;
  priceCents: number;
  reason: string | null;
}

export interface SaleAnswer {
  sold: boolean;
  pingId: string;
  leadIds: number[];
  buyers: number;
  priceCents: number;
  reason: string | null;
}

const after = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
/**
 * POST /v2/ping: decide from the order book, and keep the ping with its decision (the
 * ping writer's next batch; answered once it is committed). A match that misses the
 * engine's deadline answers unmatched (reason `deadline`); its ping is kept, unsold.
 */
export async function ping(db: Db, engine: EngineRuntime, a: { vendorId: number; lead: LeadFacts; leadJson: Record<string, unknown>; now: Date }): Promise<PingAnswer> {
  const id = newPingId(a.now);
  const expiresAt = after(a.now, PING_TTL_SECONDS);
  const matched = await withinDeadline(match(db, engine, { vendorId: a.vendorId, lead: a.lead, product: 'leads', now: a.now, contact: null }),
    engine.pingDeadlineMs, (err) => engine.log.error({ err, pingId: id }, 'a match failed after its ping was answered (deadline)'));
  if (matched === MISSED) {
    await engine.pings.write({ id, vendorId: a.vendorId, kind: 'ping', lead: a.lead, product: 'leads', leadJson: a.leadJson,
      status: 'unsold', orderId: null, vendorLeadId: null, createdAt: a.now, expiresAt, considered: consideredOf({ outcomes: new Map(), winners: [] }) });
    engine.pingDays.seen({ ...a.lead, product: 'leads' }, a.now, false);
    return { matched: false, pingId: id, expiresAt, buyers: 0, priceCents: 0, reason: 'deadline' };
  }
  const { decision, rows } = matched;
  // The winners and their prices are the decision's: its post reads them there (StoredPing.offers).
  const offers = decision.winners;
  await engine.pings.write({ id, vendorId: a.vendorId, kind: 'ping', lead: a.lead, product: 'leads', leadJson: a.leadJson,
    status: offers.length ? 'open' : 'unsold', orderId: null, vendorLeadId: null, createdAt: a.now, expiresAt, considered: consideredOf(decision) });
  engine.counts.add(decision.outcomes, { at: a.now, state: a.lead.state });
  engine.counts.addUnread(matched.unread, matched.unreadOutcome);
  engine.pingDays.seen({ ...a.lead, product: 'leads' }, a.now, false);
  await rechargeShort(db, decision, rows, a.now);
  return { matched: offers.length > 0, pingId: id, expiresAt, buyers: offers.length, priceCents: sum(offers), reason: decision.reason };
}

/** Companies excluded for a short balance that recharge automatically get a recharge queued (the money jobs charge the card). */
async function rechargeShort(q: Queryable, decision: Decision, rows: Array<{ id: number; company_id: number; recharges: boolean }>, now: Date): Promise<void> {
  const short = new Set(rows.filter((r) => r.recharges && decision.outcomes.get(r.id)?.outcome === 'balance').map((r) => r.company_id));
  for (const c of short) await queueRecharge(q, c, now);
}

const sum = (offers: Array<{ priceCents: number }>) => offers.reduce((n, o) => n + o.priceCents, 0);

class Retry extends Error {
  constructor(readonly excluded: Array<{ orderId: number; rule: RuleKey }>) {
    super('retry');
  }
}
class DuplicateLead extends Error {}

/** Rounds of a direct post: an order found ineligible under the locks is left out and the auction runs again. */
const ROUNDS = 4;

/**
 * POST /v2/post: match and sell at once. The sale, its ledger movements, the outbox and
 * the ping row with its match events commit together or not at all.
 */
export async function post(db: Db, engine: EngineRuntime, a: { vendorId: number; lead: LeadFacts; contact: LeadContact; leadJson: Record<string, unknown>;
  vendorLeadId: string | null; now: Date }): Promise<SaleAnswer | Refusal> {
  const id = newPingId(a.now);
  const left = new Map<number, RuleKey>();
  for (let round = 1; ; round++) {
    const matched = await match(db, engine, { vendorId: a.vendorId, lead: a.lead, product: 'leads', now: a.now, contact: a.contact }, left);
    const { decision, rows } = matched;
    const offers: Offer[] = decision.winners.map((w) => ({ orderId: w.orderId, priceCents: w.priceCents }));
    try {
      const done = await db.transaction(async (tx) => {
        const sale = offers.length
          ? await sellInTransaction(tx, { vendorId: a.vendorId, pingId: id, product: 'leads', lead: a.lead, contact: a.contact, offers, now: a.now })
          : { sold: [], excluded: [] };
        if (sale.excluded.length && round < ROUNDS) throw new Retry(sale.excluded);
        const outcomes = settle(decision, sale);
        const ok = await writePing(tx, { id, vendorId: a.vendorId, kind: 'post', lead: a.lead, product: 'leads', leadJson: a.leadJson,
          status: sale.sold.length ? 'sold' : 'unsold', orderId: null, vendorLeadId: a.vendorLeadId, createdAt: a.now, expiresAt: a.now,
          considered: consideredOf({ outcomes, winners: decision.winners }) });
        if (!ok) throw new DuplicateLead();
        await rechargeShort(tx, decision, rows, a.now);
        return { answer: answer(id, sale, decision.reason ?? sale.excluded.at(-1)?.rule ?? null), outcomes };
      });
      engine.counts.add(done.outcomes, { at: a.now, state: a.lead.state });
      sawSold(engine, [...done.outcomes].filter(([, o]) => o.outcome === 'sold').map(([orderId]) => orderId), a.now);
      engine.counts.addUnread(matched.unread, matched.unreadOutcome);
      engine.pingDays.seen({ ...a.lead, product: 'leads' }, a.now, done.answer.sold);
      return done.answer;
    } catch (e) {
      if (e instanceof DuplicateLead) return { refused: 'duplicate' };
      if (!(e instanceof Retry)) throw e;
      for (const x of e.excluded) left.set(x.orderId, x.rule);
    }
  }
}

/**
 * Orders sold, their sale committed: they wait since `at` now (or later, under another
 * seller's clock), which the book's tie-break bound follows, so the next ping's walk of
 * their area places them last in their run instead of reading the run to find out.
 */
function sawSold(engine: EngineRuntime, orderIds: number[], at: Date): void {
  for (const id of orderIds) engine.book.sawWaiting(id, at.getTime());
}

/** The decision's outcomes after a sale: sold, or the rule that excluded a winner under the locks. */
function settle(decision: Decision, sale: { sold: Array<{ orderId: number }>; excluded: SaleOutcome['excluded'] }): Decision['outcomes'] {
  const outcomes: Decision['outcomes'] = new Map(decision.outcomes);
  for (const s of sale.sold) outcomes.set(s.orderId, { ...outcomes.get(s.orderId)!, outcome: 'sold' });
  for (const x of sale.excluded) {
    const was = outcomes.get(x.orderId)!;
    outcomes.set(x.orderId, { ...was, outcome: x.rule, bidCents: x.bidCents ?? was.bidCents });
  }
  return outcomes;
}

function answer(pingId: string, sale: { sold: Array<{ leadId: number; priceCents: number }>; excluded: Array<{ rule: RuleKey }> }, reason: string | null): SaleAnswer {
  return { sold: sale.sold.length > 0, pingId, leadIds: sale.sold.map((s) => s.leadId), buyers: sale.sold.length, priceCents: sum(sale.sold),
    reason: sale.sold.length ? null : reason ?? 'no_orders' };
}

/**
 * POST /v2/pingpost/{pingId}: sell to the ping's buyers still eligible, each at the ping's
 * price. The ping row is locked first: a second post of it waits and then finds it posted.
 */
export async function pingPost(db: Db, engine: EngineRuntime, a: { vendorId: number; pingId: string; lead: LeadFacts; contact: LeadContact; now: Date }): Promise<SaleAnswer | Refusal> {
  const events: EventRow[] = [];
  const soldPings: StoredPing[] = [];
  let state: string | null = null;
  const answered = await db.transaction(async (tx) => {
    const p = await lockPing(tx, a.pingId, a.vendorId, 'ping');
    if (!p) return { refused: 'missing' } as const;
    if (p.posted_at) return { refused: 'duplicate' } as const;
    const fields = [p.vertical !== a.lead.vertical && 'vertical', p.zipcode !== a.lead.zipcode && 'zipcode'].filter((f): f is string => !!f);
    if (fields.length) return { refused: 'mismatch', fields } as const;
    if (p.expires_at.getTime() <= a.now.getTime()) return { refused: 'expired' } as const;
    const lead = { ...a.lead, state: p.state };
    const offers = p.offers;
    const sale = offers.length
      ? await sellInTransaction(tx, { vendorId: a.vendorId, pingId: p.id, product: 'leads', lead, contact: a.contact, offers, now: a.now })
      : { sold: [], excluded: [] };
    await closePing(tx, p.id, sale.sold.length ? 'sold' : 'unsold', a.now);
    events.push(
      ...sale.sold.map((s) => ({ orderId: s.orderId, companyId: s.companyId, outcome: 'sold' as const, bidCents: null, priceCents: s.priceCents })),
      ...sale.excluded.map((x) => ({ orderId: x.orderId, companyId: x.companyId, outcome: x.rule, bidCents: x.bidCents ?? null, priceCents: null })),
    );
    await writeEvents(tx, p.id, a.now, events);
    if (sale.sold.length) soldPings.push(p);
    state = p.state;
    return answer(p.id, sale, offers.length ? sale.excluded.at(-1)?.rule ?? null : 'no_orders');
  });
  engine.counts.add(events, { at: a.now, state });
  sawSold(engine, events.filter((e) => e.outcome === 'sold').map((e) => e.orderId), a.now);
  for (const p of soldPings) engine.pingDays.sold(p, p.created_at);
  return answered;
}

export interface CallMatchAnswer {
  matched: boolean;
  callId: string | null;
  pingId: string;
  priceCents: number;
  expiresAt: Date;
  reason: string | null;
}

/**
 * POST /v2/calls/match: the winning call order's slot is held (an open 'call' row names
 * the order until it expires), checked and written under the same locks as a sale, so
 * concurrent matches never hold more slots than the order, its group and its company allow.
 */
export async function callMatch(db: Db, engine: EngineRuntime, a: { vendorId: number; lead: LeadFacts; callerId: string; leadJson: Record<string, unknown>; now: Date }): Promise<CallMatchAnswer> {
  const id = newPingId(a.now);
  const contact: Contact = { phone: a.callerId, email: null };
  const saleContact: LeadContact = { ...contact, firstName: '', lastName: '', city: null, details: {} };
  const left = new Map<number, RuleKey>();
  const expiresAt = after(a.now, CALL_HOLD_SECONDS);
  for (let round = 1; ; round++) {
    const matched = await match(db, engine, { vendorId: a.vendorId, lead: a.lead, product: 'calls', now: a.now, contact }, left);
    const { decision } = matched;
    const winner = decision.winners[0];
    try {
      const done = await db.transaction(async (tx) => {
        const check = winner
          ? await checkOffers(tx, { vendorId: a.vendorId, product: 'calls', lead: a.lead, contact: saleContact, offers: [{ orderId: winner.orderId, priceCents: winner.priceCents }], now: a.now })
          : { buying: [], excluded: [] };
        if (check.excluded.length && round < ROUNDS) throw new Retry(check.excluded);
        const held = check.buying[0];
        const outcomes = settle(decision, { sold: [], excluded: check.excluded });
        // The held order is order_id; its price is the decision's.
        await writePing(tx, { id, vendorId: a.vendorId, kind: 'call', lead: a.lead, product: 'calls', leadJson: a.leadJson,
          status: held ? 'open' : 'unsold', orderId: held?.orderId ?? null, vendorLeadId: null, createdAt: a.now, expiresAt,
          considered: consideredOf({ outcomes, winners: decision.winners }) });
        const answer: CallMatchAnswer = { matched: !!held, callId: held ? id : null, pingId: id, priceCents: held?.priceCents ?? 0, expiresAt,
          reason: held ? null : decision.reason ?? check.excluded.at(-1)?.rule ?? 'no_orders' };
        return { answer, outcomes };
      });
      engine.counts.add(done.outcomes, { at: a.now, state: a.lead.state });
      sawSold(engine, [...done.outcomes].filter(([, o]) => o.outcome === 'sold').map(([orderId]) => orderId), a.now);
      engine.counts.addUnread(matched.unread, matched.unreadOutcome);
      engine.pingDays.seen({ ...a.lead, product: 'calls' }, a.now, false);
      return done.answer;
    } catch (e) {
      if (!(e instanceof Retry)) throw e;
      for (const x of e.excluded) left.set(x.orderId, x.rule);
    }
  }
}

export type CallPostAnswer =
  | { connected: true; callId: string; call: { id: number; status: 'pending-connection'; leadId: number }; priceCents: number }
  | { connected: false; callId: string; rule: RuleKey };

const INSERT_CALL = `INSERT INTO calls (order_id, company_id, vendor_id, status, conference_id, min_billable_seconds, price_cents, phone, inserted_at)
  SELECT o.id, o.company_id, $2, 'pending-connection', $3, coalesce(o.billable_call_duration, 0), $4, $5, $6 FROM orders o WHERE o.id = $1
  RETURNING id`;

/**
 * POST /v2/calls/post/{callId}: the held slot becomes a call in pending-connection (the
 * telephony moves it on and charges it once it is billable) with its lead row, after the
 * same re-check as a sale. A call no longer sellable answers its rule.
 */
export async function callPost(db: Db, engine: EngineRuntime, a: { vendorId: number; callId: string; callerId: string | null; now: Date }): Promise<CallPostAnswer | Refusal> {
  const events: EventRow[] = [];
  const soldCalls: StoredPing[] = [];
  let state: string | null = null;
  const answered = await db.transaction(async (tx: Queryable): Promise<CallPostAnswer | Refusal> => {
    const p = await lockPing(tx, a.callId, a.vendorId, 'call');
    state = p?.state ?? null;
    if (!p || (p.status === 'unsold' && !p.posted_at && p.offers.length === 0)) return { refused: 'missing' } as const;
    if (p.posted_at) return { refused: 'duplicate' } as const;
    const caller = String(p.lead.caller_id ?? '');
    if (a.callerId !== null && a.callerId !== caller) return { refused: 'mismatch', fields: ['caller_id'] };
    if (p.expires_at.getTime() <= a.now.getTime()) return { refused: 'expired' } as const;
    // The hold ends here, so the re-check counts the other calls and holds only.
    await closePing(tx, p.id, 'sold', a.now);
    const lead = leadOfStored(p);
    const offer = p.offers[0];
    const contact: LeadContact = { phone: caller, email: null, firstName: 'Caller', lastName: caller.slice(-4), city: null, details: {} };
    const check = await checkOffers(tx, { vendorId: a.vendorId, product: 'calls', lead, contact, offers: [offer], now: a.now });
    if (check.excluded.length) {
      const [x] = check.excluded;
      await closePing(tx, p.id, 'unsold', a.now);
      events.push({ orderId: offer.orderId, companyId: x.companyId, outcome: x.rule, bidCents: x.bidCents ?? null, priceCents: null });
      await writeEvents(tx, p.id, a.now, events);
      return { connected: false, callId: p.id, rule: x.rule } as const;
    }
    const { rows } = await tx.query<{ id: number }>(INSERT_CALL, [offer.orderId, a.vendorId, `ENG-${p.id}`, offer.priceCents, caller, a.now]);
    const [sold] = await writeSale(tx, { vendorId: a.vendorId, pingId: p.id, product: 'calls', lead, contact, offers: [offer], now: a.now, callIds: [rows[0].id] }, [offer]);
    events.push({ orderId: offer.orderId, companyId: sold.companyId, outcome: 'sold', bidCents: null, priceCents: offer.priceCents });
    await writeEvents(tx, p.id, a.now, events);
    soldCalls.push(p);
    return { connected: true, callId: p.id, call: { id: rows[0].id, status: 'pending-connection', leadId: sold.leadId }, priceCents: offer.priceCents } as const;
  });
  engine.counts.add(events, { at: a.now, state });
  sawSold(engine, events.filter((e) => e.outcome === 'sold').map((e) => e.orderId), a.now);
  for (const p of soldCalls) engine.pingDays.sold(p, p.created_at);
  return answered;
}

/** The lead facts a stored ping or call match was decided on. */
function leadOfStored(p: { vertical: 'autoins' | 'homeins'; zipcode: string; state: string | null; lead: Record<string, unknown> }): LeadFacts {
  const l = p.lead as Record<string, number | string | boolean | undefined>;
  return {
    vertical: p.vertical, zipcode: p.zipcode, state: p.state,
    age: l.age as number | undefined, income: l.income as number | undefined, homeValue: l.home_value as number | undefined,
    vehicles: l.vehicles as number | undefined, housing: l.housing as LeadFacts['housing'], insuranceMonth: l.insurance_month as number | undefined,
    homeAge: l.home_age as number | undefined, yearsAtResidence: l.years_at_residence as number | undefined, homeowner: l.homeowner as boolean | undefined,
  };
}
