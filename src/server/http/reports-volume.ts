import { ORDER_DESIGNED_MSG } from '../../domain/orders/messages';
import { sortRows, type PackageSort, type SortOrder, type VolumeSort } from '../../domain/reports/tables';
import { volumeInterval, volumePeriods } from '../../domain/reports/volume';
import type { AppContext } from '../context';
import { leadVolumeCsv, packageReportCsv } from '../services/reports/csv';
import { leadVolume, volumeOrders } from '../services/reports/lead-volume';
import { packageReport } from '../services/reports/package-report';
import { findOrderRow } from '../services/orders/store';
import { HttpError } from './errors';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { mayAccess } from './orders';
import { reportCommon, type ReportQuery } from './report-common';

/**
 * The Lead Volume and Packages reports (docs/areas/reports.md), read from the sales rollups:
 * the volume delivered per day or week with its order filter, and one row per package.
 * Both read calls only for callers offered call products.
 */
export function volumeReportHandlers(ctx: AppContext): Handlers {
  const { filterOf, productsOf, page, rangeOf, sendCsv } = reportCommon(ctx);

  /** The report filter (its product narrowed to what the caller may read) and the products it covers. */
  async function productFilter(auth: RequestAuth, q: ReportQuery) {
    return { f: await filterOf(auth, q), products: productsOf(auth, q.product ?? null) };
  }

  async function volumeOf(auth: RequestAuth, q: ReportQuery & { orderId?: number; sort?: VolumeSort; order?: SortOrder }) {
    const { f, products } = await productFilter(auth, q);
    const orderId = q.orderId ?? null;
    if (orderId !== null) {
      const row = await findOrderRow(ctx.db, orderId);
      if (!row || !(await mayAccess(ctx.db, auth, row))) throw new HttpError(404, ORDER_DESIGNED_MSG.orderMissing);
    }
    const v = await leadVolume(ctx.db, f, orderId, volumePeriods(f.range), products);
    return { f, products, orderId, ...v, rows: sortRows(v.periods, q.sort ?? 'total', q.order ?? 'desc', 'from') };
  }

  async function packageRows(auth: RequestAuth, q: ReportQuery & { sort?: PackageSort; order?: SortOrder }) {
    const { f } = await productFilter(auth, q);
    return { f, rows: sortRows(await packageReport(ctx.db, f), q.sort ?? 'total', q.order ?? 'desc', 'name') };
  }

  return {
    async getLeadVolume(req) {
      const v = await volumeOf(authOf(req), req.query);
      return {
        asOf: ctx.clock.now().toISOString(),
        ...rangeOf(v.f),
        interval: volumeInterval(v.f.range),
        products: v.products,
        orderId: v.orderId,
        totals: v.totals,
        periods: v.periods,
        ...page(v.rows, req.query),
      };
    },

    async exportLeadVolume(req, reply) {
      const v = await volumeOf(authOf(req), req.query);
      return sendCsv(reply, 'lead_volume.csv', leadVolumeCsv(v.rows, v.products.includes('calls')));
    },

    async getLeadVolumeOrders(req) {
      const { f } = await productFilter(authOf(req), req.query);
      return { ...rangeOf(f), ...page(await volumeOrders(ctx.db, f), req.query) };
    },

    async getPackageReport(req) {
      const { f, rows } = await packageRows(authOf(req), req.query);
      return { asOf: ctx.clock.now().toISOString(), ...rangeOf(f), ...page(rows, req.query) };
    },

    async exportPackageReport(req, reply) {
      const { rows } = await packageRows(authOf(req), req.query);
      return sendCsv(reply, 'packages_report.csv', packageReportCsv(rows));
    },
  };
}
