import type { AgentStatusSort } from '../../domain/reports/agent-status';
import { sortRows, type SortOrder } from '../../domain/reports/tables';
import type { AppContext } from '../context';
import { agentStatusLeads, agentStatusReport } from '../services/reports/agent-status';
import { agentStatusCsv } from '../services/reports/csv';
import { authOf, type RequestAuth } from './guard';
import type { Handlers } from './operations';
import { reportCommon, type ReportQuery } from './report-common';

/**
 * The Agent Status report (docs/areas/reports.md): the agents a manager sees (the `order`
 * holding, as the rankings') and where the leads sold to them stand; its page, its CSV and
 * the leads behind any one count, all from one filter.
 */
export function agentStatusReportHandlers(ctx: AppContext): Handlers {
  const { filterOf, page, rangeOf, sendCsv } = reportCommon(ctx);

  async function reportRows(auth: RequestAuth, q: ReportQuery & { sort?: AgentStatusSort; order?: SortOrder }) {
    const f = await filterOf(auth, q, 'order');
    const { rows, totals } = await agentStatusReport(ctx.db, f);
    return { f, totals, rows: sortRows(rows, q.sort ?? 'leads', q.order ?? 'desc', 'agentName') };
  }

  return {
    async getAgentStatusReport(req) {
      const { f, totals, rows } = await reportRows(authOf(req), req.query);
      return { asOf: ctx.clock.now().toISOString(), ...rangeOf(f), totals, ...page(rows, req.query) };
    },

    async exportAgentStatusReport(req, reply) {
      const { rows } = await reportRows(authOf(req), req.query);
      return sendCsv(reply, 'agent_status.csv', agentStatusCsv(rows));
    },

    async getAgentStatusLeads(req) {
      const f = await filterOf(authOf(req), req.query, 'order');
      const { limit = 25, skip = 0, agent = null } = req.query;
      const found = await agentStatusLeads(ctx.db, f, req.params.status, agent, { limit, skip });
      return { asOf: ctx.clock.now().toISOString(), ...rangeOf(f), status: req.params.status, ...found };
    },
  };
}
