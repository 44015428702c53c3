import { WEEKLY_SUMMARY_HOUR, summaryHasNews, summaryWeeks, weeklySummaryMail } from '../../../domain/reports/weekly-summary';
import type { AppContext } from '../../context';
import { enqueueMail } from '../mail';
import { weeklyCounts } from './weekly-stats';

/** Agents looked at per statement; the job asks again while a batch was full. */
export const WEEKLY_SUMMARY_BATCH = 100;

/**
 * The weekly summaries due now (the job `weekly-summaries`): active agents who keep the
 * summary, for whom it is Monday from 07:00 in their zone and this Monday has no row yet.
 * Each agent's figures are read from the rollups outside any transaction; then one short
 * transaction writes the agent's row for the week and queues the mail, and the primary key
 * (user, week) lets only one server do so. A week with nothing to tell gets its row and no
 * mail. Answers how many agents it looked at.
 */
export async function sendWeeklySummaries(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const { rows } = await ctx.db.query<{ id: number; email: string; first_name: string; timezone: string }>(
    `SELECT u.id, u.email, u.first_name, u.timezone FROM users u
      WHERE u.role = 'user' AND u.status = 'active' AND u.weekly_summary
        AND extract(isodow FROM $1::timestamptz AT TIME ZONE u.timezone) = 1
        AND extract(hour FROM $1::timestamptz AT TIME ZONE u.timezone) >= $2
        AND NOT EXISTS (SELECT 1 FROM weekly_summaries w WHERE w.user_id = u.id AND w.week_start = ($1::timestamptz AT TIME ZONE u.timezone)::date)
      ORDER BY u.id LIMIT ${WEEKLY_SUMMARY_BATCH}`,
    [now, WEEKLY_SUMMARY_HOUR],
  );
  for (const u of rows) {
    const weeks = summaryWeeks(now, u.timezone);
    if (!weeks) continue; // the statement and the domain's rule agree; this cannot happen
    const counts = await weeklyCounts(ctx.db, { kind: 'user', userId: u.id }, weeks);
    const news = summaryHasNews(counts);
    await ctx.db.transaction(async (tx) => {
      const claimed = await tx.query(
        'INSERT INTO weekly_summaries (user_id, week_start, mailed, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id',
        [u.id, weeks.today, news, now],
      );
      if (claimed.rows.length === 0 || !news) return;
      const mail = weeklySummaryMail(u.first_name, weeks, counts, ctx.config.publicUrl);
      await enqueueMail(tx, { to: u.email, ...mail }, now, ctx.config.smtpUrl !== null);
    });
  }
  return rows.length;
}
