import type { components } from '../../../api/schema';
import { averageCallSeconds, costPerCallCents, returnRate } from '../../../domain/reports/figures';
import { RANKING_MIN_SOLD, rankBy, rankingMetric, type RankingMetric } from '../../../domain/reports/rankings';
import type { Queryable } from '../../db/db';
import { AGENT_ROLLUP_COLUMNS, reportRollups, rollupWhere, type ReportFilter } from './filter';
import { OUTCOME_SUMS_SQL, outcomeFigures, type OutcomeSums } from './outcomes';

type Schemas = components['schemas'];
export type RankingRow = Schemas['RankingRow'];
export type CallRankingRow = Schemas['CallRankingRow'];

interface AgentSums extends OutcomeSums {
  user_id: number;
  company_id: number;
  agent_name: string;
  company_name: string;
  seconds: number;
}

/**
 * The sums of the sales rollup (reportRollups) per buying agent and the company they bought for, over
 * the filter's days and the agents' scope (AGENT_ROLLUP_COLUMNS: a regional manager's
 * agents by the agent's region, not the consumer's state), agents with a sale only. Rows
 * are one per agent, so the ranking is worked out here and sorted by the caller.
 */
async function agentSums(q: Queryable, f: ReportFilter): Promise<AgentSums[]> {
  const w = rollupWhere(f, AGENT_ROLLUP_COLUMNS);
  const { rows } = await q.query<AgentSums>(
    `SELECT a.*, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS agent_name, c.name AS company_name
       FROM (SELECT l.user_id, l.company_id, ${OUTCOME_SUMS_SQL}, sum(l.call_seconds)::float8 AS seconds
               FROM ${reportRollups(f.scope).sales} l
              WHERE ${w.sql}
              GROUP BY l.user_id, l.company_id
             HAVING sum(l.sold) > 0) a
       JOIN users u ON u.id = a.user_id JOIN companies c ON c.id = a.company_id`,
    w.params,
  );
  return rows;
}

const who = (r: AgentSums) => ({ agentId: r.user_id, agentName: r.agent_name, companyId: r.company_id, companyName: r.company_name });

/**
 * The agent rankings: each agent's figures (the vendor report's, per agent) ranked by one
 * of them, best first; a rate or a cost ranks only agents with RANKING_MIN_SOLD leads.
 * In rank order, the unranked after.
 */
export async function agentRankings(q: Queryable, f: ReportFilter, metric: RankingMetric): Promise<RankingRow[]> {
  const rows = (await agentSums(q, f)).map((r) => ({ ...who(r), ...outcomeFigures(r) }));
  const m = rankingMetric(metric);
  return rankBy(rows, (r) => r[metric], m.better, (r) => m.kind === 'count' || r.total >= RANKING_MIN_SOLD);
}

/**
 * The call rankings: the calls each agent bought (charged: the rollups count billed rows
 * only), their spend, billable seconds, average length and cost, and how many were
 * returned; ranked by calls, most first. In rank order.
 */
export async function callRankings(q: Queryable, f: ReportFilter): Promise<CallRankingRow[]> {
  const rows = (await agentSums(q, { ...f, product: 'calls' })).map((r) => ({
    ...who(r),
    calls: r.sold,
    spend: r.spend,
    seconds: r.seconds,
    // Every row bought a call (HAVING), so none of these divides by zero.
    averageSeconds: averageCallSeconds(r.seconds, r.sold)!,
    costPerCall: costPerCallCents(r.spend, r.sold)!,
    returned: r.returned,
    returnRate: returnRate(r.returned, 0, r.sold)!,
  }));
  return rankBy(rows, (r) => r.calls, 'higher').map((r) => ({ ...r, rank: r.rank! }));
}
