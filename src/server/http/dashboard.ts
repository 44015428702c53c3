import { listScope, narrowToCompany } from '../../domain/access/scope';
import { DESIGNED_MSG } from '../../domain/messages';
import { visiblePackages } from '../../domain/orders/packages';
import { isoDayIn } from '../../domain/time/zone';
import type { AppContext } from '../context';
import { bannersOn } from '../services/dashboard/banners';
import { dashboardOrders } from '../services/dashboard/dashboard';
import { recommendedOrders } from '../services/dashboard/recommend';
import { allPackages } from '../services/orders/packages';
import { viewerOf } from '../services/orders/viewer';
import { scopeCallerOf } from './caller';
import { HttpError } from './errors';
import { authOf } from './guard';
import type { Handlers } from './operations';

/** The dashboard (document 002 sections 2 and 7): its orders and banners, and the recommended orders. */
export function dashboardHandlers(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async getDashboard(req) {
      const auth = authOf(req);
      const now = clock.now();
      const today = isoDayIn(now, auth.user.timezone);
      // The orders' scope, narrowed to the company named: another company is an admin's right only (as the live calls).
      const caller = await scopeCallerOf(db, auth);
      const scope = narrowToCompany(caller, listScope(caller, 'order'), req.query.company ?? null);
      if (!scope) throw new HttpError(403, DESIGNED_MSG.notAllowed);
      const banners = await bannersOn(db, today);
      // An admin who named no company picks one first: every order of the marketplace is no dashboard.
      const { orders, total } = scope.kind === 'all' ? { orders: [], total: 0 } : await dashboardOrders(db, scope, now, today);
      return { asOf: now.toISOString(), today, companyId: scope.kind === 'company' ? scope.companyId : null, banners, orders, total };
    },

    async listRecommendedOrders(req) {
      const auth = authOf(req);
      const companyId = auth.user.company_id;
      if (companyId === null) return { orders: [] };
      // An admin switched into the agent is offered what the agent may order (not the admin's hidden packages).
      const viewer = await viewerOf(db, auth.user, null);
      const packages = visiblePackages(await allPackages(db), viewer, {});
      // What this server counted in the last second is read too.
      await ctx.engine.pingDays.flush();
      return { orders: await recommendedOrders(db, { companyId, userZip: auth.user.zipcode, packages, now: clock.now() }) };
    },
  };
}
