import type { FastifyReply } from 'fastify';
import { listScope, narrowToCompany, type Holding, type Scope } from '../../domain/access/scope';
import { DESIGNED_MSG } from '../../domain/messages';
import { defaultReportRange, reportRangeErrors } from '../../domain/reports/range';
import { REPORT_PAGE_SIZE, reportProducts, type ReportProduct } from '../../domain/reports/tables';
import { isoDayIn } from '../../domain/time/zone';
import type { AppContext } from '../context';
import type { ReportFilter } from '../services/reports/filter';
import { signUpDay } from '../services/reports/sign-up';
import { scopeCallerOf } from './caller';
import { badRequest, HttpError } from './errors';
import type { RequestAuth } from './guard';

/** The query every report takes: its range (the report rule), product, vertical and an admin's company. */
export interface ReportQuery {
  dateFrom?: string;
  dateTo?: string;
  product?: string;
  vertical?: string;
  company?: number;
}

/**
 * What every report handler shares (docs/areas/reports.md): the caller's lead scope, the
 * report filter checked by the one range rule, a page of rows and a CSV reply. Each report
 * area (reports.ts, reports-*.ts) builds its handlers on it.
 */
export function reportCommon(ctx: AppContext) {
  /**
   * The leads' scope (or, for the agent rankings, the `order` holding's: the agents a
   * manager sees); naming another company is an admin's right only.
   */
  async function scopeOf(auth: RequestAuth, company: number | null, holding: Holding = 'lead'): Promise<Scope> {
    const caller = await scopeCallerOf(ctx.db, auth);
    const scope = narrowToCompany(caller, listScope(caller, holding), company);
    if (!scope) throw new HttpError(403, DESIGNED_MSG.notAllowed);
    return scope;
  }

  /**
   * The products the caller may read, as tables.ts says (calls for admins and the reporting
   * and call_orders features): the one asked for, else all offered; one not offered is a 403.
   */
  function productsOf(auth: RequestAuth, product: string | null): ReportProduct[] {
    const products = reportProducts(auth.user.role, auth.user.features, product as ReportProduct | null);
    if (!products) throw new HttpError(403, DESIGNED_MSG.notAllowed);
    return products;
  }

  /** A report's filter: its range checked by the report rule in the caller's zone (default the last 90 days), its scope and product. */
  async function filterOf(auth: RequestAuth, q: ReportQuery, holding: Holding = 'lead'): Promise<ReportFilter> {
    const zone = auth.user.timezone;
    const today = isoDayIn(ctx.clock.now(), zone);
    const first = await signUpDay(ctx.db, auth.user.id, zone);
    const fallback = defaultReportRange(today, first);
    const range = { from: q.dateFrom ?? fallback.from, to: q.dateTo ?? fallback.to };
    const errors = reportRangeErrors(range, today, first);
    if (errors.length) throw badRequest(errors[0].message, errors);
    const products = productsOf(auth, q.product ?? null);
    return { range, firstDay: first, scope: await scopeOf(auth, q.company ?? null, holding), product: products.length === 1 ? products[0] : null, vertical: q.vertical ?? null };
  }

  /** One page of rows; the contract fills the defaults (25 from 0), the types still say optional. */
  const page = <R>(rows: R[], q: { limit?: number; skip?: number }) => {
    const skip = q.skip ?? 0;
    return { count: rows.length, results: rows.slice(skip, skip + (q.limit ?? REPORT_PAGE_SIZE)) };
  };

  /** The range a report answered, so the screen shows the server's default and cuts its presets at the first day. */
  const rangeOf = (f: ReportFilter) => ({ dateFrom: f.range.from, dateTo: f.range.to, firstDay: f.firstDay });

  function sendCsv(reply: FastifyReply, fileName: string, body: string) {
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="${fileName}"`);
    return reply.send(body);
  }

  return { scopeOf, productsOf, filterOf, page, rangeOf, sendCsv };
}
