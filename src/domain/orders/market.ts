import { salesByPrice } from './bid-down';
import { raisedMaxBid } from './bids';
import { TAG } from './packages';
import type { Caps, OrderPackage } from './types';

/**
 * What the market says about an order (document 001: the cost estimate of the options step,
 * the bidding context beside the bid, and the vendor optimizer's figures). Pure: the server
 * reads the last 30 days of sales and hands them here; the wizard recomputes the estimate
 * with the same functions as the agent moves the bid.
 */

/** The estimate and the bidding context read the sales of the last 30 days. */
export const MARKET_WINDOW_DAYS = 30;
/** Sale prices are counted in 25-cent steps (a sale of $12.40 counts at $12.50). */
export const PRICE_STEP_CENTS = 25;
/** "Around" a ZIP code: the bidding context reads the sales and bids within this radius. */
export const BIDDING_RADIUS_MILES = 30;
/** Competing bids are shown as a range only when at least this many other orders bid, so no single buyer's bid shows. */
export const MIN_COMPETITORS_FOR_RANGE = 2;
/** The recent sales listed beside the bid. */
export const RECENT_SALES_SHOWN = 10;
/** Document 001 section 9: vendor projection defaults (national 34000, monthly 5000), used when the marketplace has sold nothing yet. */
export const VENDOR_PROJECTION_DEFAULTS = { national: 34_000, monthly: 5_000 } as const;

/** Sales of one vertical and product in a territory over the window: prices as [cents, count] in 25-cent steps, ascending. */
export interface MarketSummary {
  windowDays: number;
  /** Sales in the territory within the window. */
  sales: number;
  /** Sales of this vertical and product in the whole marketplace within the window. */
  national: number;
  prices: Array<[cents: number, count: number]>;
}

/** The 25-cent step a sale price is counted at. */
export const priceStep = (cents: number): number => Math.ceil(cents / PRICE_STEP_CENTS) * PRICE_STEP_CENTS;

/** How many sales were priced at or below a bid (a bid that high would have won them). */
export function salesAtOrBelow(prices: MarketSummary['prices'], bidCents: number): number {
  let n = 0;
  for (const [cents, count] of prices) if (cents <= bidCents) n += count;
  return n;
}

/** The price below which a share q (0..1) of the sales lie, or null without sales. */
export function priceQuantile(prices: MarketSummary['prices'], q: number): number | null {
  const total = prices.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [cents, count] of prices) {
    seen += count;
    if (seen >= rank) return cents;
  }
  return prices[prices.length - 1][0];
}

/** The market level price: the median sale price over the window, or null without sales. */
export const marketLevelOf = (prices: MarketSummary['prices']): number | null => priceQuantile(prices, 0.5);

export interface VolumeProjections {
  /** Sales in the territory over the window, all buyers. */
  territoryMonthly: number;
  /** Sales of the whole marketplace over the window (the default 34000 when it has none). */
  national: number;
  /** The share of the territory's sales this bid would have won (0..1). */
  winShare: number;
  /** Leads (or calls) the order may expect, within its caps. */
  daily: number;
  weekly: number;
  monthly: number;
}

export interface OrderCosts {
  /** The package's price (a custom-priced order's custom price). */
  baseCost: number;
  /** The median sale price in the territory over the window; the package's price without sales. */
  marketLevelCost: number;
  /** The order's maximum bid (raised to a custom price). */
  maxBidCost: number | null;
}

export interface CostEstimate {
  volumeProjections: VolumeProjections;
  orderCosts: OrderCosts;
  /** The package keeps a legacy price (the original package). */
  hasLegacyCost: boolean;
}

type EstimatePackage = Pick<OrderPackage, 'costCents' | 'isCustomPriced' | 'tags'>;
interface EstimateOrder {
  caps: Caps;
  maxBidCents: number | null;
  customPriceCents: number | null;
}

const tenth = (n: number) => Math.round(n * 10) / 10;

/**
 * The options step's estimate: the order wins the sales priced at or below its bid, spread
 * over the window, and never more than its caps.
 */
export function costEstimate(m: MarketSummary, p: EstimatePackage, o: EstimateOrder): CostEstimate {
  const maxBid = raisedMaxBid(o.maxBidCents, o.customPriceCents);
  const won = maxBid === null ? 0 : salesAtOrBelow(m.prices, maxBid);
  const perDay = won / m.windowDays;
  return {
    volumeProjections: {
      territoryMonthly: m.sales,
      national: m.national > 0 ? m.national : VENDOR_PROJECTION_DEFAULTS.national,
      winShare: m.sales > 0 ? Math.round((won / m.sales) * 1000) / 1000 : 0,
      daily: Math.min(o.caps.daily, tenth(perDay)),
      weekly: Math.min(o.caps.weekly, tenth(perDay * 7)),
      monthly: Math.min(o.caps.monthly, tenth(perDay * 28)),
    },
    orderCosts: {
      baseCost: p.isCustomPriced && o.customPriceCents !== null ? o.customPriceCents : p.costCents,
      marketLevelCost: marketLevelOf(m.prices) ?? p.costCents,
      maxBidCost: maxBid,
    },
    hasLegacyCost: p.tags.includes(TAG.original),
  };
}

// ---------------------------------------------------------------- bidding context

/** Where the bidding context looks: a ZIP code (and the ZIPs around it) or a state. */
export type BiddingLocation = { kind: 'zip'; zip: string } | { kind: 'state'; state: string };

/** A location as the query gives it: 5 digits (or ZIP+4) or a two-letter state; null otherwise. */
export function biddingLocation(text: string): BiddingLocation | null {
  const s = text.trim();
  if (/^\d{5}(?:-\d{4})?$/.test(s)) return { kind: 'zip', zip: s.slice(0, 5) };
  if (/^[A-Za-z]{2}$/.test(s)) return { kind: 'state', state: s.toUpperCase() };
  return null;
}

