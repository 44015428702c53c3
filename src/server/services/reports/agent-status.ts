import type { components } from '../../../api/schema';
import type { AgentStatus } from '../../../domain/leads/tabs';
import { workedRate } from '../../../domain/reports/figures';
import type { Queryable } from '../../db/db';
import { scopeSql } from '../scope-sql';
import { AGENT_ROLLUP_COLUMNS, reportRollups, rollupWhere, type ReportFilter } from './filter';

type Schemas = components['schemas'];
export type AgentStatusRow = Schemas['AgentStatusRow'];
export type AgentStatusCounts = Schemas['AgentStatusCounts'];
export type AgentStatusLead = Schemas['AgentStatusLead'];

interface StatusSums {
  status_new: number;
  attempting: number;
  contacted: number;
  quoted: number;
  policy: number;
}

/** The rollup's status counts of the leads still worked (the rollup's `quoted` counts quoted and policy alike). */
const STATUS_SUMS_SQL = `sum(l.status_new)::int AS status_new, sum(l.status_attempting)::int AS attempting,
            sum(l.status_contacted)::int AS contacted, sum(l.quoted - l.policy)::int AS quoted, sum(l.policy)::int AS policy`;

const countsOf = (s: StatusSums): AgentStatusCounts => {
  const leads = s.status_new + s.attempting + s.contacted + s.quoted + s.policy;
  return { leads, new: s.status_new, attempting: s.attempting, contacted: s.contacted, quoted: s.quoted, policy: s.policy, workedRate: workedRate(leads, s.status_new) };
};

/**
 * Per agent in the filter's agent scope (AGENT_ROLLUP_COLUMNS) and the company the leads
 * were bought for: how many of the leads sold in the range, still worked, stand at each
 * status; agents with any such lead only. Unsorted; with the sums of all of them.
 */
export async function agentStatusReport(q: Queryable, f: ReportFilter): Promise<{ rows: AgentStatusRow[]; totals: AgentStatusCounts }> {
  const w = rollupWhere(f, AGENT_ROLLUP_COLUMNS);
  const { rows } = await q.query<StatusSums & { user_id: number; company_id: number; agent_name: string; company_name: string }>(
    `SELECT a.*, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS agent_name, c.name AS company_name
       FROM (SELECT l.user_id, l.company_id, ${STATUS_SUMS_SQL}
               FROM ${reportRollups(f.scope).sales} l
              WHERE ${w.sql}
              GROUP BY l.user_id, l.company_id
             HAVING sum(l.status_new + l.status_attempting + l.status_contacted + l.quoted) > 0) a
       JOIN users u ON u.id = a.user_id JOIN companies c ON c.id = a.company_id`,
    w.params,
  );
  const sum = (k: keyof StatusSums) => rows.reduce((n, r) => n + r[k], 0);
  return {
    rows: rows.map((r) => {
      const counts = countsOf(r);
      // Every row has a lead still worked (HAVING), so its rate divides by more than zero.
      return { agentId: r.user_id, agentName: r.agent_name, companyId: r.company_id, companyName: r.company_name, ...counts, workedRate: counts.workedRate! };
    }),
    totals: countsOf({ status_new: sum('status_new'), attempting: sum('attempting'), contacted: sum('contacted'), quoted: sum('quoted'), policy: sum('policy') }),
  };
}

/** Each status's count in the rollup (the rollup's `quoted` counts quoted and policy alike). */
const STATUS_COUNT_SQL: Record<AgentStatus, string> = {
  new: 'l.status_new', contacted: 'l.status_contacted', attempting: 'l.status_attempting', quoted: 'l.quoted - l.policy', policy: 'l.policy',
};

/**
 * The leads behind one count of the report: those sold in the range to the filter's
 * agents (or the one agent named), still worked and standing at `status`; newest first,
 * a page of them, and their count from the rollups (the very figure of the report's
 * cell, without counting the lead table). The range is each agent's own days, as the
 * rollups keep them: the moments are bounded a day either side (every zone's day lies
 * within), so an inserted_at index serves the page, and the agent's zone decides.
 */
export async function agentStatusLeads(
  q: Queryable, f: ReportFilter, status: AgentStatus, agentId: number | null, page: { limit: number; skip: number },
): Promise<{ count: number; results: AgentStatusLead[] }> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const from = p(f.range.from);
  const to = p(f.range.to);
  const parts = [
    `l.inserted_at >= (${from}::date - 1)::timestamp AT TIME ZONE 'UTC'`,
    `l.inserted_at < (${to}::date + 2)::timestamp AT TIME ZONE 'UTC'`,
    `(l.inserted_at AT TIME ZONE u.timezone)::date BETWEEN ${from}::date AND ${to}::date`,
    scopeSql(f.scope, AGENT_ROLLUP_COLUMNS, p),
    'l.billed',
    `(l.return_status IS NULL OR l.return_status IN ('return_denied', 'return_dispute_denied'))`,
    `l.agent_status = ${p(status)}`,
  ];
  if (agentId !== null) parts.push(`l.user_id = ${p(agentId)}`);
  if (f.product) parts.push(`l.product = ${p(f.product)}`);
  if (f.vertical) parts.push(`l.vertical = ${p(f.vertical)}`);
  const [{ rows }, count] = await Promise.all([
    q.query<{
      id: number; inserted_at: Date; first_name: string | null; last_name: string | null; state: string | null; vertical: 'autoins' | 'homeins';
      product: 'leads' | 'calls'; price_cents: number; user_id: number; agent_name: string; company_name: string;
    }>(
      `SELECT l.id, l.inserted_at, l.first_name, l.last_name, l.state, l.vertical, l.product, l.price_cents, l.user_id,
              coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS agent_name, c.name AS company_name
         FROM leads l JOIN users u ON u.id = l.user_id JOIN companies c ON c.id = l.company_id
        WHERE ${parts.join(' AND ')}
        ORDER BY l.inserted_at DESC, l.id DESC
        LIMIT ${p(page.limit)} OFFSET ${p(page.skip)}`,
      params,
    ),
    statusCount(q, f, status, agentId),
  ]);
  return {
    count,
    results: rows.map((r) => ({
      leadId: r.id,
      insertedAt: new Date(r.inserted_at).toISOString(),
      name: [r.first_name, r.last_name].filter(Boolean).join(' '),
      state: r.state,
      vertical: r.vertical,
      product: r.product,
      price: r.price_cents,
      agentId: r.user_id,
      agentName: r.agent_name,
      companyName: r.company_name,
    })),
  };
}

/** One status's count over the filter (and the one agent named), from the rollups as the report's cells. */
async function statusCount(q: Queryable, f: ReportFilter, status: AgentStatus, agentId: number | null): Promise<number> {
  const w = rollupWhere(f, AGENT_ROLLUP_COLUMNS);
  const agent = agentId === null ? '' : ` AND l.user_id = $${w.params.length + 1}`;
  const { rows } = await q.query<{ n: number }>(
    `SELECT coalesce(sum(${STATUS_COUNT_SQL[status]}), 0)::int AS n FROM ${reportRollups(f.scope).sales} l WHERE ${w.sql}${agent}`,
    agentId === null ? w.params : [...w.params, agentId]);
  return rows[0].n;
}
