import type { Scope } from '../../../domain/access/scope';
import type { Queryable } from '../../db/db';
import { one } from '../../db/db';
import { scopeWhere, type ScopeColumns } from '../scope-sql';

/**
 * A call is the record of its lead (src/domain/access/scope, `lead`): the agent is its
 * order's, the consumer's state its lead's. Queries name the call `c`, its order `o` and
 * its lead `l` (joined on leads.call_id).
 */
export const CALL_COLUMNS: ScopeColumns = { userId: 'o.user_id', companyId: 'c.company_id', state: 'l.state', vendorId: 'c.vendor_id' };

export interface CallRow {
  id: number;
  company_id: number;
  order_id: number;
  status: 'in-progress' | 'pending-connection' | 'completed' | 'no-answer';
  duration_seconds: number;
  min_billable_seconds: number;
  price_cents: number;
  sold: boolean;
  inserted_at: Date;
  connected_at: Date | null;
  ended_at: Date | null;
  has_recording: boolean;
}

/** A call, if the scope sees it. */
export function findCall(q: Queryable, callId: number, scope: Scope) {
  const w = scopeWhere(scope, CALL_COLUMNS, 2);
  return one<CallRow>(q,
    `SELECT c.id, c.company_id, c.order_id, c.status, c.duration_seconds, c.min_billable_seconds, c.price_cents, c.sold,
            c.inserted_at, c.connected_at, c.ended_at, EXISTS (SELECT 1 FROM call_recordings r WHERE r.call_id = c.id) AS has_recording
       FROM calls c JOIN orders o ON o.id = c.order_id LEFT JOIN leads l ON l.call_id = c.id WHERE c.id = $1 AND ${w.sql}`, [callId, ...w.params]);
}

export const findRecording = (q: Queryable, callId: number) =>
  one<{ content_type: string; audio: Uint8Array }>(q, 'SELECT content_type, audio FROM call_recordings WHERE call_id = $1', [callId]);
