import { bidOf, canPay, firstExcludingRule, vendorShareOf, type LeadFacts, type RuleKey } from '../../../domain/engine';
import type { Product } from '../../../domain/orders/types';
import { statement, type Queryable } from '../../db/db';
import { LedgerError, postMovement, purchaseKey } from '../ledger';
import { runningPromotions, subsidyPlanner, type Subsidised } from '../promotions/running';
import { queueRecharge } from '../recharge/crossing';
import { candidatesById, type Contact } from './candidates';

/** The contact part of a posted lead. */
export interface LeadContact extends Contact {
  firstName: string;
  lastName: string;
  city: string | null;
  details: Record<string, unknown>;
}

export interface Offer {
  orderId: number;
  priceCents: number;
  /** A lead's cost share, decided under the sale's locks (checkOffers): the agent pays the rest. */
  subsidy?: Subsidised;
}

export interface SaleOutcome {
  sold: Array<{ orderId: number; companyId: number; leadId: number; priceCents: number; subsidyCents: number }>;
  /** A duplicate carries the order's bid (the dashboard's scrubbed cost); companyId: the order's company (its match event's). */
  excluded: Array<{ orderId: number; companyId: number; rule: RuleKey; bidCents?: number }>;
}

/**
 * Locks, in one order every sale takes (so two sales never deadlock): the orders' rows
 * (id order), then the buying companies' balance and growth-funds rows (account id order), then the budget
 * rows of their agents' running promotions (account id order). Caps, the
 * hourly lead cap, concurrency and the duplicate rule are all re-read after these locks:
 * every sale to an order serialises on its row, every sale to a company on its balance.
 */
const LOCK_ORDERS = statement('engine_lock_orders',
  'SELECT id, company_id FROM orders WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE');
const LOCK_BALANCES = statement('engine_lock_balances',
  `SELECT b.account_id FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
    WHERE a.kind IN ('company_balance', 'company_growth') AND a.company_id = ANY($1::int[]) ORDER BY b.account_id FOR UPDATE OF b`);

const INSERT_LEADS = statement('engine_insert_leads',
  `WITH ins AS (INSERT INTO leads (order_id, company_id, user_id, vendor_id, package_id, call_id, vertical, product, first_name, last_name,
                      email, phone, zipcode, state, city, price_cents, vertical_data, inserted_at, ping_id, delivery_status, billed,
                      promotion_id, subsidy_cents)
   SELECT o.id, o.company_id, o.user_id, $2, o.package_id, x.call_id, o.vertical, o.product, $3, $4, $5, $6, $7, $8, $9, x.price,
          $10::jsonb, $11, $12,
          CASE WHEN o.product = 'leads' AND jsonb_array_length(coalesce(o.delivery -> 'channels', '[]')) > 0 THEN 'pending' ELSE 'none' END,
          -- A call is a sale once charged (services/calls/progress.ts); a lead at once.
          x.call_id IS NULL, x.promotion_id, x.subsidy
     FROM unnest($1::int[], $13::int[], $14::int[], $15::int[], $16::int[]) WITH ORDINALITY AS x(order_id, price, call_id, promotion_id, subsidy, n)
     JOIN orders o ON o.id = x.order_id
    ORDER BY x.n
   RETURNING id, order_id, company_id, package_id, price_cents, promotion_id, subsidy_cents)
   -- A CLD growth package's sale is paid from the company's growth funds.
   SELECT ins.id, ins.order_id, ins.company_id, ins.price_cents, ins.promotion_id, ins.subsidy_cents, p.cld_growth AS growth
     FROM ins JOIN packages p ON p.id = ins.package_id`);
const QUEUE_DELIVERIES = statement('engine_queue_deliveries',
  `INSERT INTO lead_deliveries (lead_id, channel, run_at, created_at)
   SELECT l.id, ch, $2, $2 FROM leads l JOIN orders o ON o.id = l.order_id
     CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.delivery -> 'channels', '[]')) AS ch
    WHERE l.id = ANY($1::int[]) AND l.product = 'leads'`);
/** Only forward, whatever the seller's clock: the order book keeps a lower bound of it (book.ts, waitingAtLeast). */
const MARK_SOLD = statement('engine_mark_sold',
  'UPDATE orders SET last_sold_at = greatest(last_sold_at, $2) WHERE id = ANY($1::int[])');

export interface SaleRequest {
  vendorId: number;
  pingId: string;
  product: Product;
  lead: LeadFacts;
  contact: LeadContact;
  offers: Offer[];
  now: Date;
  /** Calls: the calls rows created for the offers (same order), so the leads row names it. */
  callIds?: number[];
}

/**
 * Check offers in the caller's transaction before a sale: lock, re-check every
 * rule with fresh counts, and for each order still eligible write the lead, the ledger
 * movement (buyer pays; vendor payable and revenue credited) and the delivery outbox rows.
 * An order no longer eligible is excluded with its rule (a short balance queues the
 * company's automatic recharge, if it has one; nothing waits on the payment gateway).
 */