export interface BiddingContext {
  windowDays: number;
  salePrices: { count: number; minCents: number | null; medianCents: number | null; maxCents: number | null };
  recentSales: Array<{ soldOn: string; priceCents: number }>;
  /** Sales per price step, ascending: the bid-down chart's points before it hides the dips (bid-down.ts). */
  salesByPrice: Array<{ priceCents: number; count: number }>;
  /** Other buyers' maximum bids on the territory: a count, and a range once MIN_COMPETITORS_FOR_RANGE bid. */
  competingBids: { count: number; minCents: number | null; maxCents: number | null };
}

/** The bidding context from the sales and the other buyers' bids (never who they are). */
export function biddingContext(m: Pick<MarketSummary, 'windowDays' | 'prices'>, recent: BiddingContext['recentSales'], bids: readonly number[]): BiddingContext {
  const count = m.prices.reduce((s, [, n]) => s + n, 0);
  const sorted = [...bids].sort((a, b) => a - b);
  const ranged = sorted.length >= MIN_COMPETITORS_FOR_RANGE;
  return {
    windowDays: m.windowDays,
    salePrices: {
      count,
      minCents: count ? m.prices[0][0] : null,
      medianCents: priceQuantile(m.prices, 0.5),
      maxCents: count ? m.prices[m.prices.length - 1][0] : null,
    },
    recentSales: recent.slice(0, RECENT_SALES_SHOWN),
    salesByPrice: salesByPrice(m.prices),
    competingBids: { count: sorted.length, minCents: ranged ? sorted[0] : null, maxCents: ranged ? sorted[sorted.length - 1] : null },
  };
}

// ---------------------------------------------------------------- vendor optimizer

/** Document 001 section 4: the optimizer's ratio, 0 off to 1 fully opaque, in hundredths. */
export const OPTIMIZER_RATIO = { min: 0, max: 1, step: 0.01 } as const;

export const ratioValid = (r: number): boolean =>
  Number.isFinite(r) && r >= OPTIMIZER_RATIO.min && r <= OPTIMIZER_RATIO.max && Math.abs(Math.round(r * 100) - r * 100) < 1e-9;

/** A vendor's sales over the window (in the territory, else the marketplace's when it sold too few there). */
export interface VendorSales {
  vendorId: number;
  sold: number;
  returned: number;
  /** Leads the buyer marked quoted or policy. */
  converted: number;
}

/** Below this many sales in the territory a vendor is judged on the marketplace's figures. */
export const OPTIMIZER_MIN_SALES = 5;
/** A vendor with no sales at all scores this (neither favoured nor dropped). */
export const UNKNOWN_SCORE = 0.5;

/** A vendor's score in 0..1: mostly how few of its leads come back, partly how many convert. */
export function vendorScore(s: Pick<VendorSales, 'sold' | 'returned' | 'converted'> | undefined): number {
  if (!s || s.sold === 0) return UNKNOWN_SCORE;
  const kept = 1 - s.returned / s.sold;
  const converted = s.converted / s.sold;
  return Math.round((0.7 * kept + 0.3 * converted) * 1000) / 1000;
}

export interface OptimizerVendor {
  vendorId: number;
  displayName: string;
  sold: number;
  returnRate: number | null;
  conversionRate: number | null;
  score: number;
  /** The share of the order's volume this vendor gets (the weights sum to 1). */
  weight: number;
  /** The optimizer would keep it: its score is at least the package's average. */
  recommended: boolean;
}

/**
 * The optimizer's answer: each package vendor's weight blends the agent's choice (equal
 * shares among the chosen vendors) with the optimizer's (shares by score) by the ratio;
 * at 1 the agent's choice no longer counts (fully opaque).
 */
export function optimizeVendors(
  vendors: ReadonlyArray<{ id: number; displayName: string }>,
  chosen: readonly number[],
  ratio: number,
  sales: ReadonlyMap<number, VendorSales>,
): OptimizerVendor[] {
  const scores = vendors.map((v) => vendorScore(sales.get(v.id)));
  const total = scores.reduce((a, b) => a + b, 0);
  const picked = vendors.filter((v) => chosen.includes(v.id)).length;
  const mean = vendors.length ? total / vendors.length : 0;
  return vendors.map((v, i) => {
    const s = sales.get(v.id);
    const own = chosen.includes(v.id) && picked > 0 ? 1 / picked : 0;
    const opt = total > 0 ? scores[i] / total : 1 / vendors.length;
    return {
      vendorId: v.id,
      displayName: v.displayName,
      sold: s?.sold ?? 0,
      returnRate: s && s.sold ? Math.round((s.returned / s.sold) * 1000) / 1000 : null,
      conversionRate: s && s.sold ? Math.round((s.converted / s.sold) * 1000) / 1000 : null,
      score: scores[i],
      weight: Math.round(((1 - ratio) * own + ratio * opt) * 1000) / 1000,
      recommended: scores[i] >= mean,
    };
  });
}

/** Texts of the market's calls (designed: the specification does not word them). */
export const MARKET_MSG = {
  locationInvalid: 'Enter a ZIP code or a two-letter state',
  zipUnknown: 'This ZIP code is not known',
  estimateTarget: 'Name either a draft (jobId) or an order (orderId)',
  noCompetitors: 'No other buyer bids here yet',
  fewCompetitors: 'Too few other buyers bid here to show their range',
  noSales: 'No sales here in the last 30 days',
  opaque: 'The optimizer chooses the vendors of this order',
} as const;
