import type { Queryable } from '../../db/db';
import { one } from '../../db/db';

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

export const findCall = (q: Queryable, callId: number) =>
  one<CallRow>(q,
    `SELECT c.id, c.company_id, c.order_id, c.status, c.duration_seconds, c.min_billable_seconds, c.price_cents, c.sold,
            c.inserted_at, c.connected_at, c.ended_at, EXISTS (SELECT 1 FROM call_recordings r WHERE r.call_id = c.id) AS has_recording
       FROM calls c WHERE c.id = $1`, [callId]);

export const findRecording = (q: Queryable, callId: number) =>
  one<{ content_type: string; audio: Uint8Array }>(q, 'SELECT content_type, audio FROM call_recordings WHERE call_id = $1', [callId]);
