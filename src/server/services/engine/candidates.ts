import { concurrencySlotAt, DUPLICATE_DAYS, hourStart, type Candidate, type LeadFacts } from '../../../domain/engine';
import type { Product } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';
import { callLoad, concurrencyLimits, duplicateBuyers, factsById, type OrderFactsRow } from './facts';

/** The contact that the duplicate rule compares (known at post time). */
export interface Contact {
  phone: string;
  email: string | null;
}

/** Rows of facts turned into the domain's candidates (with call loads and duplicates read when they apply). */
export async function toCandidates(q: Queryable, rows: OrderFactsRow[], a: { product: Product; now: Date; contact: Contact | null }): Promise<Candidate[]> {
  const active = rows.filter((r) => r.active);
  const companies = [...new Set(active.map((r) => r.company_id))];
  const dups = a.contact
    ? await duplicateBuyers(q, companies, a.contact.phone, a.contact.email, new Date(a.now.getTime() - DUPLICATE_DAYS * 86_400_000))
    : new Set<number>();
  const loads = a.product === 'calls' ? await callLoad(q, active.map((r) => r.id), a.now) : new Map();
  const limits = a.product === 'calls' ? await concurrencyLimits(q, companies) : new Map<string, number>();
  return rows.map((r) => {
    const load = loads.get(r.id);
    return {
      orderId: r.id,
      buyer: r.company_id,
      maxBidCents: r.max_bid_cents,
      customPriceCents: r.custom_price_cents,
      waitingSince: r.waiting_since,
      availableCents: r.available,
      maxBuyers: a.product === 'calls' ? 1 : r.max_buyers,
      facts: {
        active: r.active,
        product: a.product,
        vendorSelected: r.vendor_ok,
        schedule: r.schedule,
        timeZone: r.timezone,
        filters: r.filters,
        caps: { daily: r.cap_daily, weekly: r.cap_weekly, monthly: r.cap_monthly },
        used: { daily: r.used_day, weekly: r.used_week, monthly: r.used_month },
        hourlyCap: r.hourly_lead_cap,
        usedThisHour: r.used_hour,
        calls: load && {
          order: load.order_live,
          orderMax: r.max_concurrent_calls,
          group: load.group_live,
          groupMax: load.group_max,
          company: load.company_live,
          companyMax: limitAt(limits, r.company_id, concurrencySlotAt(a.now, r.timezone)),
        },
        duplicate: dups.has(r.company_id),
        bidCents: r.custom_price_cents ?? r.max_bid_cents,
        baseCostCents: r.cost_cents,
      },
    };
  });
}

const limitAt = (limits: Map<string, number>, companyId: number, s: { day: number; slot: number }) => limits.get(`${companyId}:${s.day}:${s.slot}`) ?? null;

export interface Asked {
  vendorId: number;
  lead: LeadFacts;
  product: Product;
  now: Date;
  contact: Contact | null;
}

/** The same facts for known orders (a sale's re-check, under its locks). */
export async function candidatesById(q: Queryable, a: Asked & { orderIds: number[] }): Promise<{ rows: OrderFactsRow[]; candidates: Candidate[] }> {
  const rows = await factsById(q, { vendorId: a.vendorId, now: a.now, hour: hourStart(a.now), orderIds: a.orderIds });
  return { rows, candidates: await toCandidates(q, rows, a) };
}
