import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { isoDayIn } from '../../domain/time/zone';
import { parseLeadQuery, productOptions, type LeadQuery } from '../../domain/leads/filters';
import { LEADS_DESIGNED_MSG, LEADS_MSG } from '../../domain/leads/messages';
import { isAdmin } from '../../domain/roles';
import type { AppContext } from '../context';
import { listScope, lookupScope, type Scope } from '../../domain/access/scope';
import {
  countLeads, EXPORT_COLUMNS, exportBatches, exportRecord, findLead, saveNote, searchLeads, setAgentStatus, setDnc,
} from '../services/leads';
import { scopeCallerOf } from './caller';
import { HttpError, badRequest } from './errors';
import { downloadLinks, type LinkCaller } from './download-links';
import { authOf, sessionOwner } from './guard';
import type { Handlers } from './operations';
import type { FastifyRequest } from 'fastify';

/**
 * Lead search (issue 10): the page, the tab counts, the export, one lead's details, and
 * the agent's status, do-not-call flag and note. Parse (src/domain's one parser), scope
 * (services/leads/scope), call a service, map.
 */
export function leadHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  const missing = () => new HttpError(404, LEADS_DESIGNED_MSG.leadMissing);

  /** The caller's scope, their zone and their parsed filters (400 on a malformed one): the page's reads and its export alike. */
  async function searchFor(caller: LinkCaller, raw: Record<string, unknown>): Promise<{ scope: Scope; zone: string; query: LeadQuery }> {
    const zone = caller.user.timezone;
    const parsed = parseLeadQuery({ ...raw }, isoDayIn(clock.now(), zone));
    if (!parsed.ok) throw badRequest(parsed.errors[0].message, parsed.errors);
    const viewer = { isAdmin: isAdmin(sessionOwner(caller)), features: caller.user.features };
    if (parsed.query.product && !productOptions(viewer).includes(parsed.query.product)) {
      throw badRequest(LEADS_DESIGNED_MSG.productNotAllowed, [{ field: 'product', message: LEADS_DESIGNED_MSG.productNotAllowed }]);
    }
    return { scope: listScope(await scopeCallerOf(db, caller), 'lead'), zone, query: parsed.query };
  }
  /** The leads a caller may open or change by id. */
  const lookup = async (req: FastifyRequest) => lookupScope(await scopeCallerOf(db, authOf(req)), 'lead');
  const searchOf = (req: FastifyRequest) => searchFor(authOf(req), req.query as Record<string, unknown>);
  const links = downloadLinks(ctx, 'leads', 'issueLeadExport');

  return {
    async searchLeads(req) {
      const { scope, zone, query } = await searchOf(req);
      const { rows, count } = await searchLeads(db, query, scope, zone);
      return { results: rows, meta: { count } };
    },

    async countLeads(req) {
      const { scope, zone, query } = await searchOf(req);
      return countLeads(db, query, scope, zone);
    },

    async issueLeadExport(req, reply) {
      // The filter is checked now, so a bad one is a 400 on the page rather than in the download.
      await searchOf(req);
      return links.issue(req, reply, authOf(req), { ...(req.query as Record<string, unknown>) });
    },

    async exportLeads(req, reply) {
      const { caller, query: raw } = await links.redeem(req, req.query.token);
      const { scope, zone, query } = await searchFor(caller, raw);
      const records = async function* () {
        for await (const batch of exportBatches(db, query, scope, zone)) for (const r of batch) yield exportRecord(r);
      };
      // Backpressure end to end: the generator reads the next batch only when the socket drained.
      // A failure mid-stream destroys the response (no final chunk), so the browser's download fails rather than ending short.
      const csv = pipeline(Readable.from(records()), stringify({ header: true, columns: [...EXPORT_COLUMNS] }), (err) => {
        if (err) req.log.warn({ err }, 'lead export stopped');
      });
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', 'attachment; filename="lead_export.csv"');
      return reply.send(csv);
    },

    async getLead(req) {
      const lead = await findLead(db, req.params.leadId, await lookup(req));
      if (!lead) throw missing();
      return lead;
    },

    async setLeadStatus(req) {
      const result = await setAgentStatus(db, req.params.leadId, await lookup(req), req.body.statusName);
      if (!result.ok) {
        if (result.reason === 'missing') throw missing();
        throw new HttpError(422, LEADS_DESIGNED_MSG.returnedNoStatus, 'returned');
      }
      return { id: result.id, agentStatus: result.agentStatus, previousStatus: result.previousStatus };
    },

    async setLeadDnc(req) {
      const result = await setDnc(db, req.params.leadId, await lookup(req), req.body.dnc);
      if (!result) throw missing();
      return result;
    },

    async saveLeadNote(req) {
      const result = await saveNote(db, req.params.leadId, await lookup(req), req.body.note, clock.now());
      if (!result) throw missing();
      return { ...result, message: LEADS_MSG.noteSaved };
    },
  };
}
