import { COHORT_SETTLES_AFTER_DAYS, cohortWeeks } from '../../domain/reports/cohorts';
import {
  dashboardMonths, dashboardWeeks, figuresOf, groupAverage, isMature, matureFrom, type DashboardProduct, type DashboardVertical, type GroupAverage,
  type Period,
} from '../../domain/reports/dashboard';
import { returnRate } from '../../domain/reports/figures';
import { RETURN_RATE_MIN_SOLD, sortRows, type ReturnRateGroup, type SortOrder, type VendorSort } from '../../domain/reports/tables';
import { reportWeeks } from '../../domain/reports/weeks';
import type { AppContext } from '../context';
import { returnReasonsCsv, returnRatesCsv, vendorReportCsv } from '../services/reports/csv';
import { dashboardCounts, dashboardRegion } from '../services/reports/dashboard';
import { reasonReport, returnRates } from '../services/reports/return-reports';
import { signUpDay } from '../services/reports/sign-up';
import { vendorReport } from '../services/reports/vendor-report';
import { weeklyCounts } from '../services/reports/weekly-stats';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { reportCommon, type ReportQuery } from './report-common';

/** The reports area: figures read from the rollups (docs/areas/reports.md). */
export function reportHandlers(ctx: AppContext): Handlers {
  const { scopeOf, productsOf, filterOf, page, rangeOf, sendCsv } = reportCommon(ctx);

  /** You, Regional and National over periods (the dashboard report's months and weeks, or its cohort weeks). */
  async function seriesOf(auth: RequestAuth, company: number | null, product: DashboardProduct, vertical: DashboardVertical, periods: Period[]) {
    productsOf(auth, product);
    const scope = await scopeOf(auth, company);
    const regionId = await dashboardRegion(ctx.db, auth.user.id);
    const counts = await dashboardCounts(ctx.db, { scope, regionId, product, vertical, periods });
    const noRegion: GroupAverage = { agents: 0, figures: null, withheld: 'no_region' };
    return counts.map((c) => ({
      you: figuresOf(c.you),
      regional: regionId === null ? noRegion : groupAverage(c.regional.agents, c.regional.sums),
      national: groupAverage(c.national.agents, c.national.sums),
    }));
  }

  async function vendorRows(auth: RequestAuth, q: ReportQuery & { sort?: VendorSort; order?: SortOrder }) {
    const f = await filterOf(auth, q);
    return { f, rows: sortRows(await vendorReport(ctx.db, f), q.sort ?? 'total', q.order ?? 'desc', 'vendorDisplayName') };
  }

  async function rateRows(auth: RequestAuth, q: ReportQuery & { by?: ReturnRateGroup }) {
    const f = await filterOf(auth, q);
    return { f, rows: await returnRates(ctx.db, f, q.by ?? 'vendor', RETURN_RATE_MIN_SOLD), by: q.by ?? 'vendor' };
  }

  return {
    async getReportDashboard(req) {
      const auth = authOf(req);
      const now = ctx.clock.now();
      const zone = auth.user.timezone;
      const { product = 'leads', vertical = 'autoins' } = req.query;
      const months = dashboardMonths(now, zone);
      const weeks = dashboardWeeks(now, zone);
      const series = await seriesOf(auth, req.query.company ?? null, product, vertical, [...months, ...weeks]);
      const firstMature = matureFrom(await signUpDay(ctx.db, auth.user.id, zone));
      const periods = [...months, ...weeks].map((p, i) => ({ ...p, mature: isMature(p, firstMature), ...series[i] }));
      return { asOf: now.toISOString(), matureFrom: firstMature, product, vertical, months: periods.slice(0, months.length), weeks: periods.slice(months.length) };
    },

    async getReportCohorts(req) {
      const auth = authOf(req);
      const now = ctx.clock.now();
      const { product = 'leads', vertical = 'autoins' } = req.query;
      const weeks = cohortWeeks(now, auth.user.timezone);
      const series = await seriesOf(auth, req.query.company ?? null, product, vertical, weeks);
      return { asOf: now.toISOString(), product, vertical, settlesAfterDays: COHORT_SETTLES_AFTER_DAYS, weeks: weeks.map((w, i) => ({ ...w, ...series[i] })) };
    },

    async getWeeklyStats(req) {
      const auth = authOf(req);
      const scope = await scopeOf(auth, req.query.company ?? null);
      const now = ctx.clock.now();
      const weeks = reportWeeks(now, auth.user.timezone);
      const c = await weeklyCounts(ctx.db, scope, weeks);
      return {
        asOf: now.toISOString(),
        weekStart: weeks.thisWeek.from,
        leads: c.leads,
        calls: c.calls,
        returns: c.returns,
        returnRate: {
          thisWeek: returnRate(c.returns.thisWeek, c.leads.thisWeek, c.calls.thisWeek),
          lastWeek: returnRate(c.returns.lastWeek, c.leads.lastWeek, c.calls.lastWeek),
        },
        scrubbed: { countThisWeek: c.scrubbed.count, costThisWeek: c.scrubbed.costCents },
      };
    },

    async getVendorReport(req) {
      const { f, rows } = await vendorRows(authOf(req), req.query);
      return { ...rangeOf(f), ...page(rows, req.query) };
    },

    async exportVendorReport(req, reply) {
      const { rows } = await vendorRows(authOf(req), req.query);
      return sendCsv(reply, 'vendor_report.csv', vendorReportCsv(rows));
    },

    async getReturnReasons(req) {
      const f = await filterOf(authOf(req), req.query);
      return { ...rangeOf(f), ...(await reasonReport(ctx.db, f)) };
    },

    async exportReturnReasons(req, reply) {
      const f = await filterOf(authOf(req), req.query);
      return sendCsv(reply, 'return_reasons.csv', returnReasonsCsv(await reasonReport(ctx.db, f)));
    },

    async getReturnRates(req) {
      const { f, rows, by } = await rateRows(authOf(req), req.query);
      return { ...rangeOf(f), by, minTotal: RETURN_RATE_MIN_SOLD, ...page(rows, req.query) };
    },

    async exportReturnRates(req, reply) {
      const { rows, by } = await rateRows(authOf(req), req.query);
      return sendCsv(reply, 'return_rates.csv', returnRatesCsv(by, rows));
    },
  };
}
