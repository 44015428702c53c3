import type { FastifyReply } from 'fastify';
import { listScope, narrowToCompany } from '../../domain/access/scope';
import { DESIGNED_MSG } from '../../domain/messages';
import {
  dashboardMonths, dashboardWeeks, figuresOf, groupAverage, isMature, matureFrom, type GroupAverage,
} from '../../domain/reports/dashboard';
import { returnRate } from '../../domain/reports/figures';
import { defaultReportRange, reportRangeErrors } from '../../domain/reports/range';
import { REPORT_PAGE_SIZE, RETURN_RATE_MIN_SOLD, sortRows, type ReturnRateGroup, type SortOrder, type VendorSort } from '../../domain/reports/tables';
import { reportWeeks } from '../../domain/reports/weeks';
import { isoDayIn } from '../../domain/time/zone';
import type { AppContext } from '../context';
import { returnReasonsCsv, returnRatesCsv, vendorReportCsv } from '../services/reports/csv';
import type { ReportFilter } from '../services/reports/filter';
import { dashboardCounts, dashboardRegion } from '../services/reports/dashboard';
import { reasonReport, returnRates } from '../services/reports/return-reports';
import { signUpDay } from '../services/reports/sign-up';
import { vendorReport } from '../services/reports/vendor-report';
import { weeklyCounts } from '../services/reports/weekly-stats';
import { scopeCallerOf } from './caller';
import { badRequest, HttpError } from './errors';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';

interface ReportQuery {
  dateFrom?: string;
  dateTo?: string;
  product?: string;
  vertical?: string;
  company?: number;
}

/** The reports area: figures read from the rollups (docs/areas/reports.md). */
export function reportHandlers(ctx: AppContext): Handlers {
  /** The leads' scope; naming another company is an admin's right only. */
  async function scopeOf(auth: RequestAuth, company: number | null) {
    const caller = await scopeCallerOf(ctx.db, auth);
    const scope = narrowToCompany(caller, listScope(caller, 'lead'), company);
    if (!scope) throw new HttpError(403, DESIGNED_MSG.notAllowed);
    return scope;
  }

  /** A report's filter: its range checked by the report rule in the caller's zone (default the last 90 days), its scope. */
  async function filterOf(auth: RequestAuth, q: ReportQuery): Promise<ReportFilter> {
    const zone = auth.user.timezone;
    const today = isoDayIn(ctx.clock.now(), zone);
    const first = await signUpDay(ctx.db, auth.user.id, zone);
    const fallback = defaultReportRange(today, first);
    const range = { from: q.dateFrom ?? fallback.from, to: q.dateTo ?? fallback.to };
    const errors = reportRangeErrors(range, today, first);
    if (errors.length) throw badRequest(errors[0].message, errors);
    return { range, firstDay: first, scope: await scopeOf(auth, q.company ?? null), product: q.product ?? null, vertical: q.vertical ?? null };
  }

  // The contract fills the defaults (25 from 0); the types still say optional.
  const page = <R>(rows: R[], q: { limit?: number; skip?: number }) => {
    const skip = q.skip ?? 0;
    return { count: rows.length, results: rows.slice(skip, skip + (q.limit ?? REPORT_PAGE_SIZE)) };
  };

  function sendCsv(reply: FastifyReply, fileName: string, body: string) {
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return reply.send(body);
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
      const scope = await scopeOf(auth, req.query.company ?? null);
      const now = ctx.clock.now();
      const zone = auth.user.timezone;
      const { product = 'leads', vertical = 'autoins' } = req.query;
      const months = dashboardMonths(now, zone);
      const weeks = dashboardWeeks(now, zone);
      const regionId = await dashboardRegion(ctx.db, auth.user.id);
      const counts = await dashboardCounts(ctx.db, { scope, regionId, product, vertical, periods: [...months, ...weeks] });
      const firstMature = matureFrom(await signUpDay(ctx.db, auth.user.id, zone));
      const noRegion: GroupAverage = { agents: 0, figures: null, withheld: 'no_region' };
      const periods = [...months, ...weeks].map((p, i) => ({
        ...p,
        mature: isMature(p, firstMature),
        you: figuresOf(counts[i].you),
        regional: regionId === null ? noRegion : groupAverage(counts[i].regional.agents, counts[i].regional.sums),
        national: groupAverage(counts[i].national.agents, counts[i].national.sums),
      }));
      return { asOf: now.toISOString(), matureFrom: firstMature, product, vertical, months: periods.slice(0, months.length), weeks: periods.slice(months.length) };
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
      return { dateFrom: f.range.from, dateTo: f.range.to, firstDay: f.firstDay, ...page(rows, req.query) };
    },

    async exportVendorReport(req, reply) {
      const { rows } = await vendorRows(authOf(req), req.query);
      return sendCsv(reply, 'vendor_report.csv', vendorReportCsv(rows));
    },

    async getReturnReasons(req) {
      const f = await filterOf(authOf(req), req.query);
      return { dateFrom: f.range.from, dateTo: f.range.to, firstDay: f.firstDay, ...(await reasonReport(ctx.db, f)) };
    },

    async exportReturnReasons(req, reply) {
      const f = await filterOf(authOf(req), req.query);
      return sendCsv(reply, 'return_reasons.csv', returnReasonsCsv(await reasonReport(ctx.db, f)));
    },

    async getReturnRates(req) {
      const { f, rows, by } = await rateRows(authOf(req), req.query);
      return { dateFrom: f.range.from, dateTo: f.range.to, firstDay: f.firstDay, by, minTotal: RETURN_RATE_MIN_SOLD, ...page(rows, req.query) };
    },

    async exportReturnRates(req, reply) {
      const { rows, by } = await rateRows(authOf(req), req.query);
      return sendCsv(reply, 'return_rates.csv', returnRatesCsv(by, rows));
    },
  };
}
