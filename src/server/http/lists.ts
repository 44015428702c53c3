import type { components } from '../../api/schema';
import { listScope, lookupScope, narrowToCompany } from '../../domain/access/scope';
import {
  LIST, LIST_DESIGNED_MSG as D, LIST_MSG, listArchived, listOrderCreated, listOrderErrors, listOrderUpdated, listRemoved, listSentTo,
  mayOrderLists, maxQuantity, normalizeFilters, quantityMustBeBelow, type ListOrderInput, type ListStatus,
} from '../../domain/lists';
import { DESIGNED_MSG } from '../../domain/messages';
import { ORDER_DESIGNED_MSG } from '../../domain/orders/messages';
import { canSaveEdits } from '../../domain/orders/packages';
import type { AppContext } from '../context';
import { deliveryDeps } from '../services/delivery';
import { countHit } from '../services/rate-limit';
import {
  addDncNumbers, archiveExpired, archiveListOrder, createDncImport, deliverList, destinationOf, dncNumber, findList, findListOrder,
  insertListOrder, listCsv, listDncImports, listListOrders, listsByMonth, listsOfOrder, ListRefusal, removeList, requestList, resolveTerritory,
  scheduledRun, updateListOrder, type DncImportRow, type ListDeliveryRow, type ListOrderRow, type ListRow,
} from '../services/lists';
import { scopeCallerOf } from './caller';
import { downloadLinks, type LinkCaller } from './download-links';
import { HttpError, badRequest } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';

type Schemas = components['schemas'];
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export const toListOrder = (o: ListOrderRow): Schemas['ListOrder'] => ({
  // Stored from a body the contract checked: the same shapes.
  id: o.id, name: o.name, status: o.status, quantity: o.quantity, filters: o.filters as Schemas['ListFilter'][],
  territory: o.territory as Schemas['ListTerritory'], scrubbing: o.scrubbing,
  delivery: o.delivery, company: { id: o.company_id, name: o.company_name }, createdAt: iso(o.created_at)!, updatedAt: iso(o.updated_at)!,
  lists: { count: o.list_count, processing: o.processing, lastCreatedAt: iso(o.last_list_at) },
});

const toDelivery = (d: ListDeliveryRow): Schemas['ListDelivery'] => ({
  id: d.id, destination: d.destination, channel: d.channel, status: d.status, records: d.records, dropped: d.dropped,
  refundCents: d.refund_cents, createdAt: iso(d.created_at)!, deliveredAt: iso(d.delivered_at), error: d.error,
});

export const toLeadList = (l: ListRow): Schemas['LeadList'] => ({
  id: l.id, orderId: l.order_id, orderName: l.order_name, processedStatus: l.processed_status, requestedRecords: l.requested_records,
  numRecords: l.num_records, priceCents: l.price_cents, failure: l.failure, createdAt: iso(l.created_at)!, readyAt: iso(l.ready_at),
  expiresAt: iso(l.expires_at), deliveries: l.deliveries.map(toDelivery),
});

const toDncImport = (i: DncImportRow): Schemas['DncImport'] => ({
  id: i.id, name: i.name, source: i.source, state: i.state, numbers: i.numbers, createdAt: iso(i.created_at)!, updatedAt: iso(i.updated_at)!,
});

const refused = (e: unknown): never => {
  if (e instanceof ListRefusal) {
    const errors = e.field ? [{ field: e.field, message: e.message }] : undefined;
    throw e.status === 400 ? badRequest(e.message, errors) : new HttpError(e.status, e.message, undefined, errors);
  }
  throw e;
};

/** The form's input as saved: unrestricted filters dropped, emails trimmed. */
function normalized(body: ListOrderInput): ListOrderInput {
  const crms = body.delivery.crms;
  return { ...body, filters: normalizeFilters(body.filters), delivery: { ...body.delivery, crms: { ...crms, emails: crms.emails.map((e) => e.trim()).filter(Boolean) } } };
}

/**
 * Lead lists (docs/areas/lists.md): parse, check the feature, ask the scope of orders
 * (src/domain/access/scope: a list order is an order of the company; a list is its
 * order's), call the service, map. A record out of scope is a 404.
 */
