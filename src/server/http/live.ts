import { PassThrough } from 'node:stream';
import { LIVE_MSG } from '../../domain/debugger/messages';
import { DESIGNED_MSG } from '../../domain/messages';
import { isAdmin } from '../../domain/roles';
import type { AppContext } from '../context';
import { findCall, findRecording, type CallRow } from '../services/calls/read';
import { findCompany } from '../services/billing/billing';
import type { LiveEventKind } from '../services/live-events';
import { HttpError } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';

/** A comment line this often keeps proxies and the server's idle timeout from closing the stream. */
const KEEP_ALIVE_MS = 20_000;

/** Server push (server-sent events) and the live calls' reads. */
export function liveHandlers(ctx: AppContext): Handlers {
  /** A call the caller may see: their company's, or any for an admin; else 404 (never a hint it exists). */
  async function callFor(auth: RequestAuth, callId: number): Promise<CallRow> {
    const call = await findCall(ctx.db, callId);
    if (!call || (!isAdmin(sessionOwner(auth)) && call.company_id !== auth.user.company_id)) throw new HttpError(404, LIVE_MSG.callMissing);
    return call;
  }

  return {
    async streamLiveEvents(req, reply) {
      const auth = authOf(req);
      const companyId = req.query.company ?? auth.user.company_id;
      if (companyId == null) throw new HttpError(404, LIVE_MSG.companyMissing);
      if (companyId !== auth.user.company_id && !isAdmin(sessionOwner(auth))) throw new HttpError(403, DESIGNED_MSG.notAllowed);
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

    async getLiveCall(req) {
      const call = await callFor(authOf(req), req.params.callId);
      return {
        _id: call.id,
        status: call.status,
        orderId: call.order_id,
        duration: call.duration_seconds,
        minBillableDuration: call.min_billable_seconds,
        price: call.price_cents,
        sold: call.sold,
        insertDate: new Date(call.inserted_at).toISOString(),
        connectedAt: call.connected_at && new Date(call.connected_at).toISOString(),
        endedAt: call.ended_at && new Date(call.ended_at).toISOString(),
        recording: call.has_recording ? `/rest/live-calls/call/${call.id}/recording` : null,
      };
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
