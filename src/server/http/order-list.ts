import { lastOrderDeleteBlocked, listAsTable, ORDER_LIST_DESIGNED_MSG, ORDER_LIST_MSG, type OrderSort, type OrderTab } from '../../domain/orders/list';
import { ORDER_DESIGNED_MSG } from '../../domain/orders/messages';
import { cloneRefusal, isCldPackage, isGrowthPackage } from '../../domain/orders/packages';
import { maxPauseDays, type PauseReason } from '../../domain/orders/status';
import type { OrderPackage, Viewer } from '../../domain/orders/types';
import { inScope, listScope, lookupScope, type Scope } from '../../domain/access/scope';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { scopeCallerOf } from './caller';
import { enqueueMail } from '../services/mail';
import { orderBreakdown, listOrderEvents } from '../services/orders/events';
import { capsFill, companyOrderFacts, deleteOrderRow, listOrderRows } from '../services/orders/list';
import { allPackages } from '../services/orders/packages';
import { activateCompany, activateOrder, activationRefusal, pauseCompany, pauseOrder, type StatusChange, type StatusRefusal } from '../services/orders/status';
import { findOrderHolder, findOrderRow } from '../services/orders/store';
import { orderSummaryMail } from '../services/orders/summary';
import { viewerOf } from '../services/orders/viewer';
import { HttpError } from './errors';
import { authOf, sessionOwner, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { eventActor } from './order-actor';
import { mayAccess } from './orders';

/**
 * The scope of the order list is the scope of orders (src/domain/access/scope): an admin
 * every order, a regional manager their region's, a user (or an admin switched into one)
 * their company's. A non-super admin who is not switched may not view the list, but may
 * view the CLD list (document 002: open to admins always).
 */
async function orderListScope(db: Queryable, auth: RequestAuth, viewer: Viewer, cld: boolean): Promise<Scope> {
  if (auth.user.role === 'admin' && !viewer.isSuperAdmin && !cld) throw new HttpError(403, ORDER_LIST_MSG.noPermission);
  // A CLD program user has the CLD list only (their home screen).
  if (auth.user.role === 'cld' && !cld) throw new HttpError(403, ORDER_LIST_MSG.noPermission);
  return listScope(await scopeCallerOf(db, auth), 'order');
}

const statusAnswer = (r: StatusChange | StatusRefusal, message: string) => {
  if (!r.ok) throw new HttpError(r.status, r.message || ORDER_DESIGNED_MSG.orderMissing, r.code);
  return { message, orders: r.orders, ...(r.skipped.length ? { skipped: r.skipped } : {}) };
};

/** The order list's handlers: list, caps fill, pause and activate, delete, summary, timeline, breakdown. */
export function orderListHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;

  const callerOf = async (req: Parameters<typeof authOf>[0]) => {
    const auth = authOf(req);
    return { auth, viewer: await viewerOf(db, auth.user, auth.original) };
  };

  /** An order the caller may act on (404 alike when missing or someone else's). */
  const orderFor = async (auth: RequestAuth, id: number) => {
    const row = await findOrderRow(db, id);
    if (!row || !(await mayAccess(db, auth, row))) throw new HttpError(404, ORDER_DESIGNED_MSG.orderMissing);
    return row;
  };

  /** May this caller pause or activate all of the company's orders? Pro users of it, and admins (the scope of companies, and the pro rule). */
  const companyFor = async (auth: RequestAuth, viewer: Viewer, companyId: number) => {
    const ofCompany = inScope(lookupScope(await scopeCallerOf(db, auth), 'company'), { companyId });
    if (!ofCompany || (!viewer.isAdmin && !viewer.isPro)) throw new HttpError(403, ORDER_LIST_DESIGNED_MSG.companyStatusNotAllowed);
    return companyId;
  };

  return {
    async listOrders(req) {
      const { auth, viewer } = await callerOf(req);
      const q = req.query;
      const scope = await orderListScope(db, auth, viewer, q.cld === true);
      const page = await listOrderRows(db, scope, {
        tab: (q.tab ?? 'all') as OrderTab, page: q.page ?? 1, pageSize: q.pageSize ?? 10, sort: (q.sort ?? 'companyName') as OrderSort,
        dir: q.dir ?? 'asc', search: q.search ?? null, cld: q.cld === true,
      });
      const packages = new Map<number, OrderPackage>((await allPackages(db)).map((p) => [p.id, p]));
      // The list's activate control says why a paused growth order cannot be activated, in the words activation would answer.
      const now = clock.now();
      const growthPackage = (id: number | null) => { const p = id !== null ? packages.get(id) : undefined; return p !== undefined && isGrowthPackage(p); };
      const paused = page.rows.filter((r) => r.kind === 'order' && r.status === 'inactive' && growthPackage(r.package_id));
      const refusals = new Map(await Promise.all(paused.map(async (r) => [r.id, await activationRefusal(db, { company_id: r.company_id, package_id: r.package_id! }, now)] as const)));
      return {
        total: page.total,
        asTable: listAsTable(viewer.role === 'admin' ? 'admin' : auth.user.role),
        canPauseAll: scope.kind === 'company' && (viewer.isPro || viewer.isAdmin),
        companyId: scope.kind === 'company' ? scope.companyId : null,
        rows: page.rows.map((r) => {
          const pkg = r.package_id !== null ? packages.get(r.package_id) : undefined;
          return {
            kind: r.kind, id: r.id, name: r.name, status: r.status, activateDate: r.activate_date ? new Date(r.activate_date).toISOString() : null,
            pauseReason: r.pause_reason, vertical: r.vertical, product: r.product, packageId: r.package_id, packageName: r.package_name,
            companyId: r.company_id, companyName: r.company_name, userName: r.user_name, groupId: r.group_id, groupName: r.group_name,
            customPriced: r.custom_price_cents !== null,
            growth: pkg ? isGrowthPackage(pkg) : false,
            cld: pkg ? isCldPackage(pkg) : false,
            cloneRefusal: r.kind === 'order' && pkg ? cloneRefusal(pkg, viewer) : null,
            activationRefusal: refusals.get(r.id) ?? null,
            createdAt: new Date(r.created_at).toISOString(),
          };
        }),
      };
    },

    async getOrderCaps(req) {
      const auth = authOf(req);
      const ids = req.query.orderIds ?? null;
      // Any admin's caps (for the ids asked): the list's 403 is about the list's page only.
      const scope = listScope(await scopeCallerOf(db, auth), 'order');
      if (scope.kind === 'all' && !ids) return { orders: [] };
      return { orders: await capsFill(db, scope, clock.now(), ids) };
    },

    async pauseOrder(req) {
      const { auth, viewer } = await callerOf(req);
      const row = await orderFor(auth, req.params.orderId);
      const b = req.body;
      const activationDate = b.activationDate == null ? null : new Date(b.activationDate);
      if (activationDate && Number.isNaN(activationDate.getTime())) throw new HttpError(400, 'Invalid request', undefined, [{ field: 'activationDate', message: 'is not a date' }]);
      const r = await pauseOrder(db, {
        orderId: row.id, activationDate, reason: (b.reason ?? null) as PauseReason | null, confirmationStep: b.confirmationStep === true,
        maxDays: maxPauseDays(viewer), isAdmin: viewer.isAdmin, actor: eventActor(auth), now: clock.now(),
      });
      return statusAnswer(r, ORDER_LIST_DESIGNED_MSG.paused);
    },

    async activateOrder(req) {
      const auth = authOf(req);
      const row = await orderFor(auth, req.params.orderId);
      return statusAnswer(await activateOrder(db, { orderId: row.id, actor: eventActor(auth), now: clock.now() }), ORDER_LIST_DESIGNED_MSG.activated);
    },

    async pauseCompanyOrders(req) {
      const { auth, viewer } = await callerOf(req);
      const companyId = await companyFor(auth, viewer, req.params.companyId);
      return statusAnswer(await pauseCompany(db, { companyId, actor: eventActor(auth), now: clock.now() }), ORDER_LIST_DESIGNED_MSG.pausedAll);
    },

    async activateCompanyOrders(req) {
      const { auth, viewer } = await callerOf(req);
      const companyId = await companyFor(auth, viewer, req.params.companyId);
      return statusAnswer(await activateCompany(db, { companyId, actor: eventActor(auth), now: clock.now() }), ORDER_LIST_DESIGNED_MSG.activatedAll);
    },

    async deleteOrder(req) {
      const { auth, viewer } = await callerOf(req);
      const row = await orderFor(auth, req.params.orderId);
      const packages = await allPackages(db);
      const outcome = await deleteOrderRow(db, {
        orderId: row.id, companyId: row.company_id, actor: eventActor(auth), now: clock.now(),
        mayDelete: async (tx) => !lastOrderDeleteBlocked(viewer, await companyOrderFacts(tx, row.company_id, packages)),
      });
      if (outcome === 'missing') throw new HttpError(404, ORDER_DESIGNED_MSG.orderMissing);
      if (outcome === 'refused') throw new HttpError(422, ORDER_LIST_DESIGNED_MSG.lastOrder, 'last_order');
      return { message: ORDER_LIST_DESIGNED_MSG.deleted };
    },

    async sendOrderSummary(req) {
      const auth = authOf(req);
      const row = await orderFor(auth, req.params.orderId);
      const to = sessionOwner(auth).email;
      await enqueueMail(db, await orderSummaryMail(db, row, to), clock.now(), ctx.config.smtpUrl !== null);
      return { message: ORDER_LIST_MSG.summarySent };
    },

    async listOrderEvents(req) {
      const auth = authOf(req);
      const row = await orderForEvents(auth, req.query.orderId);
      return listOrderEvents(db, row, req.query.top ?? 10, req.query.skip ?? 0);
    },

    async orderBreakdown(req) {
      const auth = authOf(req);
      return orderBreakdown(db, ctx.engine.counts, await orderForEvents(auth, req.params.orderId));
    },
  };

  /** The timeline and breakdown of deleted orders stay readable. */
  async function orderForEvents(auth: RequestAuth, id: number): Promise<number> {
    const holder = await findOrderHolder(db, id);
    if (!holder || !(await mayAccess(db, auth, holder))) throw new HttpError(404, ORDER_DESIGNED_MSG.orderMissing);
    return id;
  }
}
