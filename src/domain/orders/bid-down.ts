/** Document 000 section 9: the bid-down chart's height in pixels. */
export const BID_DOWN_CHART_HEIGHT = 150;

/** The most points the bidding context sends (openapi.yaml's maxItems). */
export const BID_DOWN_MAX_POINTS = 600;

export interface PricePoint {
  priceCents: number;
  count: number;
}

/**
 * The sales per price step the chart draws, from the market's 25-cent steps (ascending):
 * when they span more than `max` steps, wider steps (50 cents, $1, $2 ...), each counted at
 * its top price as the 25-cent steps are, so the answer stays within the contract.
 */
export function salesByPrice(prices: ReadonlyArray<readonly [cents: number, count: number]>, max = BID_DOWN_MAX_POINTS): PricePoint[] {
  if (prices.length === 0) return [];
  let step = 25;
  while (Math.ceil((prices[prices.length - 1][0] - prices[0][0]) / step) + 1 > max) step *= 2;
  const points: PricePoint[] = [];
  for (const [cents, count] of prices) {
    const top = Math.ceil(cents / step) * step;
    const last = points[points.length - 1];
    if (last?.priceCents === top) last.count += count;
    else points.push({ priceCents: top, count });
  }
  return points;
}

/**
 * The bid-down chart's points (document 000 section 9): the territory's sales per price
 * step, without the points whose count is at most half of both neighbours' (a lone dip
 * between two busier prices is noise, not a price to bid at). The first and last points
 * have one neighbour each and always show.
 */
export function bidDownPoints(points: readonly PricePoint[]): PricePoint[] {
  return points.filter(({ count }, i) => {
    if (i === 0 || i === points.length - 1) return true;
    return !(count <= points[i - 1].count / 2 && count <= points[i + 1].count / 2);
  });
}
