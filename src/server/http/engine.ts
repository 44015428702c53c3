import { ENGINE_MSG, type LeadFacts } from '../../domain/engine';
import { lookupScope } from '../../domain/access/scope';
import type { components } from '../../api/schema';
import type { AppContext } from '../context';
import {
  authenticateVendor, breakdown, callMatch, callPost, leadSale, ping, pingPost, post, type LeadContact, type Refusal,
} from '../services/engine';
import { zipInfo } from '../services/geo';
import { HttpError, badRequest } from './errors';
import { scopeCallerOf } from './caller';
import { authOf } from './guard';
import type { Handlers } from './operations';

type Fields = components['schemas']['VendorPing'];
type FullLead = components['schemas']['VendorLead'];

/** The lead's facts from the vendor's fields: the ZIP must exist; a state, when sent, must be the ZIP's. */
function leadFacts(b: Fields): LeadFacts {
  const zip = zipInfo(b.zipcode);
  if (!zip) throw badRequest(ENGINE_MSG.zipUnknown, [{ field: 'zipcode', message: ENGINE_MSG.zipUnknown }]);
  if (b.state !== undefined && b.state !== zip.state) throw badRequest(ENGINE_MSG.stateMismatch, [{ field: 'state', message: ENGINE_MSG.stateMismatch }]);
  return {
    vertical: b.vertical, zipcode: b.zipcode, state: zip.state, age: b.age, income: b.income, homeValue: b.home_value,
    vehicles: b.vehicles, housing: b.housing, insuranceMonth: b.insurance_month, homeAge: b.home_age,
    yearsAtResidence: b.years_at_residence, homeowner: b.homeowner,
  };
}

function contactOf(b: FullLead): LeadContact {
  const { first_name, last_name, email, home_phone, work_phone, address1, city, insert_date, vendor_lead_id, ...rest } = b;
  void vendor_lead_id;
  return {
    firstName: first_name, lastName: last_name, email: email ?? null, phone: home_phone, city: city ?? null,
    details: { ...rest, ...(work_phone ? { work_phone } : {}), ...(address1 ? { address1 } : {}), ...(insert_date ? { insert_date } : {}) },
  };
}

/**
 * The fields a ping keeps in its `lead`: what was sent, without contact details, and
 * without the vertical, ZIP and state, which the row has as columns of their own (44
 * bytes a ping of a row under 200; issue 22).
 */
const COLUMNS_OF_THEIR_OWN = new Set(['vertical', 'zipcode', 'state']);
const pingFields = (b: object): Record<string, unknown> => Object.fromEntries(Object.entries(b).filter(([k]) => !COLUMNS_OF_THEIR_OWN.has(k)));

function refusal(r: Refusal, what: 'ping' | 'call'): never {
  const m = ENGINE_MSG;
  switch (r.refused) {
    case 'missing':
      throw new HttpError(404, what === 'ping' ? m.pingMissing : m.callMissing);
    case 'duplicate':
      throw new HttpError(409, what === 'ping' ? m.pingPosted : m.callPosted, 'duplicate');
    case 'expired':
      throw new HttpError(422, what === 'ping' ? m.pingExpired : m.callExpired, what === 'ping' ? 'ping_expired' : 'call_expired');
    case 'mismatch': {
      const message = what === 'ping' ? m.pingMismatch : m.callerMismatch;
      throw badRequest(message, r.fields.map((field) => ({ field, message })));
    }
  }
}

const isRefusal = (x: object): x is Refusal => 'refused' in x;

