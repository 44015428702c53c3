import { firstRun, nextRunAfter, type ListDelivery } from '../../../domain/lists';
import type { Db } from '../../db/db';
import { requestList } from './lists';

/**
 * Scheduled runs: each active order whose next run day has come in its owner's zone gets a
 * list (delivered to the order's emails and CRMs once made), and its next run moves on by
 * the frequency (past weekends when they are excluded). Orders are claimed with SKIP
 * LOCKED, and the run and the move are one transaction, so a day runs once across servers.
 * Returns how many lists were queued.
 */
export async function queueScheduledLists(db: Db, now: Date, batch = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number; company_id: number; user_id: number; delivery: ListDelivery; next_run_date: string; today: string }>(
      `SELECT lo.id, lo.company_id, lo.user_id, lo.delivery, to_char(lo.next_run_date, 'YYYY-MM-DD') AS next_run_date,
              to_char(($1::timestamptz AT TIME ZONE u.timezone)::date, 'YYYY-MM-DD') AS today
         FROM list_orders lo JOIN users u ON u.id = lo.user_id
        WHERE lo.archived_at IS NULL AND lo.status = 'active' AND lo.next_run_date IS NOT NULL
          AND lo.next_run_date <= ($1::timestamptz AT TIME ZONE u.timezone)::date
        ORDER BY lo.next_run_date, lo.id LIMIT $2 FOR UPDATE OF lo SKIP LOCKED`, [now, batch]);
    let queued = 0;
    for (const o of rows) {
      const d = o.delivery;
      // A run missed while the order was paused or the servers were down is not made up: the next is after today.
      let next = nextRunAfter(o.next_run_date, d.frequency ?? 1, d.excludeWeekends);
      while (next <= o.today) next = nextRunAfter(next, d.frequency ?? 1, d.excludeWeekends);
      if (await requestList(tx, { id: o.id, companyId: o.company_id }, d.quantity ?? 1, null, true, now)) queued++;
      await tx.query(`UPDATE list_orders SET next_run_date = $2::date, delivery = jsonb_set(delivery, '{nextRunDate}', to_jsonb($3::text)) WHERE id = $1`,
        [o.id, next, next]);
    }
    return queued;
  });
}

/** The next run day an order's delivery settings give when saved: its next run date, else its start date (null: no schedule). */
export function scheduledRun(d: ListDelivery): string | null {
  const start = d.startDate ?? d.nextRunDate;
  return start ? firstRun(start, d.nextRunDate, d.excludeWeekends) : null;
}
