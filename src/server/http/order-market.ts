import type { ChannelConfig } from '../../domain/orders/delivery';
import { stateByAbbr } from '../../domain/geo/us-states';
import {
  BIDDING_RADIUS_MILES,
  MARKET_MSG,
  MARKET_WINDOW_DAYS,
  OPTIMIZER_MIN_SALES,
  biddingContext,
  biddingLocation,
  costEstimate,
  optimizeVendors,
  ratioValid,
} from '../../domain/orders/market';
import { ORDER_DESIGNED_MSG } from '../../domain/orders/messages';
import { canUseOptimizer, packageVisible } from '../../domain/orders/packages';
import type { OrderPackage, OrderSettings } from '../../domain/orders/types';
import type { AppContext } from '../context';
import { countiesOf, zipInfo, zipsInRadius } from '../services/geo';
import { deliveryDeps, sendTestLead } from '../services/delivery';
import { findJob } from '../services/orders/jobs';
import { competingBids, marketSummary, recentSales, scopeOf, vendorSales } from '../services/orders/market';
import { findPackage } from '../services/orders/packages';
import { findOrderRow, settingsOfOrder } from '../services/orders/store';
import { viewerOf } from '../services/orders/viewer';
import { HttpError } from './errors';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { mayAccess } from './orders';

const invalid = (field: string, message: string) => new HttpError(400, message, undefined, [{ field, message }]);

/**
 * What the market tells the wizard: the vendor optimizer, the options step's cost estimate,
 * the bidding context beside the bid, and a draft's test lead. The figures are the
 * services' reads (services/orders/market.ts) put through the rules of
 * src/domain/orders/market.ts.
 */
export function orderMarketHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  const callerOf = async (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    return { auth, viewer: await viewerOf(db, auth.user, auth.original) };
  };

  /** The saved settings, package and kind of a draft or an order the caller may open (404 otherwise). */
  const draftOrOrder = async (auth: RequestAuth, target: { jobId?: number; orderId?: number }) => {
    if (target.jobId !== undefined) {
      const job = await findJob(db, target.jobId);
      if (!job || !(await mayAccess(db, auth, job))) throw new HttpError(404, ORDER_DESIGNED_MSG.jobMissing);
      const pkg = job.package_id ? await findPackage(db, job.package_id) : null;
      return { settings: job.settings, pkg, vertical: job.vertical, product: job.product };
    }
    const row = await findOrderRow(db, target.orderId!);
    if (!row || !(await mayAccess(db, auth, row))) throw new HttpError(404, ORDER_DESIGNED_MSG.orderMissing);
    const pkg = (await findPackage(db, row.package_id))!;
    return { settings: settingsOfOrder(row, pkg) as OrderSettings, pkg, vertical: row.vertical, product: row.product };
  };

  return {
    async optimizeVendors(req) {
      const { viewer } = await callerOf(req);
      const { packageId, territory, vendorIds, ratio } = req.body;
      const pkg: OrderPackage | null = await findPackage(db, packageId);
      if (!pkg || !packageVisible(pkg, viewer)) throw new HttpError(422, ORDER_DESIGNED_MSG.packageHidden, 'invalid', [{ field: 'packageId', message: ORDER_DESIGNED_MSG.packageHidden }]);
      if (!canUseOptimizer(pkg, viewer)) throw new HttpError(403, ORDER_DESIGNED_MSG.optimizerNotAllowed);
      if (!ratioValid(ratio)) throw new HttpError(422, ORDER_DESIGNED_MSG.ratioRange, 'invalid', [{ field: 'ratio', message: ORDER_DESIGNED_MSG.ratioRange }]);
      const known = new Set(pkg.vendors.map((v) => v.id));
      if (vendorIds.some((id) => !known.has(id)))
        throw new HttpError(422, ORDER_DESIGNED_MSG.vendorNotInPackage, 'invalid', [{ field: 'vendorIds', message: ORDER_DESIGNED_MSG.vendorNotInPackage }]);
      const m = { vertical: pkg.vertical, product: pkg.product, now: clock.now() };
      const ids = pkg.vendors.map((v) => v.id);
      const [local, national] = await Promise.all([vendorSales(db, m, scopeOf(territory), ids), vendorSales(db, m, null, ids)]);
      // A vendor that sold too few leads in the territory is judged on the marketplace's.
      const sales = new Map(ids.flatMap((id) => {
        const s = (local.get(id)?.sold ?? 0) >= OPTIMIZER_MIN_SALES ? local.get(id) : national.get(id);
        return s ? [[id, s] as const] : [];
      }));
      return { ratio, opaque: ratio === 1, windowDays: MARKET_WINDOW_DAYS, optimizerVendors: optimizeVendors(pkg.vendors, vendorIds, ratio, sales) };
    },

    async costEstimate(req) {
      const auth = authOf(req);
      const { jobId, orderId, maxBid } = req.query;
      if ((jobId === undefined) === (orderId === undefined)) throw invalid('jobId', MARKET_MSG.estimateTarget);
      const { settings, pkg, vertical, product } = await draftOrOrder(auth, { jobId, orderId });
      if (!pkg) throw new HttpError(422, ORDER_DESIGNED_MSG.packageRequired, 'invalid', [{ field: 'packageId', message: ORDER_DESIGNED_MSG.packageRequired }]);
      const market = await marketSummary(db, { vertical, product, now: clock.now() }, scopeOf(settings.territory));
      const estimate = costEstimate(market, pkg, { ...settings, maxBidCents: maxBid ?? settings.maxBidCents });
      return { market, ...estimate };
    },

    async biddingContext(req) {
      const { auth } = await callerOf(req);
      const { location, vertical, product } = req.query;
      const place = biddingLocation(location);
      if (!place) throw invalid('location', MARKET_MSG.locationInvalid);
      let states: string[];
      let zips: string[];
      if (place.kind === 'zip') {
        const info = zipInfo(place.zip);
        const around = zipsInRadius(place.zip, BIDDING_RADIUS_MILES);
        if (!info || !around) throw new HttpError(422, MARKET_MSG.zipUnknown, 'invalid', [{ field: 'location', message: MARKET_MSG.zipUnknown }]);
        states = [info.state];
        zips = around.map((z) => z.zip);
      } else {
        if (!stateByAbbr(place.state)) throw invalid('location', MARKET_MSG.locationInvalid);
        states = [place.state];
        zips = countiesOf(place.state).flatMap((c) => c.zipcodes.split(','));
      }
      const m = { vertical, product, now: clock.now() };
      const scope = place.kind === 'zip' ? { zips } : { state: place.state };
      const [market, recent, bids] = await Promise.all([
        marketSummary(db, m, scope),
        recentSales(db, m, scope),
        competingBids(db, m, { states, zips }, auth.user.company_id),
      ]);
      return { location: place.kind === 'zip' ? place.zip : place.state, ...biddingContext(market, recent, bids) };
    },

    /** A draft's test lead: the same sending as an order's, before the order exists. */
    async testJobDistribution(req) {
      const auth = authOf(req);
      const job = await findJob(db, req.params.jobId);
      if (!job || !(await mayAccess(db, auth, job))) throw new HttpError(404, ORDER_DESIGNED_MSG.jobMissing);
      if (job.order_id !== null) throw new HttpError(409, ORDER_DESIGNED_MSG.jobMissing);
      const r = await sendTestLead(deliveryDeps(ctx), req.body.distribution as ChannelConfig, { userId: auth.user.id, orderId: null, vertical: job.vertical });
      if (!r.ok) throw new HttpError(r.status, r.message, r.code, r.errors);
      return { message: r.message };
    },
  };
}