export function listHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  const links = downloadLinks(ctx, 'lists', 'issueListExport');

  /** Users and regional managers need the lead-lists feature; an admin switched into them keeps the admin's right. */
  function allowed(auth: RequestAuth): void {
    if (!mayOrderLists(auth.user) && !mayOrderLists(sessionOwner(auth))) throw new HttpError(403, D.noFeature);
  }
  async function scopeOf(auth: LinkCaller, use: 'list' | 'lookup' = 'lookup') {
    const caller = await scopeCallerOf(db, auth);
    return use === 'list' ? listScope(caller, 'order') : lookupScope(caller, 'order');
  }
  /** The list orders of a list page, narrowed to one named company (another company than yours is a 403). */
  async function pageScope(auth: LinkCaller, companyId: number | null) {
    const caller = await scopeCallerOf(db, auth);
    const scope = narrowToCompany(caller, listScope(caller, 'order'), companyId);
    if (!scope) throw new HttpError(403, DESIGNED_MSG.notAllowed);
    return scope;
  }
  async function orderOf(auth: LinkCaller, id: number, opts: { archived?: boolean } = {}): Promise<ListOrderRow> {
    const order = await findListOrder(db, await scopeOf(auth), id, opts);
    if (!order) throw new HttpError(404, 'No such list order');
    return order;
  }
  /** A list the caller may act on: its order in their scope (archived orders' lists too). */
  async function listOf(auth: LinkCaller, id: number): Promise<ListRow> {
    const list = await findList(db, id, clock.now());
    if (!list || !(await findListOrder(db, await scopeOf(auth), list.order_id, { archived: true }))) throw new HttpError(404, 'No such list');
    return list;
  }
  function checked(body: ListOrderInput) {
    const input = normalized(body);
    const errors = listOrderErrors(input);
    if (errors.length) throw badRequest(errors[0].message, errors);
    const territory = resolveTerritory(input.territory);
    if ('field' in territory) throw badRequest(territory.message, [territory]);
    const nextRun = scheduledRun(input.delivery);
    return { input: { ...input, delivery: { ...input.delivery, nextRunDate: nextRun } }, territory, nextRun };
  }

  return {
    async listListOrders(req) {
      const auth = authOf(req);
      allowed(auth);
      const { rows, count } = await listListOrders(db, await pageScope(auth, req.query.companyId ?? null), {
        limit: req.query.limit ?? 10, skip: req.query.skip ?? 0,
      });
      return { results: rows.map(toListOrder), meta: { count } };
    },

    async getListOrder(req) {
      const auth = authOf(req);
      allowed(auth);
      return toListOrder(await orderOf(auth, req.params.orderId));
    },

    async createListOrder(req, reply) {
      const auth = authOf(req);
      allowed(auth);
      const { input, territory, nextRun } = checked(req.body);
      if (auth.user.company_id === null) throw new HttpError(422, D.errorCreatingOrder);
      const id = await insertListOrder(db, { companyId: auth.user.company_id, userId: auth.user.id }, input, territory, nextRun, clock.now());
      reply.code(201);
      return { message: listOrderCreated(input.name.trim()), order: toListOrder(await orderOf(auth, id)) };
    },

    async updateListOrder(req) {
      const auth = authOf(req);
      allowed(auth);
      await orderOf(auth, req.params.orderId);
      // As for orders (document 001 section 6): a regional manager reads but does not edit.
      if (!canSaveEdits(auth.user) && !canSaveEdits(sessionOwner(auth))) throw new HttpError(403, ORDER_DESIGNED_MSG.regionalCannotSave);
      const { input, territory, nextRun } = checked(req.body);
      await updateListOrder(db, req.params.orderId, input, territory, nextRun, clock.now());
      return { message: listOrderUpdated(input.name.trim()), order: toListOrder(await orderOf(auth, req.params.orderId)) };
    },

    async archiveListOrder(req) {
      const auth = authOf(req);
      allowed(auth);
      const order = await orderOf(auth, req.params.orderId);
      if (!(await archiveListOrder(db, order.id, clock.now()))) throw new HttpError(422, D.stillProcessing);
      return { message: listArchived(order.name) };
    },

    async archiveExpiredLists(req) {
      const auth = authOf(req);
      allowed(auth);
      const order = await orderOf(auth, req.params.orderId, { archived: true });
      return { message: D.expiredArchived, archived: await archiveExpired(db, order.id, clock.now()) };
    },

    async listLists(req) {
      const auth = authOf(req);
      allowed(auth);
      const order = await orderOf(auth, req.query.order, { archived: true });
      const lists = await listsOfOrder(db, order.id, (req.query.processedStatus ?? null) as ListStatus | null, clock.now());
      return { results: lists.map(toLeadList) };
    },

    async generateList(req, reply) {
      const auth = authOf(req);
      allowed(auth);
      const order = await orderOf(auth, req.body.orderId, { archived: true });
      if (order.archived_at) throw new HttpError(422, D.orderArchived);
      if (order.status !== 'active') throw new HttpError(422, D.orderInactive);
      const n = req.body.numRecords;
      const max = maxQuantity(order.scrubbing.callableOnly);
      if (n < 1) throw badRequest(LIST_MSG.quantityInvalid, [{ field: 'numRecords', message: LIST_MSG.quantityInvalid }]);
      if (n > max) {
        const message = order.scrubbing.callableOnly ? LIST_MSG.callableMax : quantityMustBeBelow(max);
        throw badRequest(message, [{ field: 'numRecords', message }]);
      }
      const id = await requestList(db, { id: order.id, companyId: order.company_id }, n, auth.user.id, false, clock.now());
      if (id === null) throw new HttpError(409, D.stillProcessing);
      reply.code(201);
      return toLeadList((await findList(db, id, clock.now()))!);
    },

    async removeList(req) {
      const auth = authOf(req);
      allowed(auth);
      const list = await listOf(auth, req.params.listId);
      if (!(await removeList(db, list.id, clock.now()))) throw new HttpError(422, D.stillProcessing);
      return { message: listRemoved(list.order_name) };
    },

    async deliverList(req) {
      const auth = authOf(req);
      allowed(auth);
      const list = await listOf(auth, req.params.listId);
      const to = destinationOf(req.body.destination);
      if (!to) throw badRequest(D.destinationUnknown, [{ field: 'destination', message: D.destinationUnknown }]);
      if ((await countHit(db, `list-delivery:${sessionOwner(auth).id}`, 3600, clock.now())) > LIST.deliveriesPerHour)
        throw new HttpError(429, D.deliveriesThrottled, 'throttled');
      const delivery = await deliverList(deliveryDeps(ctx), list.id, to, auth.user.id).catch(refused);
      return { message: listSentTo(delivery.destination), delivery: toDelivery(delivery) };
    },

    async issueListExport(req, reply) {
      const auth = authOf(req);
      allowed(auth);
      const list = await listOf(auth, req.params.listId);
      if (list.processed_status === 'expired' || list.processed_status === 'archived') throw new HttpError(422, D.expired);
      if (list.processed_status !== 'ready') throw new HttpError(422, D.notReady);
      return links.issue(req, reply, auth, { listId: list.id });
    },

    async exportList(req, reply) {
      const { caller, query } = await links.redeem(req, req.query.token);
      if (Number(query.listId) !== Number(req.params.listId)) throw new HttpError(404, 'No such list');
      const list = await listOf(caller, req.params.listId);
      // The link was issued for a ready list; one that expired since is no longer served.
      if (list.processed_status !== 'ready') throw new HttpError(422, D.expired);
      const { csv } = await listCsv(db, list.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="list_${list.id}.csv"`);
      return csv;
    },

    async listDncImports() {
      const { imports, agentFlagged } = await listDncImports(db);
      return { results: imports.map(toDncImport), agentFlagged };
    },

    async createDncImport(req, reply) {
      const { name, source, state = null } = req.body;
      if (!name.trim()) throw badRequest(D.dncNameRequired, [{ field: 'name', message: D.dncNameRequired }]);
      if ((source === 'state') !== (state !== null)) throw badRequest(D.dncStateRequired, [{ field: 'state', message: D.dncStateRequired }]);
      reply.code(201);
      return toDncImport(await createDncImport(db, { name, source, state }, sessionOwner(authOf(req)).id, clock.now()));
    },

    async addDncNumbers(req) {
      if (req.body.numbers.length === 0) throw badRequest(D.dncNumbersRequired, [{ field: 'numbers', message: D.dncNumbersRequired }]);
      const numbers: string[] = [];
      for (const [i, raw] of req.body.numbers.entries()) {
        const n = dncNumber(raw);
        if (!n) throw badRequest(D.dncNumberInvalid, [{ field: `numbers.${i}`, message: D.dncNumberInvalid }]);
        numbers.push(n);
      }
      const added = await addDncNumbers(db, req.params.importId, numbers, clock.now());
      if (!added) throw new HttpError(404, 'No such import');
      return { added: added.added, import: toDncImport(added.import) };
    },

    async getListsReport(req) {
      const auth = authOf(req);
      const months = await listsByMonth(db, await pageScope(auth, req.query.companyId ?? null), auth.user.timezone);
      const years = new Map<number, Schemas['ListsReportYear']>();
      for (const m of months) {
        const y = years.get(m.year) ?? { year: m.year, lists: 0, records: 0, months: [] };
        y.lists += m.lists;
        y.records += m.records;
        y.months.push({ month: m.month, lists: m.lists, records: m.records });
        years.set(m.year, y);
      }
      return { years: [...years.values()] };
    },
  };
}
