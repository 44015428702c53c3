import type { components } from '../../api/schema';
import {
  PROMO_DESIGNED_MSG as D, PROMO_FIELD_LABELS, emptyPromotion, fieldInvalid, mayEditPromotions, mayEnablePromotions, mayEnrollAgents, mayRemoveAgent,
  mayViewAllPromotions, promotionErrors, type PromotionInput,
} from '../../domain/promotions';
import { isoDayIn } from '../../domain/time/zone';
import type { AppContext } from '../context';
import {
  archivePromotion, companyAgentIds, enrollAgents, findPromotion, partyExists, zonesOf, insertPromotion, listPromotions, notAgents, promotionAgents, promotionParties,
  promotionUsage, PromotionRefusal, removeAgent, updatePromotion, type EnrollmentRow, type PromotionRow, type PromotionSight,
} from '../services/promotions';
import type { UserRow } from '../services/users';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';

type Schemas = components['schemas'];

const holder = (u: UserRow) => ({ role: u.role, isSuperAdmin: u.is_super_admin, features: u.features });
/** A right of the acting user, or of the admin behind a switch. */
const may = (auth: RequestAuth, rule: (h: ReturnType<typeof holder>) => boolean): boolean =>
  rule(holder(auth.user)) || rule(holder(sessionOwner(auth)));

export const toPromotion = (p: PromotionRow): Schemas['Promotion'] => ({
  id: p.id, name: p.name, description: p.description, isActive: p.is_active, isArchived: p.is_archived, priority: p.priority,
  startDate: p.start_date, endDate: p.end_date, enrollmentDeadlineDate: p.enrollment_deadline_date, responsibleParty: p.responsible_party,
  responsibleRegionId: p.responsible_region_id, responsibleVendorId: p.responsible_vendor_id, responsiblePartyName: p.party_name,
  burnRate: { type: p.burn_type, value: p.burn_type === 'percent' ? p.burn_value / 10_000 : p.burn_value },
  budgetCents: p.budget_cents, budgetUsed: p.budget_used, agentCount: p.agent_count,
  participations: p.enabled_at ? { enabledDate: p.enabled_at.toISOString(), isActive: p.enrolled_active ?? false } : null,
  balanceUsed: p.balance_used,
});

const toAgent = (a: EnrollmentRow): Schemas['PromotionAgent'] => ({
  agentId: a.agent_id, name: a.name, email: a.email, companyName: a.company_name, enabledDate: a.enabled_at.toISOString(),
  isActive: a.is_active, balanceUsed: a.balance_used, sales: a.sales,
});

const inputOf = (p: PromotionRow): PromotionInput => {
  const rate = toPromotion(p).burnRate;
  return {
    name: p.name, description: p.description, priority: p.priority, startDate: p.start_date, endDate: p.end_date,
    enrollmentDeadlineDate: p.enrollment_deadline_date, responsibleParty: p.responsible_party, responsibleRegionId: p.responsible_region_id,
    responsibleVendorId: p.responsible_vendor_id, burnRate: { type: rate.type, value: rate.value }, budgetCents: p.budget_cents,
  };
};

type Body = Schemas['PromotionPatch'];
/** The body's fields over a promotion's (defaults for a new one). */
const merged = (base: PromotionInput, b: Body): PromotionInput => ({
  ...base,
  ...Object.fromEntries(Object.entries(b).filter(([k, v]) => k !== 'isActive' && v !== undefined)),
  burnRate: b.burnRate ? { type: b.burnRate.type, value: b.burnRate.value } : base.burnRate,
  priority: b.priority ?? base.priority,
}) as PromotionInput;

/**
 * Cost-share promotions (docs/areas/promotions.md): parse, authorize by the cost-share
 * permissions of src/domain/promotions/access.ts, call the service, map. A promotion out
 * of the caller's sight is a 404.
 */