export async function checkOffers(tx: Queryable, r: Omit<SaleRequest, 'pingId' | 'callIds'>): Promise<{ buying: Offer[]; excluded: SaleOutcome['excluded'] }> {
  const ids = [...new Set(r.offers.map((o) => o.orderId))];
  const { rows: locked } = await tx.query<{ id: number; company_id: number }>(LOCK_ORDERS, [ids]);
  await tx.query(LOCK_BALANCES, [[...new Set(locked.map((x) => x.company_id))]]);
  // Read after the locks: caps per order, the hourly cap, the duplicate rule and the balance per company.
  const { rows, candidates: fresh } = await candidatesById(tx, { vendorId: r.vendorId, lead: r.lead, product: r.product, now: r.now,
    contact: { phone: r.contact.phone, email: r.contact.email }, orderIds: ids });
  const byId = new Map(fresh.map((c) => [c.orderId, c]));
  const companyOf = new Map(locked.map((x) => [x.id, x.company_id]));
  const agentOf = new Map(rows.map((x) => [x.id, x.user_id]));
  // Leads only: a call is charged when it ends billable (services/calls/progress.ts), not here.
  const promotions = subsidyPlanner(r.product === 'leads' ? await runningPromotions(tx, [...agentOf.values()], r.now) : []);
  const excluded: SaleOutcome['excluded'] = [];
  const buying: Offer[] = [];
  const buyers = new Set<number>();
  for (const offer of r.offers) {
    const c = byId.get(offer.orderId);
    const subsidy = c ? promotions.quote(agentOf.get(offer.orderId)!, offer.priceCents) : null;
    const rule: RuleKey | null = !c ? 'inactive' : firstExcludingRule(c.facts, r.lead, r.now)
      ?? (r.product === 'leads' && !canPay(c.availableCents, offer.priceCents - (subsidy?.subsidyCents ?? 0)) ? 'balance' : null)
      ?? (buyers.has(c.buyer) ? 'duplicate' : null);
    if (rule) {
      // Orders are never deleted (only marked): every offer's row was locked.
      const out = { orderId: offer.orderId, companyId: companyOf.get(offer.orderId)!, rule };
      excluded.push(rule === 'duplicate' && c ? { ...out, bidCents: bidOf(c) } : out);
      if (rule === 'balance' && rows.find((x) => x.id === offer.orderId)?.recharges) await queueRecharge(tx, c!.buyer, r.now);
      continue;
    }
    buyers.add(c!.buyer);
    if (subsidy) promotions.spend(subsidy);
    buying.push(subsidy ? { ...offer, subsidy } : offer);
  }
  return { buying, excluded };
}

export async function sellInTransaction(tx: Queryable, r: SaleRequest): Promise<SaleOutcome> {
  const { buying, excluded } = await checkOffers(tx, r);
  if (buying.length === 0) return { sold: [], excluded };
  return { sold: await writeSale(tx, r, buying), excluded };
}

/** Write the sale of checked offers: leads, ledger movements, delivery outbox, the orders' last sale. */
export async function writeSale(tx: Queryable, r: SaleRequest, buying: Offer[]): Promise<SaleOutcome['sold']> {
  const callIds = r.callIds ? buying.map((b) => r.callIds![r.offers.indexOf(b)]) : buying.map(() => null);
  const { rows: leads } = await tx.query<{ id: number; order_id: number; company_id: number; price_cents: number; promotion_id: number | null;
    subsidy_cents: number; growth: boolean }>(INSERT_LEADS, [
    buying.map((b) => b.orderId), r.vendorId, r.contact.firstName, r.contact.lastName, r.contact.email, r.contact.phone,
    r.lead.zipcode, r.lead.state, r.contact.city, JSON.stringify(r.contact.details), r.now, r.pingId,
    buying.map((b) => b.priceCents), callIds, buying.map((b) => b.subsidy?.promotionId ?? null), buying.map((b) => b.subsidy?.subsidyCents ?? 0)]);
  if (r.product === 'leads') {
    for (const l of leads) {
      // The promotion's budget pays its subsidy; the agent the rest (the Paid Price); the vendor's share is of the whole price.
      const subsidy = l.promotion_id === null ? {} : { promotionId: l.promotion_id, subsidyCents: l.subsidy_cents };
      try {
        await postMovement(tx, { kind: 'purchase', product: 'leads', companyId: l.company_id, amountCents: l.price_cents, leadId: l.id,
          vendorId: r.vendorId, vendorCents: vendorShareOf(l.price_cents), ...subsidy, ...(l.growth ? { account: 'growth' as const } : {}) },
          { key: purchaseKey('leads', l.id), at: r.now, memo: `Lead ${l.id}` });
      } catch (e) {
        // Checked above under the same lock: a refusal here is a bug, and the whole sale rolls back.
        if (e instanceof LedgerError) throw new Error(`The ledger refused a checked sale: ${e.message}`, { cause: e });
        throw e;
      }
    }
    await tx.query(QUEUE_DELIVERIES, [leads.map((l) => l.id), r.now]);
  }
  await tx.query(MARK_SOLD, [buying.map((b) => b.orderId), r.now]);
  return leads.map((l) => ({ orderId: l.order_id, companyId: l.company_id, leadId: l.id, priceCents: l.price_cents, subsidyCents: l.subsidy_cents }));
}
