import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { guardCell } from '../../domain/csv';
import { csvAmount } from '../../domain/money/format';
import {
  isDenyDisputeReason, isDenyReason, reasonLabel, RETURN_DESIGNED_MSG, RETURN_RANGE, RETURN_STATUS_LABELS, RETURN_STATUSES, returnReasonsFor,
  type ReturnStatus,
} from '../../domain/returns';
import { listScope, lookupScope } from '../../domain/access/scope';
import { dateRangeErrors } from '../../domain/time/range';
import { dayRangeIn, isoDayIn } from '../../domain/time/zone';
import type { components } from '../../api/schema';
import type { AppContext } from '../context';
import {
  approveReturn, denyDispute, denyReturn, disputeRefusalFor, disputeReturn, eachReturn, findReturn, listReturns, refusalFor,
  requestReturn, ReturnRefusal, returnEvents, type ReturnFilter, type ReturnRow, type ReturnScope, type Who,
} from '../services/returns';
import { HttpError, badRequest } from './errors';
import { downloadLinks, type LinkCaller } from './download-links';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { scopeCallerOf } from './caller';

type LeadReturn = components['schemas']['LeadReturn'];

/** A row as the API shows it. */
export const toLeadReturn = (r: ReturnRow): LeadReturn => ({
  leadId: r.lead_id,
  insertDate: r.inserted_at.toISOString(),
  vertical: r.vertical,
  product: r.product,
  firstName: r.first_name,
  lastName: r.last_name,
  state: r.state,
  price: r.price_cents,
  companyName: r.company_name,
  agentName: r.agent_name,
  vendorName: r.vendor_name,
  returnStatus: r.return_status,
  returnReason: r.return_reason,
  denyReason: r.deny_reason,
  denyDisputeReason: r.deny_dispute_reason,
  requestedAt: r.return_requested_at?.toISOString() ?? null,
  respondedAt: r.return_responded_at?.toISOString() ?? null,
  disputedAt: r.return_disputed_at?.toISOString() ?? null,
});

const refused = (e: unknown): never => {
  if (e instanceof ReturnRefusal) {
    if (e.status === 400) throw badRequest(e.message, e.field ? [{ field: e.field, message: e.message }] : undefined);
    throw new HttpError(e.status, e.message, undefined, e.field ? [{ field: e.field, message: e.message }] : undefined);
  }
  throw e;
};

/**
 * Returns: parse, ask the scope of leads (src/domain/access/scope: a return is its lead's
 * record), call the service, map. Admins see every lead; an agent their own leads; a
 * corporate manager their company's; a vendor the leads it sold (a lead outside the scope
 * is a 404, so its existence is not told).
 */
