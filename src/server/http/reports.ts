import { listScope, narrowToCompany } from '../../domain/access/scope';
import { DESIGNED_MSG } from '../../domain/messages';
import { returnRate } from '../../domain/reports/figures';
import { reportWeeks } from '../../domain/reports/weeks';
import type { AppContext } from '../context';
import { weeklyCounts } from '../services/reports/weekly-stats';
import { scopeCallerOf } from './caller';
import { HttpError } from './errors';
import { authOf } from './guard';
import type { Handlers } from './operations';

/** The reports area: figures read from the rollups (docs/areas/reports.md). */
export function reportHandlers(ctx: AppContext): Handlers {
  return {
    async getWeeklyStats(req) {
      const auth = authOf(req);
      const caller = await scopeCallerOf(ctx.db, auth);
      // The leads' scope; naming another company is an admin's right only.
      const scope = narrowToCompany(caller, listScope(caller, 'lead'), req.query.company ?? null);
      if (!scope) throw new HttpError(403, DESIGNED_MSG.notAllowed);
      const now = ctx.clock.now();
      const weeks = reportWeeks(now, auth.user.timezone);
      const c = await weeklyCounts(ctx.db, scope, weeks);
      return {
        asOf: now.toISOString(),
        weekStart: weeks.thisWeek.from,
        leads: c.leads,
        calls: c.calls,
        returns: c.returns,
        returnRate: {
          thisWeek: returnRate(c.returns.thisWeek, c.leads.thisWeek, c.calls.thisWeek),
          lastWeek: returnRate(c.returns.lastWeek, c.leads.lastWeek, c.calls.lastWeek),
        },
        scrubbed: { countThisWeek: c.scrubbed.count, costThisWeek: c.scrubbed.costCents },
      };
    },
  };
}