export function engineHandlers(ctx: AppContext): Handlers {
  const { db, clock, config } = ctx;

  /** The vendor of a /v2 request (Basic authorization), counted against its allowance. */
  async function vendorOf(req: { headers: Record<string, string | string[] | undefined> }, reply: { header(k: string, v: string): unknown }): Promise<number> {
    const header = req.headers.authorization;
    const v = await authenticateVendor(db, ctx.engine, Array.isArray(header) ? header[0] : header, clock.now());
    if (!v) {
      reply.header('WWW-Authenticate', 'Basic realm="Leadline vendor API"');
      throw new HttpError(401, ENGINE_MSG.badToken, 'bad_token');
    }
    if (v.hits > config.vendorRequestsPerSecond) {
      reply.header('Retry-After', '1');
      throw new HttpError(429, ENGINE_MSG.throttled, 'throttled');
    }
    return v.vendorId;
  }

  const saleBody = (a: { sold: boolean; pingId: string; leadIds: number[]; buyers: number; priceCents: number; reason: string | null }) => ({
    sold: a.sold, ping_id: a.pingId, lead_ids: a.leadIds, buyers: a.buyers, price_cents: a.priceCents, ...(a.reason ? { reason: a.reason } : {}),
  });

  return {
    async vendorPing(req, reply) {
      const vendorId = await vendorOf(req, reply);
      const lead = leadFacts(req.body);
      const a = await ping(db, ctx.engine, { vendorId, lead, leadJson: pingFields(req.body), now: clock.now() });
      return { matched: a.matched, ping_id: a.pingId, expires_at: a.expiresAt.toISOString(), buyers: a.buyers, price_cents: a.priceCents,
        ...(a.reason ? { reason: a.reason } : {}) };
    },

    async vendorPost(req, reply) {
      const vendorId = await vendorOf(req, reply);
      const lead = leadFacts(req.body);
      const contact = contactOf(req.body);
      const a = await post(db, ctx.engine, { vendorId, lead, contact, leadJson: pingFields(contact.details), vendorLeadId: req.body.vendor_lead_id ?? null, now: clock.now() });
      if (isRefusal(a)) {
        if (a.refused === 'duplicate') throw new HttpError(409, ENGINE_MSG.duplicateLead, 'duplicate');
        return refusal(a, 'ping');
      }
      return saleBody(a);
    },

    async vendorPingPost(req, reply) {
      const vendorId = await vendorOf(req, reply);
      const lead = leadFacts(req.body);
      const a = await pingPost(db, ctx.engine, { vendorId, pingId: req.params.pingId, lead, contact: contactOf(req.body), now: clock.now() });
      if (isRefusal(a)) return refusal(a, 'ping');
      return saleBody(a);
    },

    async vendorCallMatch(req, reply) {
      const vendorId = await vendorOf(req, reply);
      const lead = leadFacts(req.body);
      const a = await callMatch(db, ctx.engine, { vendorId, lead, callerId: req.body.caller_id, leadJson: pingFields(req.body), now: clock.now() });
      return {
        matched: a.matched, call_id: a.callId,
        raw: { ping_id: a.pingId, price_cents: a.priceCents, expires_at: a.expiresAt.toISOString(), ...(a.reason ? { reason: a.reason } : {}) },
      };
    },

    async vendorCallPost(req, reply) {
      const vendorId = await vendorOf(req, reply);
      const a = await callPost(db, ctx.engine, { vendorId, callId: req.params.callId, callerId: req.body?.caller_id ?? null, now: clock.now() });
      if (isRefusal(a)) return refusal(a, 'call');
      if (!a.connected) throw new HttpError(422, ENGINE_MSG.callNotSold, a.rule);
      return { connected: true, call_id: a.callId, call: { id: a.call.id, status: a.call.status, lead_id: a.call.leadId }, price_cents: a.priceCents };
    },

    async getPingMatches(req) {
      // The orders whose lead the caller would see (an administrator behind a switch: all).
      const b = await breakdown(db, req.params.pingId, lookupScope(await scopeCallerOf(db, authOf(req)), 'lead'));
      if (!b) throw new HttpError(404, ENGINE_MSG.matchesMissing);
      return b;
    },

    async getLeadSale(req) {
      // Out of scope is a 404, as for the lead itself: its existence is not told.
      const l = await leadSale(db, req.params.leadId, lookupScope(await scopeCallerOf(db, authOf(req)), 'lead'));
      if (!l) throw new HttpError(404, ENGINE_MSG.leadMissing);
      return {
        id: l.id, orderId: l.order_id, companyId: l.company_id, vendorId: l.vendor_id, product: l.product, priceCents: l.price_cents,
        insertedAt: new Date(l.inserted_at).toISOString(), pingId: l.ping_id, deliveryStatus: l.delivery_status,
        deliveryAttempts: l.delivery_attempts, deliveredAt: l.delivered_at ? new Date(l.delivered_at).toISOString() : null,
        deliveryError: l.delivery_error,
      };
    },
  };
}
