import type { UserAction } from '../../domain/access-policy';
import { DESIGNED_MSG } from '../../domain/messages';
import { companyActionRefusal, type CompanyAction } from '../../domain/people/company-policy';
import { concurrencyErrors, leadCapError, type ConcurrencySchedule } from '../../domain/people/concurrency';
import { FEATURE_FLAGS, FEATURE_IDS } from '../../domain/people/features';
import { PEOPLE_DESIGNED_MSG, PEOPLE_MSG, alreadyExists } from '../../domain/people/messages';
import { newUserErrors, searchReady } from '../../domain/people/new-user';
import { registrationErrors } from '../../domain/people/registration';
import { SEARCH_STATUSES } from '../../domain/people/new-user';
import { reasonError, type StatusAction } from '../../domain/people/status';
import type { AppContext } from '../context';
import { companySettings, searchCompanies, updateCompany, type CompanyChange } from '../services/companies';
import {
  changeStatus, createUser, reinvite, searchUsers, setAlmPro, setCancelExhausting, setCrm, setFeature, setContactPreferences,
  userDetail, userHistory,
} from '../services/people';
import { register, startRegistration } from '../services/registration';
import { asActor, findUserById, toApiUser, type UserRow } from '../services/users';
import { authorize } from './caller';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from './operations';

/**
 * People and settings (issue 12): user management, user and company settings, and
 * registration by invitation. Parse, authorize (the access policy), call a service, map.
 */
