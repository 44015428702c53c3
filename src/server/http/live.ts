import { PassThrough } from 'node:stream';
import { LIVE_MSG } from '../../domain/debugger/messages';
import { DESIGNED_MSG } from '../../domain/messages';
import { isoDayIn } from '../../domain/time/zone';
import { inScope, listScope, lookupScope, narrowToCompany } from '../../domain/access/scope';
import { parseLiveCallQuery } from '../../domain/calls/list';
import type { AppContext } from '../context';
import { listLiveCalls } from '../services/calls/list';
import { findCall, findRecording, type CallRow } from '../services/calls/read';
import { findCompany } from '../services/billing/billing';
import type { LiveEventKind } from '../services/live-events';
import { badRequest, HttpError } from './errors';
import { scopeCallerOf } from './caller';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';

/** A comment line this often keeps proxies and the server's idle timeout from closing the stream. */
const KEEP_ALIVE_MS = 20_000;

/** A call's fields as the API shows them (document 002 section 3, Call), in the list and alone. */
const callFields = (c: CallRow) => ({
  _id: c.id,
  status: c.status,
  orderId: c.order_id,
  duration: c.duration_seconds,
  minBillableDuration: c.min_billable_seconds,
  price: c.price_cents,
  sold: c.sold,
  insertDate: new Date(c.inserted_at).toISOString(),
  connectedAt: c.connected_at && new Date(c.connected_at).toISOString(),
  endedAt: c.ended_at && new Date(c.ended_at).toISOString(),
  recording: c.has_recording ? `/rest/live-calls/call/${c.id}/recording` : null,
});

/** Server push (server-sent events) and the live calls' reads. */
export function liveHandlers(ctx: AppContext): Handlers {
  /** A call the caller may see (its lead's scope); else 404, never a hint it exists. */
  async function callFor(auth: RequestAuth, callId: number): Promise<CallRow> {
    const call = await findCall(ctx.db, callId, lookupScope(await scopeCallerOf(ctx.db, auth), 'lead'));
    if (!call) throw new HttpError(404, LIVE_MSG.callMissing);
    return call;
  }

  return {
    async streamLiveEvents(req, reply) {
      const auth = authOf(req);
      const companyId = req.query.company ?? auth.user.company_id;
      if (companyId == null) throw new HttpError(404, LIVE_MSG.companyMissing);
      if (!inScope(lookupScope(await scopeCallerOf(ctx.db, auth), 'company'), { companyId })) throw new HttpError(403, DESIGNED_MSG.notAllowed);
      if (!(await findCompany(ctx.db, companyId))) throw new HttpError(404, LIVE_MSG.companyMissing);

      const stream = new PassThrough();
      const send = (kind: LiveEventKind | 'ready') => stream.write(`event: ${kind}\ndata: ${JSON.stringify({ companyId, kind })}\n\n`);
      const beat = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      beat.unref();
      let stop = () => {};
      const close = () => {
        clearInterval(beat);
        stop();
        stream.end();
      };
      stop = await ctx.live.subscribe(companyId, send, close);
      req.raw.once('close', close);
      stream.once('error', close);
      send('ready');
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      return reply.send(stream);
    },

    async listLiveCalls(req) {
      const auth = authOf(req);
      const zone = auth.user.timezone;
      const { limit = 30, skip = 0, ...filters } = req.query;
      const parsed = parseLiveCallQuery(filters, isoDayIn(ctx.clock.now(), zone));
      if (!parsed.ok) throw badRequest(`${parsed.errors[0].field} ${parsed.errors[0].message}`, parsed.errors);
      // A call is its lead's record; naming another company is an admin's right only.
      const caller = await scopeCallerOf(ctx.db, auth);
      const scope = narrowToCompany(caller, listScope(caller, 'lead'), parsed.query.companyId);
      if (!scope) throw new HttpError(403, DESIGNED_MSG.notAllowed);
      const { rows, figures } = await listLiveCalls(ctx.db, parsed.query, scope, zone, { limit, skip });
      return {
        results: rows.map((c) => ({
          ...callFields(c),
          conferenceId: c.conference_id,
          orderName: c.order_name,
          companyId: c.company_id,
          companyName: c.company_name,
          billable: c.billable,
          phone: c.phone,
          leadId: c.lead_id,
          firstName: c.first_name,
          lastName: c.last_name,
          state: c.state,
          vertical: c.vertical,
          returnStatus: c.return_status,
        })),
        meta: figures,
      };
    },

    async getLiveCall(req) {
      const call = await callFor(authOf(req), req.params.callId);
      return callFields(call);
    },

    async getCallRecording(req, reply) {
      const call = await callFor(authOf(req), req.params.callId);
      const rec = await findRecording(ctx.db, call.id);
      if (!rec) throw new HttpError(404, LIVE_MSG.recordingMissing);
      return reply
        .header('content-type', rec.content_type)
        .header('content-disposition', `inline; filename="call-${call.id}.wav"`)
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(rec.audio));
    },
  };
}
