import type { ReturnStatus } from '../../../domain/returns';
import type { Scope } from '../../../domain/access/scope';
import { one, type Queryable } from '../../db/db';
import { LEAD_COLUMNS, scopeWhere } from '../scope-sql';

/**
 * Reads of the returns area: one lead's return with what the rules need, and the pages of
 * return management. Who may see what is the scope of leads (src/domain/access/scope): a
 * return is its lead's record.
 */
export type ReturnScope = Scope;

/** The scope as SQL over `l` (leads), its parameters from `$n`. */
export const scopeSql = (scope: ReturnScope, n: number): { sql: string; params: unknown[] } => scopeWhere(scope, LEAD_COLUMNS, n);

export interface ReturnRow {
  lead_id: number;
  inserted_at: Date;
  vertical: string;
  product: 'leads' | 'calls';
  product_variant: string | null;
  first_name: string;
  last_name: string;
  state: string | null;
  price_cents: number;
  company_id: number;
  company_name: string;
  agent_name: string;
  vendor_id: number;
  /** The call a call lead was sold from (its purchase is the call's charge). */
  call_id: number | null;
  vendor_name: string;
  digital_ads: boolean;
  call_status: string | null;
  owner_timezone: string;
  owner_features: string[];
  return_status: ReturnStatus | null;
  return_reason: string | null;
  deny_reason: string | null;
  deny_dispute_reason: string | null;
  return_requested_at: Date | null;
  return_responded_at: Date | null;
  return_disputed_at: Date | null;
}

const COLUMNS = `l.id AS lead_id, l.inserted_at, l.vertical, l.product, l.product_variant, l.first_name, l.last_name, l.state,
  l.price_cents, l.call_id, l.company_id, c.name AS company_name, u.first_name || ' ' || u.last_name AS agent_name,
  l.vendor_id, v.display_name AS vendor_name, v.digital_ads, k.status AS call_status,
  u.timezone AS owner_timezone, u.features AS owner_features,
  l.return_status, l.return_reason, l.deny_reason, l.deny_dispute_reason,
  l.return_requested_at, l.return_responded_at, l.return_disputed_at`;
const FROM = `FROM leads l JOIN vendors v ON v.id = l.vendor_id JOIN companies c ON c.id = l.company_id
  JOIN users u ON u.id = l.user_id LEFT JOIN calls k ON k.id = l.call_id`;

/** One lead's return, if the scope sees the lead. */
export async function findReturn(q: Queryable, leadId: number, scope: ReturnScope): Promise<ReturnRow | null> {
  const s = scopeSql(scope, 2);
  return one<ReturnRow>(q, `SELECT ${COLUMNS} ${FROM} WHERE l.id = $1 AND ${s.sql}`, [leadId, ...s.params]);
}

export interface ReturnEvent {
  status: ReturnStatus;
  reason: string | null;
  by: string | null;
  at: Date;
}

/** The steps of a lead's return, oldest first. */
export async function returnEvents(q: Queryable, leadId: number): Promise<ReturnEvent[]> {
  const { rows } = await q.query<ReturnEvent>(
    `SELECT e.status, e.reason, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS by, e.at
       FROM lead_return_events e LEFT JOIN users u ON u.id = e.by_user WHERE e.lead_id = $1 ORDER BY e.id`,
    [leadId],
  );
  return rows;
}

export interface ReturnFilter {
  from: Date;
  to: Date;
  vertical: string | null;
  statuses: readonly ReturnStatus[];
}

function where(scope: ReturnScope, f: ReturnFilter) {
  const s = scopeSql(scope, 5);
  return {
    sql: `l.return_status = ANY($1::text[]) AND l.inserted_at >= $2 AND l.inserted_at < $3 AND ($4::text IS NULL OR l.vertical = $4)
      AND ${s.sql}`,
    params: [f.statuses, f.from, f.to, f.vertical, ...s.params],
  };
}

/** A page of returns, newest insertion first, and how many match. */
export async function listReturns(q: Queryable, scope: ReturnScope, f: ReturnFilter, page: { limit: number; skip: number }) {
  const w = where(scope, f);
  const n = w.params.length;
  const { rows } = await q.query<ReturnRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${w.sql} ORDER BY l.inserted_at DESC, l.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.params, page.limit, page.skip],
  );
  const count = await one<{ n: number }>(q, `SELECT count(*)::int AS n FROM leads l WHERE ${w.sql}`, w.params);
  return { rows, count: count?.n ?? 0 };
}

/**
 * Every matching return in pages (keyset on insertion and id), so an export never holds
 * more than one page in memory.
 */
export async function* eachReturn(q: Queryable, scope: ReturnScope, f: ReturnFilter, pageSize = 500): AsyncGenerator<ReturnRow> {
  const w = where(scope, f);
  const n = w.params.length;
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const params: unknown[] = [...w.params, pageSize, after?.at ?? null, after?.id ?? null];
    const { rows }: { rows: ReturnRow[] } = await q.query<ReturnRow>(
      `SELECT ${COLUMNS} ${FROM} WHERE ${w.sql}
         AND ($${n + 2}::timestamptz IS NULL OR (l.inserted_at, l.id) < ($${n + 2}::timestamptz, $${n + 3}::int))
       ORDER BY l.inserted_at DESC, l.id DESC LIMIT $${n + 1}`,
      params,
    );
    yield* rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { at: last.inserted_at, id: last.lead_id };
  }
}

