/**
 * The engine's eligibility rules (issue 9): one key per rule, checked in this order; the
 * first that fails excludes the order, and its key is the order's outcome in
 * match_events (besides 'sold', 'won' and 'outbid'). Each rule is decided here, from facts
 * the server reads; the server only gathers the facts and consumes caps atomically.
 */
import { isScheduledInSlot, slotAt, type ScheduleApi } from '../orders/schedule';
import type { Product } from '../orders/types';
import { passesFilters, type LeadFacts } from './filters';

export const RULES = [
  'inactive',
  'vendor',
  'schedule',
  'filters',
  'cap_daily',
  'cap_weekly',
  'cap_monthly',
  'hourly_cap',
  'concurrency',
  'group_concurrency',
  'company_concurrency',
  'duplicate',
  'below_cost',
  'balance',
] as const;
export type RuleKey = (typeof RULES)[number];

/** Outcomes besides a rule: sold (post), won (a ping's buyer, not sold yet), outbid, same_buyer. */
export const OUTCOMES = ['sold', 'won', 'outbid', 'same_buyer', ...RULES] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Why a lead went where it did, as the breakdown shows it: a label and a sentence (names of outcomes, not messages). */
export const OUTCOME_LABELS: Record<Outcome, { label: string; explanation: string }> = {
  sold: { label: 'Sold', explanation: 'This order bought the lead.' },
  won: { label: 'Won the ping', explanation: 'This order won the ping; the lead is sold when the vendor posts it.' },
  outbid: { label: 'Outbid', explanation: 'Other orders bid more (or bid the same and had waited longer).' },
  same_buyer: { label: 'Same buyer', explanation: "Another order of the same company won it; a lead goes to a company once." },
  inactive: { label: 'Paused', explanation: 'The order was not active.' },
  vendor: { label: 'Vendor not selected', explanation: "The lead's vendor is not among the order's vendors." },
  schedule: { label: 'Outside schedule', explanation: "The order's schedule was off at that moment, in the agent's time zone." },
  filters: { label: 'Filters', explanation: "The lead did not pass the order's filters." },
  cap_daily: { label: 'Daily cap reached', explanation: "The order had reached its daily cap (the agent's day)." },
  cap_weekly: { label: 'Weekly cap reached', explanation: "The order had reached its weekly cap (Monday to Sunday, the agent's week)." },
  cap_monthly: { label: 'Monthly cap reached', explanation: "The order had reached its monthly cap (the agent's calendar month)." },
  hourly_cap: { label: 'Hourly lead cap', explanation: "The company had reached its hourly lead cap." },
  concurrency: { label: 'Concurrent calls', explanation: 'The order had as many live calls as its maximum concurrent calls.' },
  group_concurrency: { label: 'Group concurrency', explanation: "The order's group had as many live calls as its concurrency." },
  company_concurrency: { label: 'Company concurrency', explanation: "The company's concurrency schedule allowed no more live calls then." },
  duplicate: { label: 'Duplicate', explanation: 'The company bought a lead with the same phone or email in the last 30 days.' },
  below_cost: { label: 'Bid below cost', explanation: "The order's bid is below the package's base cost." },
  balance: { label: 'Balance too low', explanation: 'The company could not pay the price (an automatic recharge was queued if it has one).' },
};

/** A lead is a duplicate for a buyer who bought the same phone or email within this many days. */
export const DUPLICATE_DAYS = 30;

/** What the engine knows of an order when it matches a lead. */
export interface OrderFacts {
  active: boolean;
  product: Product;
  /** The lead's vendor is among the order's vendors. */
  vendorSelected: boolean;
  schedule: Partial<ScheduleApi>;
  timeZone: string;
  filters: Record<string, unknown>;
  caps: { daily: number; weekly: number; monthly: number };
  /** Leads (or calls) sold to the order in the agent's current day, week and month. */
  used: { daily: number; weekly: number; monthly: number };
  /** The company's hourly lead cap (null: none) and its leads in the current hour. */
  hourlyCap: number | null;
  usedThisHour: number;
  /** Calls: live calls (and held reservations) of the order, its group and the company, and their limits (null: none). */
  calls?: {
    order: number;
    orderMax: number | null;
    group: number;
    groupMax: number | null;
    company: number;
    companyMax: number | null;
  };
  /** The company bought this phone or email within DUPLICATE_DAYS (known at post time only). */
  duplicate: boolean;
  bidCents: number;
  baseCostCents: number;
}

/** What the rules that come first read: the order's own settings, which move only when someone edits it. */
export type StandingFacts = Pick<OrderFacts, 'active' | 'schedule' | 'timeZone' | 'filters'>;

/**
 * The first of the rules decided by the order's own settings and the lead's vendor
 * (inactive, vendor, schedule, filters: the first four of RULES), or null. The ping path
 * applies them from memory to every order of the lead's area before it reads anything
 * that moves.
 */
export function firstStandingRule(o: StandingFacts, vendorSelected: boolean, lead: LeadFacts, now: Date): RuleKey | null {
  if (!o.active) return 'inactive';
  if (!vendorSelected) return 'vendor';
  if (!isScheduledInSlot(o.schedule, slotIn(now, o.timeZone))) return 'schedule';
  if (!passesFilters(o.filters, lead)) return 'filters';
  return null;
}

/** The first rule that excludes the order for this lead at `now`, or null when it is eligible (before pricing). */
export function firstExcludingRule(o: OrderFacts, lead: LeadFacts, now: Date): RuleKey | null {
  const standing = firstStandingRule(o, o.vendorSelected, lead, now);
  if (standing) return standing;
  if (o.used.daily >= o.caps.daily) return 'cap_daily';
  if (o.used.weekly >= o.caps.weekly) return 'cap_weekly';
  if (o.used.monthly >= o.caps.monthly) return 'cap_monthly';
  if (o.hourlyCap !== null && o.usedThisHour >= o.hourlyCap) return 'hourly_cap';
  if (o.product === 'calls' && o.calls) {
    const c = o.calls;
    if (c.orderMax !== null && c.order >= c.orderMax) return 'concurrency';
    if (c.groupMax !== null && c.group >= c.groupMax) return 'group_concurrency';
    if (c.companyMax !== null && c.company >= c.companyMax) return 'company_concurrency';
  }
  if (o.duplicate) return 'duplicate';
  if (o.bidCents < o.baseCostCents) return 'below_cost';
  return null;
}

/**
 * The schedule slot of an instant in a zone, remembered per zone for the quarter hour
 * (UTC) that holds the instant: every zone's offset, and every change of it, falls on a
 * quarter hour, so a zone's slot is the same all through a UTC quarter hour. One match
 * asks it of a hundred orders in a few zones, and the pings of a quarter hour share it.
 */
const QUARTER_MS = 15 * 60_000;
const slots = new Map<string, { day: number; slot: number }>();
let slotsQuarter = NaN;
export function slotIn(now: Date, timeZone: string): { day: number; slot: number } {
  const quarter = Math.floor(now.getTime() / QUARTER_MS);
  if (quarter !== slotsQuarter) {
    slots.clear();
    slotsQuarter = quarter;
  }
  let s = slots.get(timeZone);
  if (!s) slots.set(timeZone, (s = slotAt(now, timeZone)));
  return s;
}

/** Can the company pay `priceCents` from what it has available (balance above its floor)? */
export const canPay = (availableCents: number, priceCents: number): boolean => availableCents >= priceCents;
