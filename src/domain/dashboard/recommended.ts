import { isCldPackage } from '../orders/packages';
import { RECOMMENDED_RADIUS } from '../orders/settings';
import { VERTICAL_LABELS, type OrderPackage, type Product, type Vertical } from '../orders/types';

/**
 * The recommended orders (GET /recommend/orders; designed, see docs/areas/dashboard.md):
 * demand the agent's company is missing, read from the pings the marketplace saw in the
 * last 30 days in and near its territory (within 30 miles of its active orders' ZIP codes
 * and of the agent's own ZIP; a whole-state order's state), less what its orders bought
 * there. Each vertical and product with missed demand is one recommendation, with the
 * package to order it by; a new order from one starts with a 30-mile radius.
 */
export const RECOMMEND = {
  windowDays: 30,
  radiusMiles: RECOMMENDED_RADIUS,
  maxItems: 5,
  /** At most this many ZIP codes are centres of the 30-mile circles (a large territory is sampled evenly). */
  maxCentres: 200,
} as const;

export interface Demand {
  vertical: Vertical;
  product: Product;
  /** Pings seen in the area over the window. */
  pings: number;
  /** Of them, sold to any buyer. */
  sold: number;
  /** Leads (or calls) the company's orders bought in the area over the window. */
  bought: number;
}

export interface RecommendedOrder {
  packageId: number;
  packageName: string;
  vertical: Vertical;
  product: Product;
  pings: number;
  /** Pings no order of the company bought. */
  unsold: number;
  /** Pings no buyer bought at all. */
  noBuyer: number;
  radiusMiles: number;
  why: string;
}

const UNIT: Record<Product, string> = { leads: 'leads', calls: 'calls' };

export function recommendationWhy(d: Demand, unsold: number, noBuyer: number): string {
  const kind = `${VERTICAL_LABELS[d.vertical]} ${UNIT[d.product]}`;
  const tail = noBuyer > 0 ? `; ${noBuyer.toLocaleString('en-US')} found no buyer at all` : '';
  return `${unsold.toLocaleString('en-US')} of ${d.pings.toLocaleString('en-US')} ${kind} offered within ${RECOMMEND.radiusMiles} miles of your territory in the last ${RECOMMEND.windowDays} days went to no order of yours${tail}.`;
}

/**
 * One recommendation per kind of demand missed (vertical and product): the package to order
 * it with is one the company runs no active order of when there is one, else the cheapest
 * (then the lowest id); CLD packages are never recommended. Best first: the most demand
 * missed, then the most no buyer took.
 */
export function recommendOrders(demand: readonly Demand[], packages: readonly OrderPackage[], ordered: ReadonlySet<number>): RecommendedOrder[] {
  const items: RecommendedOrder[] = [];
  for (const d of demand) {
    const unsold = Math.max(0, d.pings - d.bought);
    if (unsold === 0) continue;
    const noBuyer = Math.max(0, d.pings - d.sold);
    const [best] = packages
      .filter((p) => p.vertical === d.vertical && p.product === d.product && !isCldPackage(p))
      .sort((a, b) => Number(ordered.has(a.id)) - Number(ordered.has(b.id)) || a.costCents - b.costCents || a.id - b.id);
    if (!best) continue;
    items.push({
      packageId: best.id, packageName: best.name, vertical: d.vertical, product: d.product, pings: d.pings, unsold, noBuyer,
      radiusMiles: RECOMMEND.radiusMiles, why: recommendationWhy(d, unsold, noBuyer),
    });
  }
  items.sort((a, b) => b.unsold - a.unsold || b.noBuyer - a.noBuyer || a.packageId - b.packageId);
  return items.slice(0, RECOMMEND.maxItems);
}

/** An even sample of at most `max` items (the centres of a large territory). */
export function evenSample<T>(all: readonly T[], max: number): T[] {
  if (all.length <= max) return [...all];
  const step = all.length / max;
  return Array.from({ length: max }, (_, i) => all[Math.floor(i * step)]);
}