export function returnHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  /** The returns a caller's lists show, or those they may open and act on by id. */
  async function scopeOf(auth: LinkCaller, use: 'list' | 'lookup' = 'lookup'): Promise<ReturnScope> {
    const caller = await scopeCallerOf(db, auth);
    return use === 'list' ? listScope(caller, 'lead') : lookupScope(caller, 'lead');
  }
  const links = downloadLinks(ctx, 'returns', 'issueReturnExport');
  const whoOf = (auth: RequestAuth): Who => ({ userId: sessionOwner(auth).id, isSuperAdmin: sessionOwner(auth).is_super_admin });

  function filterOf(auth: LinkCaller, q: { start: string; end: string; vertical?: string; returnStatus?: string }): ReturnFilter {
    const zone = auth.user.timezone;
    const days = { from: q.start, to: q.end };
    const errors = dateRangeErrors(days, RETURN_RANGE, isoDayIn(clock.now(), zone));
    if (errors.length) throw badRequest(errors[0].message, errors);
    const statuses = q.returnStatus ? [...new Set(q.returnStatus.split(','))] as ReturnStatus[] : [...RETURN_STATUSES];
    return { ...dayRangeIn(days, zone), vertical: q.vertical ?? null, statuses };
  }

  const act = async (fn: () => Promise<ReturnRow>) => {
    try {
      return toLeadReturn(await fn());
    } catch (e) {
      return refused(e);
    }
  };

  return {
    async listReturns(req) {
      const auth = authOf(req);
      const { rows, count } = await listReturns(db, await scopeOf(auth, 'list'), filterOf(auth, req.query), {
        limit: req.query.limit ?? 10,
        skip: req.query.skip ?? 0,
      });
      return { results: rows.map(toLeadReturn), meta: { count } };
    },

    async issueReturnExport(req, reply) {
      const auth = authOf(req);
      // The filters are checked now, so a bad one is a 400 on the page rather than in the download.
      filterOf(auth, req.query);
      return links.issue(req, reply, auth, { ...req.query });
    },

    async exportReturns(req, reply) {
      const { caller, query } = await links.redeem(req, req.query.token);
      const scope = await scopeOf(caller, 'list');
      const filter = filterOf(caller, query as Parameters<typeof filterOf>[1]);
      const columns = ['Lead Id', 'Insert Date', 'Vertical', 'Product', 'First Name', 'Last Name', 'State', 'Price', 'Company', 'Agent',
        'Vendor', 'Return Status', 'Return Reason', 'Deny Reason', 'Deny Dispute Reason', 'Requested', 'Responded', 'Disputed'];
      const rows = async function* () {
        for await (const r of eachReturn(db, scope, filter)) {
          const x = toLeadReturn(r);
          yield [x.leadId, x.insertDate, x.vertical, x.product, x.firstName, x.lastName, x.state, csvAmount(x.price), x.companyName,
            x.agentName, x.vendorName, x.returnStatus ? RETURN_STATUS_LABELS[x.returnStatus] : '', reasonLabel(x.returnReason),
            reasonLabel(x.denyReason), reasonLabel(x.denyDisputeReason), x.requestedAt, x.respondedAt, x.disputedAt].map(guardCell);
        }
      };
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="returns_export.csv"');
      // pipeline, not pipe: a failure mid-stream destroys the response, so the download fails rather than hanging or ending short.
      const csv = pipeline(Readable.from(rows()), stringify({ header: true, columns }), (err) => {
        if (err) req.log.warn({ err }, 'returns export stopped');
      });
      return reply.send(csv);
    },

    async getLeadReturn(req) {
      const auth = authOf(req);
      const row = await findReturn(db, req.params.leadId, await scopeOf(auth));
      if (!row) throw new HttpError(404, RETURN_DESIGNED_MSG.leadMissing);
      const now = clock.now();
      const events = await returnEvents(db, row.lead_id);
      return {
        return: toLeadReturn(row),
        refusal: refusalFor(row, whoOf(auth), now),
        disputeRefusal: disputeRefusalFor(row, now),
        reasons: [...returnReasonsFor(row.product)],
        events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
      };
    },

    async requestReturn(req) {
      const auth = authOf(req);
      const scope = await scopeOf(auth);
      return act(() => requestReturn(db, req.params.leadId, scope, whoOf(auth), req.body.returnReason, clock.now()));
    },

    async disputeReturn(req) {
      const auth = authOf(req);
      const scope = await scopeOf(auth);
      return act(() => disputeReturn(db, req.params.leadId, scope, whoOf(auth), clock.now()));
    },

    async approveReturn(req) {
      const auth = authOf(req);
      const scope = await scopeOf(auth);
      return act(() => approveReturn(db, req.params.leadId, scope, whoOf(auth), clock.now()));
    },

    async denyReturn(req) {
      const auth = authOf(req);
      const reason = req.body.denyReason;
      if (!isDenyReason(reason)) {
        throw badRequest(RETURN_DESIGNED_MSG.denyReasonRequired, [{ field: 'denyReason', message: RETURN_DESIGNED_MSG.denyReasonRequired }]);
      }
      const scope = await scopeOf(auth);
      return act(() => denyReturn(db, req.params.leadId, scope, whoOf(auth), reason, clock.now()));
    },

    async denyReturnDispute(req) {
      const auth = authOf(req);
      const reason = req.body.denyDisputeReason;
      if (!isDenyDisputeReason(reason)) {
        const message = RETURN_DESIGNED_MSG.denyDisputeReasonRequired;
        throw badRequest(message, [{ field: 'denyDisputeReason', message }]);
      }
      const scope = await scopeOf(auth);
      return act(() => denyDispute(db, req.params.leadId, scope, whoOf(auth), reason, clock.now()));
    },
  };
}
