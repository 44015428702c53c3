import { dollars } from '../money/format';
import { formatDayRange } from '../time-format';
import { addDays } from '../time/days';
import { isoDayIn } from '../time/zone';
import { weeklyDelta } from './figures';
import { mondayOf, type ReportWeeks, type WeeklyCounts } from './weeks';

/**
 * The weekly summary mail (docs/areas/reports.md): on Monday morning in each agent's zone,
 * last week's leads, calls and returns against the week before, through the mail outbox;
 * one per agent and week; an opt-out on the contact preferences.
 */

/** Sent from this hour on Monday, in the agent's zone, until Monday ends (a missed Monday is skipped: the news is stale). */
export const WEEKLY_SUMMARY_HOUR = 7;

/** The weeks a summary due at `now` reports: last week (as "this week") and the one before, or null when none is due. */
export function summaryWeeks(now: Date, timeZone: string): ReportWeeks | null {
  const today = isoDayIn(now, timeZone);
  if (mondayOf(today) !== today) return null;
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  if (hour < WEEKLY_SUMMARY_HOUR) return null;
  return { today, thisWeek: { from: addDays(today, -7), to: addDays(today, -1) }, lastWeek: { from: addDays(today, -14), to: addDays(today, -8) } };
}


/** Whether a week had anything to tell: a summary of nothing is not sent. */
export const summaryHasNews = (c: WeeklyCounts): boolean => c.leads.thisWeek + c.calls.thisWeek + c.returns.thisWeek > 0;

const change = (n: { thisWeek: number; lastWeek: number }): string => {
  const p = weeklyDelta(n.thisWeek, n.lastWeek);
  return p === null ? `${n.thisWeek} (none the week before)` : `${n.thisWeek} (${p >= 0 ? '+' : ''}${Math.round(p * 100)} % on ${n.lastWeek} the week before)`;
};

/** The mail's subject and text: figures of the dashboard's weekly cards for last week, a link, and how to stop it. */
export function weeklySummaryMail(firstName: string, weeks: ReportWeeks, c: WeeklyCounts, appUrl: string): { subject: string; text: string } {
  const range = formatDayRange(weeks.thisWeek);
  return {
    subject: `Your week on Leadline (${range}): ${c.leads.thisWeek} leads, ${c.calls.thisWeek} calls`,
    text: [
      `Hello ${firstName.trim() || 'there'},`,
      '',
      `Here is your week of ${range}:`,
      '',
      `Leads delivered: ${change(c.leads)}`,
      `Calls: ${change(c.calls)}`,
      `Returns asked: ${change(c.returns)}`,
      ...(c.scrubbed.count > 0 ? [`Duplicates kept from your orders: ${c.scrubbed.count} (${dollars(c.scrubbed.costCents)} you did not pay)`] : []),
      '',
      `Your dashboard: ${appUrl}/dashboard`,
      '',
      `You get this summary on Monday mornings. To stop it, turn off "Weekly summary" in your contact preferences: ${appUrl}/user/contact`,
    ].join('\n'),
  };
}