export function promotionHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  /** Every promotion with view; else those of the caller's own agent (an agent theirs, a corporate manager their company's agents'). */
  async function sightOf(auth: RequestAuth): Promise<PromotionSight> {
    if (mayViewAllPromotions(holder(auth.user))) return { all: true, agents: [] };
    if (auth.user.role === 'user') return { all: false, agents: [auth.user.id] };
    if (auth.user.role === 'corporate' && auth.user.company_id !== null) return { all: false, agents: await companyAgentIds(db, auth.user.company_id) };
    return { all: false, agents: [] };
  }
  async function promotionOf(auth: RequestAuth, id: number): Promise<PromotionRow> {
    const p = await findPromotion(db, auth.user.id, await sightOf(auth), id);
    if (!p) throw new HttpError(404, 'No such promotion');
    return p;
  }
  /** The whole promotion checked by the domain, and its party known. */
  async function checked(input: PromotionInput, usedCents: number): Promise<PromotionInput> {
    const errors = promotionErrors(input, usedCents);
    if (errors.length) throw badRequest(errors[0].message, errors);
    const party = input.responsibleParty === 'regional' ? { field: 'responsibleRegionId', kind: 'regional' as const, id: input.responsibleRegionId! }
      : input.responsibleParty === 'vendor' ? { field: 'responsibleVendorId', kind: 'vendor' as const, id: input.responsibleVendorId! } : null;
    if (party && !(await partyExists(db, party))) {
      const message = fieldInvalid(PROMO_FIELD_LABELS[party.field]);
      throw badRequest(message, [{ field: party.field, message }]);
    }
    return input;
  }
  const refused = (e: unknown): never => {
    if (e instanceof PromotionRefusal) {
      const errors = e.field ? [{ field: e.field, message: e.message }] : undefined;
      throw e.status === 400 ? badRequest(e.message, errors) : new HttpError(e.status, e.message, undefined, errors);
    }
    throw e;
  };

  return {
    async listPromotions(req) {
      const auth = authOf(req);
      const rows = await listPromotions(db, auth.user.id, await sightOf(auth), {
        isActive: req.query.isActive ?? null, isArchived: req.query.isArchived ?? false, agentId: req.query.agentId ?? null,
      });
      return { results: rows.map(toPromotion) };
    },

    async listPromotionParties() {
      return promotionParties(db);
    },

    async createPromotion(req, reply) {
      const auth = authOf(req);
      if (!may(auth, mayEditPromotions)) throw new HttpError(403, D.noEditPermission);
      if (req.body.isActive && !may(auth, mayEnablePromotions)) throw new HttpError(403, D.noEnablePermission);
      const { isActive, ...fields } = req.body;
      const input = await checked(merged(emptyPromotion(), fields), 0);
      const id = await insertPromotion(db, input, isActive === true, auth.user.id, clock.now());
      reply.code(201);
      return { promotion: toPromotion(await promotionOf(auth, id)), message: D.created(input.name.trim()) };
    },

    async getPromotion(req) {
      const auth = authOf(req);
      const p = await promotionOf(auth, req.params.promotionId);
      return { ...toPromotion(p), usage: await promotionUsage(db, p, clock.now(), auth.user.timezone) };
    },

    async updatePromotion(req) {
      const auth = authOf(req);
      const before = await promotionOf(auth, req.params.promotionId);
      const { isActive, ...fields } = req.body;
      const edits = Object.keys(fields).length > 0;
      if (edits && !may(auth, mayEditPromotions)) throw new HttpError(403, D.noEditPermission);
      if (isActive !== undefined && isActive !== before.is_active && !may(auth, mayEnablePromotions)) throw new HttpError(403, D.noEnablePermission);
      if (before.is_archived) throw new HttpError(422, D.archived);
      const input = await checked(merged(inputOf(before), fields), before.budget_used);
      await updatePromotion(db, before.id, input, isActive ?? before.is_active, auth.user.id, clock.now(),
        { archived: D.archived, budgetBelowUsed: D.budgetBelowUsed }).catch(refused);
      return { promotion: toPromotion(await promotionOf(auth, before.id)), message: D.updated(input.name.trim()) };
    },

    async archivePromotion(req) {
      const auth = authOf(req);
      const p = await promotionOf(auth, req.params.promotionId);
      if (!may(auth, mayEditPromotions)) throw new HttpError(403, D.noEditPermission);
      await archivePromotion(db, p.id, auth.user.id, clock.now());
      return { message: D.archivedName(p.name) };
    },

    async listPromotionAgents(req) {
      const auth = authOf(req);
      const p = await promotionOf(auth, req.params.promotionId);
      return { results: (await promotionAgents(db, p.id)).map(toAgent) };
    },

    async enrollPromotionAgents(req) {
      const auth = authOf(req);
      if (!may(auth, mayEnrollAgents)) throw new HttpError(403, D.superAdminOnly);
      const p = await promotionOf(auth, req.params.promotionId);
      if (p.is_archived) throw new HttpError(422, D.archived);
      const ids = req.body.agentIds;
      const others = await notAgents(db, ids);
      if (others.length) throw badRequest(D.notAnAgent, [{ field: 'agentIds', message: D.notAnAgent }]);
      if (p.enrollment_deadline_date) {
        // The deadline is a day of each agent's own time zone.
        if ((await zonesOf(db, ids)).some((zone) => isoDayIn(clock.now(), zone) > p.enrollment_deadline_date!)) throw new HttpError(422, D.enrollmentClosed);
      }
      await enrollAgents(db, p.id, ids, auth.user.id, clock.now());
      return { results: (await promotionAgents(db, p.id)).map(toAgent), message: D.enrolled(ids.length) };
    },

    async removePromotionAgent(req) {
      const auth = authOf(req);
      const p = await promotionOf(auth, req.params.promotionId);
      if (!may(auth, mayEditPromotions)) throw new HttpError(403, D.noEditPermission);
      const done = await removeAgent(db, p.id, req.params.agentId, (used) => may(auth, (h) => mayRemoveAgent(h, used)));
      if (done === 'absent') throw new HttpError(404, 'No such agent in this promotion');
      if (done === 'refused') throw new HttpError(422, D.balanceUsed);
      return { message: D.removed(done.removed) };
    },
  };
}
