/**
 * The sealed-bid auction (issue 9; docs/areas/engine.md "The auction"). Every eligible order bids its
 * maximum bid (or its custom price). The lead goes to as many buyers as the package
 * allows (1: exclusive; more: shared), one order per company. Ranking: the higher bid
 * first; a tie goes to the order that has waited longest since its last sale (or its
 * creation), then to the lower order id. Each winner pays the lowest price that still
 * wins: the best losing bid plus one cent, never below the package's base cost, never
 * above its own bid. Without a losing bid, the base cost.
 */
export interface Bid {
  orderId: number;
  /** One buyer per lead: orders of the same company share this key. */
  buyer: number;
  bidCents: number;
  /** Epoch milliseconds since when the order has waited (its last sale, or its creation). */
  waitingSince: number;
}

export interface AuctionResult {
  winners: Array<{ orderId: number; buyer: number; bidCents: number; priceCents: number }>;
  /** Eligible orders that did not win: outbid, or beaten by an order of the same company. */
  outbid: number[];
  sameBuyer: number[];
}

/** One cent above the best losing bid. */
export const PRICE_STEP_CENTS = 1;

export const rank = (a: Bid, b: Bid): number =>
  b.bidCents - a.bidCents || a.waitingSince - b.waitingSince || a.orderId - b.orderId;

export function auction(bids: readonly Bid[], slots: number, baseCostCents: number): AuctionResult {
  const sorted = [...bids].sort(rank);
  const seen = new Set<number>();
  const distinct: Bid[] = [];
  const sameBuyer: number[] = [];
  for (const b of sorted) {
    if (seen.has(b.buyer)) sameBuyer.push(b.orderId);
    else {
      seen.add(b.buyer);
      distinct.push(b);
    }
  }
  const take = Math.max(0, Math.floor(slots));
  const won = distinct.slice(0, take);
  const lost = distinct.slice(take);
  const next = lost[0]?.bidCents;
  return {
    winners: won.map((b) => ({
      orderId: b.orderId,
      buyer: b.buyer,
      bidCents: b.bidCents,
      priceCents: priceFor(b.bidCents, next, baseCostCents),
    })),
    outbid: lost.map((b) => b.orderId),
    sameBuyer,
  };
}

/** A winner's price: the next bid plus a cent, at least the base cost, at most its own bid. */
export function priceFor(ownBidCents: number, nextBidCents: number | undefined, baseCostCents: number): number {
  const wanted = nextBidCents === undefined ? baseCostCents : Math.max(baseCostCents, nextBidCents + PRICE_STEP_CENTS);
  return Math.min(ownBidCents, wanted);
}

/** What an order bids: its custom price when it has one, else its maximum bid. */
export const bidOf = (o: { maxBidCents: number; customPriceCents: number | null }): number => o.customPriceCents ?? o.maxBidCents;

/**
 * The vendor's share of a sale (our rule; the specification does not say): 70 % of the
 * price to the vendor's payable account, rounded down; the rest is the marketplace's revenue.
 */
export const VENDOR_SHARE_PERCENT = 70;
export const vendorShareOf = (priceCents: number): number => Math.floor((priceCents * VENDOR_SHARE_PERCENT) / 100);