export function peopleHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  /** The target user after the policy said yes: 404 for admins, and a 403 that hides existence from others. */
  async function target(req: FastifyRequest, userId: number, action: UserAction): Promise<{ auth: RequestAuth; user: UserRow }> {
    const auth = authOf(req);
    const user = await findUserById(db, userId);
    if (!user && sessionOwner(auth).role !== 'admin') throw new HttpError(403, DESIGNED_MSG.notAllowed);
    if (!user) throw new HttpError(404, DESIGNED_MSG.userMissing);
    authorize(action, auth, user);
    return { auth, user };
  }
  /** Who did it, as the audit log keeps it: null when users change their own. */
  const doneBy = (auth: RequestAuth, user: UserRow): number | null => (sessionOwner(auth).id === user.id ? null : sessionOwner(auth).id);
  const detail = async (id: number) => (await userDetail(db, id))!;

  async function statusChange(req: FastifyRequest, userId: number, action: StatusAction, reason: string | null) {
    const { auth, user } = await target(req, userId, 'changeStatus');
    if (action !== 'archive') {
      const missing = reasonError(reason ?? undefined);
      if (missing) throw badRequest(missing, [{ field: 'reason', message: missing }]);
    }
    const refusal = await changeStatus(db, user, action, reason?.trim() ?? null, sessionOwner(auth).id, clock.now());
    if (refusal) throw new HttpError(422, refusal, 'status');
    return detail(user.id);
  }

  async function companyTarget(req: FastifyRequest, companyId: number, action: CompanyAction) {
    const auth = authOf(req);
    const owner = sessionOwner(auth);
    const refusal = companyActionRefusal(
      action,
      { owner: asActor(owner), actingAs: { ...asActor(auth.user), companyId: auth.user.company_id, isPro: auth.user.is_pro } },
      companyId,
    );
    // Someone else's company is refused alike whether or not it exists; an admin learns of a 404.
    const company = await companySettings(db, companyId);
    if (refusal && (company || owner.role !== 'admin')) throw new HttpError(403, refusal);
    if (!company) throw new HttpError(404, PEOPLE_DESIGNED_MSG.companyMissing);
    return { auth, company };
  }

  return {
    async searchUsers(req) {
      const { term, email, agentId, role, status, limit } = req.query;
      if (term !== undefined && !searchReady(term))
        throw badRequest(PEOPLE_DESIGNED_MSG.searchTooShort, [{ field: 'term', message: PEOPLE_DESIGNED_MSG.searchTooShort }]);
      const statusName = status === undefined ? undefined : SEARCH_STATUSES.find((s) => s.code === status)?.status;
      const rows = await searchUsers(db, { term, email, agentId, role, status: statusName, limit: limit ?? 25 });
      return { users: rows.map(toApiUser) };
    },

    async lookupAgent(req) {
      const rows = await searchUsers(db, { agentId: req.query.externalAgentId, limit: 1 });
      return { results: rows.map(toApiUser) };
    },

    async createUser(req, reply) {
      const auth = authOf(req);
      const errors = newUserErrors(req.body);
      if (errors.length) throw badRequest(errors[0].message, errors);
      const result = await createUser(ctx, req.body, sessionOwner(auth).id, clock.now());
      if (!result.ok) {
        if (result.taken === 'company') throw new HttpError(404, PEOPLE_DESIGNED_MSG.companyMissing, undefined, [{ field: 'companyId', message: PEOPLE_DESIGNED_MSG.companyMissing }]);
        const message = alreadyExists(result.name);
        throw new HttpError(409, message, 'conflict', [{ field: result.taken, message }]);
      }
      return reply.code(201).send(toApiUser(result.user));
    },

    async getUser(req) {
      const { user } = await target(req, req.params.userId, 'viewUser');
      return detail(user.id);
    },

    async userHistory(req) {
      const { user } = await target(req, req.params.userId, 'viewUser');
      return { entries: await userHistory(db, user.id, req.query.limit ?? 50) };
    },

    archiveUser: (req) => statusChange(req, req.params.userId, 'archive', null),
    cancelUser: (req) => statusChange(req, req.params.userId, 'cancel', req.body.reason),
    reactivateUser: (req) => statusChange(req, req.params.userId, 'reactivate', req.body.reason),

    async setCancelExhausting(req) {
      const { auth, user } = await target(req, req.params.userId, 'setCancelExhausting');
      await setCancelExhausting(db, user.id, req.body.cancelExhausting, sessionOwner(auth).id, clock.now());
      return detail(user.id);
    },

    async inviteUser(req) {
      const { auth, user } = await target(req, req.params.userId, 'invite');
      if (!(await reinvite(ctx, user, sessionOwner(auth).id, clock.now()))) throw new HttpError(422, PEOPLE_DESIGNED_MSG.invitationOnlyUnregistered);
      return { message: PEOPLE_DESIGNED_MSG.invitationSent };
    },

    async grantAlmPro(req) {
      const { auth, user } = await target(req, req.params.userId, 'editAlmPro');
      await setAlmPro(db, user.id, true, sessionOwner(auth).id, clock.now());
      return detail(user.id);
    },

    async revokeAlmPro(req) {
      const { auth, user } = await target(req, req.params.userId, 'editAlmPro');
      await setAlmPro(db, user.id, false, sessionOwner(auth).id, clock.now());
      return detail(user.id);
    },

    async listFeatures() {
      return { features: [...FEATURE_FLAGS] };
    },

    async addFeature(req) {
      const { auth, user } = await target(req, req.params.userId, 'editFeatures');
      if (!FEATURE_IDS.includes(req.params.featureId)) throw new HttpError(404, 'No such feature');
      return { features: await setFeature(db, user.id, req.params.featureId, true, sessionOwner(auth).id, clock.now()) };
    },

    async removeFeature(req) {
      const { auth, user } = await target(req, req.params.userId, 'editFeatures');
      if (!FEATURE_IDS.includes(req.params.featureId)) throw new HttpError(404, 'No such feature');
      return { features: await setFeature(db, user.id, req.params.featureId, false, sessionOwner(auth).id, clock.now()) };
    },

    async updateCrm(req) {
      const { auth, user } = await target(req, req.params.userId, 'editCrm');
      await setCrm(db, user.id, req.body.salesforceAccountId, req.body.salesforceContactId, doneBy(auth, user), clock.now());
      return detail(user.id);
    },

    async updateContact(req) {
      const { auth, user } = await target(req, req.params.userId, 'editContact');
      const { newsletter_subscription: newsletter, weekly_summary: weeklySummary } = req.body;
      await setContactPreferences(db, user.id, { newsletter, weeklySummary }, doneBy(auth, user), clock.now());
      return detail(user.id);
    },

    async searchCompanies(req) {
      return { companies: await searchCompanies(db, req.query.name) };
    },

    async getCompany(req) {
      return (await companyTarget(req, req.params.companyId, 'read')).company;
    },

    async updateCompany(req) {
      const body = req.body;
      let change: CompanyChange;
      let action: CompanyAction;
      if (body.preferences) [change, action] = [{ kind: 'distributions', value: body.preferences.distributions }, 'editDistributions'];
      else if (body.hasLeadVantageAccess !== undefined) [change, action] = [{ kind: 'leadVantage', value: body.hasLeadVantageAccess }, 'editLeadVantage'];
      else if (body.hourlyLeadCap !== undefined) [change, action] = [{ kind: 'leadCap', value: body.hourlyLeadCap }, 'editLeadCap'];
      else if (body.concurrentCallSchedule) [change, action] = [{ kind: 'concurrency', value: body.concurrentCallSchedule as ConcurrencySchedule }, 'editConcurrency'];
      else throw badRequest(PEOPLE_DESIGNED_MSG.onePartAtATime, [{ field: 'body', message: PEOPLE_DESIGNED_MSG.onePartAtATime }]);
      const { auth } = await companyTarget(req, req.params.companyId, action);
      if (change.kind === 'concurrency') {
        const errors = concurrencyErrors(change.value).map((e) => ({ field: `concurrentCallSchedule.${e.field}`, message: e.message }));
        if (errors.length) throw badRequest(errors[0].message, errors);
      }
      if (change.kind === 'leadCap') {
        const error = leadCapError(change.value);
        if (error) throw badRequest(error, [{ field: 'hourlyLeadCap', message: error }]);
      }
      await updateCompany(db, req.params.companyId, change, { userId: auth.user.id, originalUserId: auth.original?.id ?? null }, clock.now());
      return (await companySettings(db, req.params.companyId))!;
    },

    async authenticateRegistration(req) {
      const start = await startRegistration(db, req.body.key, clock.now());
      if (!start) throw new HttpError(422, PEOPLE_MSG.registrationTokenInvalid, 'invalid_token');
      return start;
    },

    async register(req) {
      const errors = registrationErrors(req.body);
      if (errors.length) throw badRequest(errors[0].message, errors);
      const result = await register(db, req.body, clock.now());
      if (result.ok) return { ssoKey: result.ssoKey };
      if (result.reason === 'invalid') throw new HttpError(422, PEOPLE_MSG.registrationTokenInvalid, 'invalid_token');
      const message = alreadyExists(result.name);
      throw new HttpError(409, message, 'conflict', [{ field: result.field, message }]);
    },
  };
}
