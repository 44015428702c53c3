import { LIVE_MSG, PROXY_REQUESTS_PER_MINUTE } from '../../domain/debugger/messages';
import { isVendorApiPath } from '../../domain/debugger/paths';
import { sampleLead } from '../../domain/debugger/sample-lead';
import { DESIGNED_MSG } from '../../domain/messages';
import { seededRandom } from '../../domain/random';
import { isAdmin } from '../../domain/roles';
import type { AppContext } from '../context';
import { issueVendorToken, listVendorApis, liveVendorApi, vendorById, vendorOfUser, type VendorApiRow, type VendorRow } from '../services/debugger/vendor-apis';
import { debuggerAuthorization } from '../services/engine/debug-grants';
import { countHit } from '../services/rate-limit';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { throttled } from './throttle';

/** Where the API is mounted (openapi.yaml servers): the proxy calls the real route there. */
const API_PREFIX = '/rest';
/** Response headers worth showing a vendor; the rest are transport noise. */
const SHOWN_HEADERS = ['content-type', 'retry-after', 'x-request-id'];

const apiOut = (row: VendorApiRow, token: string | null = null) => ({
  id: row.id, type: row.type, token, hint: row.hint, createdAt: new Date(row.created_at).toISOString(),
});

/** The vendor API debugger: sample leads, the vendor's tokens, and the proxy to /v2. */
export function debuggerHandlers(ctx: AppContext): Handlers {
  /** The vendor a request is about: `me` (the signed-in vendor's) or an id (their own; an admin any). */
  async function vendorFor(auth: RequestAuth, ref: string): Promise<VendorRow> {
    const admin = isAdmin(sessionOwner(auth));
    if (ref === 'me') {
      const own = await vendorOfUser(ctx.db, auth.user.id);
      if (!own) throw new HttpError(404, LIVE_MSG.notVendor);
      return own;
    }
    const vendor = await vendorById(ctx.db, Number(ref));
    if (!vendor) throw new HttpError(admin ? 404 : 403, admin ? LIVE_MSG.vendorMissing : DESIGNED_MSG.notAllowed);
    if (!admin && vendor.user_id !== auth.user.id) throw new HttpError(403, DESIGNED_MSG.notAllowed);
    return vendor;
  }

  return {
    async getSampleLead(req) {
      const random = req.query.seed === undefined ? ctx.random : seededRandom(req.query.seed);
      return sampleLead(req.params.vertical, random, ctx.clock.now());
    },

    async listVendorApis(req) {
      const vendor = await vendorFor(authOf(req), req.params.vendor);
      return { vendorId: vendor.id, vendorName: vendor.vendor_name, apis: (await listVendorApis(ctx.db, vendor.id)).map((r) => apiOut(r)) };
    },

    async issueVendorApi(req, reply) {
      const auth = authOf(req);
      const vendorId = (await vendorFor(auth, req.params.vendor)).id;
      const issued = await issueVendorToken(ctx.db, vendorId, { userId: auth.user.id, originalUserId: auth.original?.id ?? null }, ctx.clock.now(),
        req.body?.revokes ?? null);
      if ('unconfirmed' in issued) {
        const message = LIVE_MSG.revokeUnconfirmed(issued.unconfirmed?.hint ?? null);
        throw new HttpError(409, message, 'revoke_unconfirmed', [{ field: 'revokes', message }]);
      }
      return reply.code(201).send({ ...apiOut(issued, issued.token), revoked: issued.revoked ? apiOut(issued.revoked) : null });
    },

    async debugProxy(req) {
      const auth = authOf(req);
      const { path, headers, body, apiId } = req.body;
      if (!isVendorApiPath(path)) throw badRequest(LIVE_MSG.proxyPath, [{ field: 'path', message: LIVE_MSG.proxyPath }]);
      // A live token of a vendor the caller may act for: the request is signed with it.
      const api = apiId === undefined ? null : await liveVendorApi(ctx.db, apiId);
      if (apiId !== undefined && !api) throw badRequest(LIVE_MSG.tokenNotLive, [{ field: 'apiId', message: LIVE_MSG.tokenNotLive }]);
      if (api) await vendorFor(auth, String(api.vendor_id));
      if ((await countHit(ctx.db, `debug-proxy:${sessionOwner(auth).id}`, 60, ctx.clock.now())) > PROXY_REQUESTS_PER_MINUTE) throw throttled();
      const forwarded: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        const lower = name.toLowerCase();
        // The vendor's own headers only: never the debugger user's session, never framing.
        if (!['cookie', 'host', 'content-length', 'transfer-encoding', 'connection', 'x-switch-user'].includes(lower)) forwarded[lower] = value;
      }
      const grant = api ? ctx.engine.debugGrants.grant(api.id) : null;
      if (grant) forwarded.authorization = debuggerAuthorization(grant);
      const started = performance.now();
      const res = await req.server
        .inject({
          method: 'POST',
          url: `${API_PREFIX}${path}`,
          headers: { ...forwarded, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
          remoteAddress: req.ip,
        })
        // A grant the request did not take (refused before its handler) goes with it.
        .finally(() => grant && ctx.engine.debugGrants.take(grant));
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const shown: Record<string, string> = {};
      for (const name of SHOWN_HEADERS) {
        const v = res.headers[name];
        if (v !== undefined) shown[name] = String(v);
      }
      let parsed: unknown = res.body;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        // not JSON: shown as text
      }
      return { status: res.statusCode, headers: shown, body: parsed, durationMs };
    },
  };
}
