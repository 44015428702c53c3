/**
 * The expert recommendation under each order on the dashboard (document 002 section 2;
 * the texts are the specification's, word for word). The specification does not say when
 * each shows; the rule, designed here and written in docs/areas/dashboard.md:
 *
 * 1. Never for a CLD (growth) order: its bid is the program's.
 * 2. Only for an order behind its pace: it sold less than BEHIND_PACE of the monthly cap
 *    share the month's elapsed business days call for (and it has not reached its cap).
 *    An order on pace needs no review, whatever its bid.
 * 3. Behind pace with a max bid below the market level price (the median sale in its
 *    territory over 30 days):
 *    - still on the package's standard bid (the agent never chose one): select the
 *      market-level price (`selectMarketLevel`);
 *    - on a bid the agent chose: that custom bid is the reason (`customBidBelowMarket`).
 * 4. Behind pace with a bid at or above the market level, or no sales to price the
 *    territory: the bid is not the whole story, review the bidding options (caps,
 *    territory, filters, vendors) (`reviewBidding`).
 */
export const EXPERT_RECOMMENDATIONS = {
  selectMarketLevel: 'Review your order to select Market-Level Price.',
  customBidBelowMarket: 'Review your bid because your custom bid is less than the market level price.',
  reviewBidding: 'Review your bidding options.',
} as const;
export type ExpertRecommendation = keyof typeof EXPERT_RECOMMENDATIONS;

/** Behind pace: below this share of where the fill should be by now (a little slack for a slow morning). */
export const BEHIND_PACE = 0.8;

export interface RecommendationFacts {
  cld: boolean;
  /** The order's max bid (raised to its custom price). */
  maxBidCents: number;
  /** The bid the package gives a new order (`defaultMaxBid`): an order still on it has not chosen a bid. */
  standardBidCents: number;
  /** The median sale in the order's territory over 30 days; null when nothing sold there. */
  marketLevelCents: number | null;
  sold: number;
  cap: number;
  /** The share of the month's business days already past (progress.ts `monthElapsedShare`). */
  elapsedShare: number;
}

export const behindPace = (f: Pick<RecommendationFacts, 'sold' | 'cap' | 'elapsedShare'>): boolean =>
  f.sold < f.cap && f.sold < BEHIND_PACE * f.cap * f.elapsedShare;

export function expertRecommendation(f: RecommendationFacts): ExpertRecommendation | null {
  if (f.cld || !behindPace(f)) return null;
  if (f.marketLevelCents !== null && f.maxBidCents < f.marketLevelCents)
    return f.maxBidCents === f.standardBidCents ? 'selectMarketLevel' : 'customBidBelowMarket';
  return 'reviewBidding';
}
