import type { Queryable } from '../db/db';

export async function audit(
  q: Queryable,
  at: Date,
  entry: { userId: number | null; originalUserId?: number | null; action: string; detail?: object },
): Promise<void> {
  await q.query(
    'INSERT INTO audit_log (at, user_id, original_user_id, action, detail) VALUES ($1, $2, $3, $4, $5)',
    [at, entry.userId, entry.originalUserId ?? null, entry.action, JSON.stringify(entry.detail ?? {})],
  );
}
