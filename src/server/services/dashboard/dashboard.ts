import type { Scope } from '../../../domain/access/scope';
import { monthElapsedShare, monthProgress, type MonthProgress } from '../../../domain/dashboard/progress';
import { expertRecommendation, type ExpertRecommendation } from '../../../domain/dashboard/recommendation';
import { DASHBOARD_ORDERS_MAX } from '../../../domain/dashboard/screen';
import { defaultMaxBid } from '../../../domain/orders/bids';
import { costEstimate } from '../../../domain/orders/market';
import { isCldPackage } from '../../../domain/orders/packages';
import type { Product, Vertical } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';
import { capsFill } from '../orders/list';
import { allPackages } from '../orders/packages';
import { activeOrders, orderMarkets } from './orders';

export interface DashboardOrder {
  orderId: number;
  name: string;
  product: Product;
  cld: boolean;
  packageName: string;
  vertical: Vertical;
  costCents: number;
  maxBidCents: number | null;
  marketLevelCents: number | null;
  month: MonthProgress;
  recommendation: ExpertRecommendation | null;
}

/**
 * The dashboard's orders: the scope's active orders (at most DASHBOARD_ORDERS_MAX), each
 * with its month against its monthly cap (the caps fill of GET /orders/caps, counted
 * once), its costs as the cost estimate states them, and the expert recommendation.
 */
export async function dashboardOrders(q: Queryable, scope: Scope, now: Date, today: string): Promise<{ orders: DashboardOrder[]; total: number }> {
  const { rows, total } = await activeOrders(q, scope, DASHBOARD_ORDERS_MAX);
  if (!rows.length) return { orders: [], total };
  const [fills, markets, packages] = await Promise.all([
    capsFill(q, scope, now, rows.map((r) => r.id)),
    orderMarkets(q, rows, now),
    allPackages(q),
  ]);
  const fillOf = new Map(fills.map((f) => [f.orderId, f]));
  const pkgOf = new Map(packages.map((p) => [p.id, p]));
  const elapsedShare = monthElapsedShare(today);
  const orders = rows.flatMap((o): DashboardOrder[] => {
    const pkg = pkgOf.get(o.package_id);
    const fill = fillOf.get(o.id);
    if (!pkg || !fill) return [];
    const market = markets.get(o.id)!;
    const costs = costEstimate(market, pkg, { caps: fill.caps, maxBidCents: o.max_bid_cents, customPriceCents: o.custom_price_cents }).orderCosts;
    const marketLevelCents = market.sales > 0 ? costs.marketLevelCost : null;
    const month = monthProgress(fill.sold.month, fill.caps.monthly, today);
    const cld = isCldPackage(pkg);
    return [{
      orderId: o.id, name: o.name, product: o.product, cld, packageName: pkg.name, vertical: o.vertical,
      costCents: costs.baseCost, maxBidCents: costs.maxBidCost, marketLevelCents, month,
      recommendation: expertRecommendation({
        cld, maxBidCents: costs.maxBidCost ?? o.max_bid_cents, standardBidCents: defaultMaxBid(pkg), marketLevelCents,
        sold: month.sold, cap: month.cap, elapsedShare,
      }),
    }];
  });
  return { orders, total };
}
