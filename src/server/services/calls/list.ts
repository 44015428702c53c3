import { dayRangeIn } from '../../../domain/time/zone';
import type { Scope } from '../../../domain/access/scope';
import type { LiveCallQuery } from '../../../domain/calls/list';
import type { CallStatus } from '../../../domain/calls/live';
import type { ReturnStatus } from '../../../domain/returns/status';
import type { Queryable } from '../../db/db';
import { CALL_COLUMNS } from './read';
import { scopeSql } from '../scope-sql';

/**
 * The live-call list (GET /live-calls/all): a page of calls, newest first, and the
 * figures of the whole filter in one aggregate read. A call's lead (leads.call_id, written
 * with the call by the engine) gives the consumer, the state a regional scope reads, and
 * the return status.
 */
export interface LiveCallListRow {
  id: number;
  status: CallStatus;
  conference_id: string | null;
  order_id: number;
  order_name: string;
  company_id: number;
  company_name: string;
  duration_seconds: number;
  min_billable_seconds: number;
  price_cents: number;
  sold: boolean;
  billable: boolean;
  inserted_at: Date;
  connected_at: Date | null;
  ended_at: Date | null;
  has_recording: boolean;
  phone: string;
  lead_id: number | null;
  first_name: string | null;
  last_name: string | null;
  state: string | null;
  vertical: 'autoins' | 'homeins' | null;
  return_status: ReturnStatus | null;
}

export interface LiveCallFigures {
  count: number;
  billable: { count: number; cost: number };
  stats: Record<CallStatus, number> & { averageDuration: number };
}

/** A completed call that lasted its billable duration (isBillableCall of src/domain/calls/live, in SQL). */
const BILLABLE = `c.status = 'completed' AND c.duration_seconds >= c.min_billable_seconds`;

function whereOf(q: LiveCallQuery, scope: Scope, timeZone: string) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const parts: string[] = [];
  // A call is its lead's record (src/domain/access/scope): a region reads the state of the call's lead.
  if (scope.kind !== 'all') parts.push(scopeSql(scope, CALL_COLUMNS, p));
  const days = dayRangeIn({ from: q.start, to: q.end }, timeZone);
  const from = p(days.from);
  const to = p(days.to);
  parts.push(`c.inserted_at >= ${from} AND c.inserted_at < ${to}`);
  // A call's lead is written with the call, at the same moment (the engine's post, the seed):
  // the same range on the lead lets a region's states be read from leads_search_state_idx.
  if (scope.kind === 'region') parts.push(`l.inserted_at >= ${from} AND l.inserted_at < ${to}`);
  if (q.statuses.length < 4) parts.push(`c.status = ANY (${p(q.statuses)}::text[])`);
  if (q.sold) parts.push(q.sold === 'sold' ? 'c.sold' : 'NOT c.sold');
  if (q.durationStart !== null) parts.push(`c.duration_seconds >= ${p(q.durationStart)}`);
  if (q.durationEnd !== null) parts.push(`c.duration_seconds < ${p(q.durationEnd)}`);
  return { sql: parts.map((s) => `(${s})`).join(' AND '), params, p };
}

/** The joins the scope's columns need (the order's agent, the lead's state); the lead also gives the consumer's columns. */
const FROM = 'calls c JOIN orders o ON o.id = c.order_id LEFT JOIN leads l ON l.call_id = c.id';

export async function listLiveCalls(db: Queryable, q: LiveCallQuery, scope: Scope, timeZone: string, page: { limit: number; skip: number }):
  Promise<{ rows: LiveCallListRow[]; figures: LiveCallFigures }> {
  const w = whereOf(q, scope, timeZone);
  const limit = w.p(page.limit);
  const skip = w.p(page.skip);
  const rows = db.query<LiveCallListRow>(
    `SELECT c.id, c.status, c.conference_id, c.order_id, o.name AS order_name, c.company_id, co.name AS company_name,
            c.duration_seconds, c.min_billable_seconds, c.price_cents, c.sold, (${BILLABLE}) AS billable,
            c.inserted_at, c.connected_at, c.ended_at, c.phone,
            EXISTS (SELECT 1 FROM call_recordings r WHERE r.call_id = c.id) AS has_recording,
            l.id AS lead_id, l.first_name, l.last_name, l.state, l.vertical, l.return_status
       FROM ${FROM} JOIN companies co ON co.id = c.company_id
      WHERE ${w.sql}
      ORDER BY c.inserted_at DESC, c.id DESC
      LIMIT ${limit} OFFSET ${skip}`, w.params);
  const params = w.params.slice(0, -2);
  const figures = db.query<{ count: number; billable_count: number; billable_cost: number; in_progress: number; pending: number; completed: number;
    no_answer: number; average: number }>(
    `SELECT count(*)::int AS count,
            count(*) FILTER (WHERE ${BILLABLE})::int AS billable_count,
            coalesce(sum(c.price_cents) FILTER (WHERE ${BILLABLE}), 0)::float8 AS billable_cost,
            count(*) FILTER (WHERE c.status = 'in-progress')::int AS in_progress,
            count(*) FILTER (WHERE c.status = 'pending-connection')::int AS pending,
            count(*) FILTER (WHERE c.status = 'completed')::int AS completed,
            count(*) FILTER (WHERE c.status = 'no-answer')::int AS no_answer,
            coalesce(round(avg(c.duration_seconds) FILTER (WHERE c.status = 'completed')), 0)::int AS average
       FROM ${FROM} WHERE ${w.sql}`, params);
  const [r, f] = await Promise.all([rows, figures]);
  const m = f.rows[0];
  return {
    rows: r.rows,
    figures: {
      count: m.count,
      billable: { count: m.billable_count, cost: m.billable_cost },
      stats: { 'in-progress': m.in_progress, 'pending-connection': m.pending, completed: m.completed, 'no-answer': m.no_answer, averageDuration: m.average },
    },
  };
}
