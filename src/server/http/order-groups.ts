import { ORDER_LIST_DESIGNED_MSG, ORDER_LIST_MSG } from '../../domain/orders/list';
import { inScope, listScope } from '../../domain/access/scope';
import type { AppContext } from '../context';
import { scopeCallerOf } from './caller';
import { createGroup, deleteGroup, findGroup, foreignOrders, listGroups, updateGroup } from '../services/orders/groups';
import { HttpError } from './errors';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { eventActor } from './order-actor';

type GroupBody = { name?: string; concurrency?: number | null; orders?: number[]; companyId?: number };

/** Order groups (admins): the company is the one of the user an admin is switched into, else `companyId`. */
export function orderGroupHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  const companyOf = (auth: RequestAuth, given: number | undefined): number => {
    const company = auth.original ? auth.user.company_id : (given ?? null);
    if (company === null) throw new HttpError(400, ORDER_LIST_DESIGNED_MSG.companyRequired, undefined, [{ field: 'companyId', message: ORDER_LIST_DESIGNED_MSG.companyRequired }]);
    return company;
  };

  /** The group's fields checked: a name, orders, every order the company's. */
  const checked = async (companyId: number, b: GroupBody) => {
    const name = (b.name ?? '').trim();
    const orders = [...new Set(b.orders ?? [])];
    if (orders.length === 0) throw new HttpError(422, ORDER_LIST_MSG.groupMissingOrders, 'invalid', [{ field: 'orders', message: ORDER_LIST_MSG.groupMissingOrders }]);
    if (name === '') throw new HttpError(422, ORDER_LIST_MSG.groupMissingName, 'invalid', [{ field: 'name', message: ORDER_LIST_MSG.groupMissingName }]);
    if ((await foreignOrders(db, companyId, orders)).length)
      throw new HttpError(422, ORDER_LIST_DESIGNED_MSG.groupOrdersForeign, 'invalid', [{ field: 'orders', message: ORDER_LIST_DESIGNED_MSG.groupOrdersForeign }]);
    return { name, orders, concurrency: b.concurrency ?? null };
  };

  /**
   * A group of a company the caller's lists show (src/domain/access/scope): any for an
   * admin not switched; while switched, the groups of the user's company, as the page shows them.
   */
  const groupFor = async (auth: RequestAuth, id: number) => {
    const g = await findGroup(db, id);
    if (!g || !inScope(listScope(await scopeCallerOf(db, auth), 'company'), { companyId: g.companyId })) throw new HttpError(404, ORDER_LIST_DESIGNED_MSG.groupMissing);
    return g;
  };

  return {
    async listOrderGroups(req) {
      const auth = authOf(req);
      return { groups: await listGroups(db, companyOf(auth, req.query.companyId)) };
    },
    async createOrderGroup(req, reply) {
      const auth = authOf(req);
      const companyId = companyOf(auth, req.body.companyId);
      const g = await checked(companyId, req.body);
      const group = await createGroup(db, { companyId, ...g }, eventActor(auth), clock.now());
      reply.code(201);
      return { group, message: ORDER_LIST_MSG.groupCreated };
    },
    async updateOrderGroup(req) {
      const auth = authOf(req);
      const current = await groupFor(auth, req.params.groupId);
      const b = req.body;
      const g = await checked(current.companyId, { name: b.name ?? current.name, orders: b.orders ?? current.orders, concurrency: b.concurrency === undefined ? current.concurrency : b.concurrency });
      const group = await updateGroup(db, current.id, g, eventActor(auth), clock.now());
      if (!group) throw new HttpError(404, ORDER_LIST_DESIGNED_MSG.groupMissing);
      return { group, message: ORDER_LIST_MSG.groupUpdated };
    },
    async deleteOrderGroup(req) {
      const auth = authOf(req);
      const current = await groupFor(auth, req.params.groupId);
      if (!(await deleteGroup(db, current.id, eventActor(auth), clock.now()))) throw new HttpError(404, ORDER_LIST_DESIGNED_MSG.groupMissing);
      return { message: ORDER_LIST_MSG.groupRemoved };
    },
  };
}
