import type { AgentStatus } from '../../../domain/leads/tabs';
import { STILL_WORKED } from '../../../domain/leads/tabs';
import type { Queryable } from '../../db/db';
import { ROW_COLUMNS, ROW_JOINS, rowView, type LeadDbRow, type LeadRowView } from './rows';
import type { Scope } from '../../../domain/access/scope';
import { LEAD_COLUMNS, scopeSql } from '../scope-sql';

/** Placeholders for one statement: `p(v)` adds a parameter. */
function params(): { list: unknown[]; p: (v: unknown) => string } {
  const list: unknown[] = [];
  return { list, p: (v) => (list.push(v), `$${list.length}`) };
}

export interface LeadDetailsView {
  lead: LeadRowView;
  verticalData: Array<Record<string, unknown>>;
  details: Record<string, unknown>;
  orderName: string;
  callDuration: number | null;
  bid: { maxBidCents: number | null; bidPriceCents: number; paidPriceCents: number; subsidyCents: number };
}

/** One lead with its details, if it is in the caller's scope. */
export async function findLead(q: Queryable, id: number, scope: Scope): Promise<LeadDetailsView | null> {
  const { list, p } = params();
  const { rows } = await q.query<LeadDbRow & { vertical_data: Record<string, unknown>; details: Record<string, unknown>; order_name: string;
    call_duration: number | null; max_bid: number | null; sold_for: number; subsidy: number }>(
    `SELECT ${ROW_COLUMNS}, l.vertical_data, l.details, o.name AS order_name, ca.duration_seconds AS call_duration,
            coalesce(o.custom_price_cents, o.max_bid_cents) AS max_bid, l.price_cents AS sold_for, l.subsidy_cents AS subsidy
       FROM leads l ${ROW_JOINS} JOIN orders o ON o.id = l.order_id
      WHERE l.id = ${p(id)} AND (${scopeSql(scope, LEAD_COLUMNS, p)})`,
    list,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    lead: rowView(r),
    verticalData: [r.vertical_data ?? {}],
    details: r.details ?? {},
    orderName: r.order_name,
    callDuration: r.call_duration,
    bid: { maxBidCents: r.max_bid, bidPriceCents: r.sold_for, paidPriceCents: r.sold_for - r.subsidy, subsidyCents: r.subsidy },
  };
}

export type StatusChange =
  | { ok: true; id: number; agentStatus: AgentStatus; previousStatus: AgentStatus }
  | { ok: false; reason: 'missing' | 'returned' };

/** Change a lead's agent status; a lead under a return that is not denied keeps its own. */
export async function setAgentStatus(q: Queryable, id: number, scope: Scope, next: AgentStatus): Promise<StatusChange> {
  const { list, p } = params();
  const worked = STILL_WORKED.map((s) => p(s)).join(', ');
  const { rows } = await q.query<{ id: number; previous: AgentStatus; return_status: string | null; changed: boolean }>(
    `WITH old AS (SELECT l.id, l.agent_status, l.return_status FROM leads l WHERE l.id = ${p(id)} AND (${scopeSql(scope, LEAD_COLUMNS, p)}) FOR UPDATE),
          upd AS (UPDATE leads l SET agent_status = ${p(next)} FROM old
                   WHERE l.id = old.id AND (old.return_status IS NULL OR old.return_status IN (${worked})) RETURNING l.id)
     SELECT old.id, old.agent_status AS previous, old.return_status, EXISTS (SELECT 1 FROM upd) AS changed FROM old`,
    list,
  );
  const r = rows[0];
  if (!r) return { ok: false, reason: 'missing' };
  if (!r.changed) return { ok: false, reason: 'returned' };
  return { ok: true, id: r.id, agentStatus: next, previousStatus: r.previous };
}

/** Set or clear the do-not-call flag; null when the lead is not the caller's. */
export async function setDnc(q: Queryable, id: number, scope: Scope, dnc: boolean): Promise<{ id: number; dnc: boolean } | null> {
  const { list, p } = params();
  const { rows } = await q.query<{ id: number; dnc: boolean }>(
    `UPDATE leads l SET dnc = ${p(dnc)} WHERE l.id = ${p(id)} AND (${scopeSql(scope, LEAD_COLUMNS, p)}) RETURNING l.id, l.dnc`,
    list,
  );
  return rows[0] ?? null;
}

/** Save the note (blank clears it), stamped with the time it was written. */
export async function saveNote(q: Queryable, id: number, scope: Scope, note: string, at: Date) {
  const { list, p } = params();
  const text = note.trim() === '' ? null : note;
  const { rows } = await q.query<{ id: number; note: string | null; note_modified_at: Date | null }>(
    `UPDATE leads l SET note = ${p(text)}::text, note_modified_at = CASE WHEN ${p(text)}::text IS NULL THEN NULL ELSE ${p(at)}::timestamptz END
      WHERE l.id = ${p(id)} AND (${scopeSql(scope, LEAD_COLUMNS, p)}) RETURNING l.id, l.note, l.note_modified_at`,
    list,
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, note: r.note !== null && r.note_modified_at ? { content: r.note, modifiedDate: new Date(r.note_modified_at).toISOString() } : null };
}
