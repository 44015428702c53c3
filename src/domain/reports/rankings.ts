import { FIGURE_COLUMN_LABELS } from './tables';

/**
 * The Rankings and Calls reports (document 000 sections 2 and 6, document 002 sections 2
 * and 7; docs/areas/reports.md): the agents in a manager's scope ranked by one figure. The
 * server ranks, the screens and the CSVs show the same rank.
 */

/** The figures an agent may be ranked by (the vendor report's columns, per agent), each with the way that is better. */
export const RANKING_METRICS = [
  { id: 'total', label: 'Leads Delivered', kind: 'count', better: 'higher' },
  { id: 'quoted', label: 'Leads Quoted', kind: 'count', better: 'higher' },
  { id: 'policies', label: 'Policies Written', kind: 'count', better: 'higher' },
  { id: 'quoteRate', label: 'Quote Rate', kind: 'fraction', better: 'higher' },
  { id: 'costPerQuote', label: 'Cost Per Quote', kind: 'cents', better: 'lower' },
  { id: 'costPerPolicy', label: 'Cost Per Policy', kind: 'cents', better: 'lower' },
  { id: 'returnRate', label: 'Return Rate', kind: 'fraction', better: 'lower' },
] as const;
export type RankingMetric = (typeof RANKING_METRICS)[number]['id'];
export const rankingMetric = (id: RankingMetric) => RANKING_METRICS.find((m) => m.id === id)!;

/**
 * A rate or a cost over a handful of leads says little (one lead quoted of one is 100 %),
 * so an agent is ranked by a rate or a cost only after this many leads sold in the range;
 * below it they are listed with their figures and no rank. Counts rank everyone. Our
 * number, the same as the highest return rates' minimum (tables.ts RETURN_RATE_MIN_SOLD).
 */
export const RANKING_MIN_SOLD = 20;

/** The agents the chart shows: the first ten of the ranking. */
export const RANKING_CHART_TOP = 10;

/** The Rankings table's columns, each sortable; `rank` sorts by the chosen figure, best first. */
export const RANKING_SORTS = ['rank', 'agentName', 'companyName', 'total', 'quoted', 'quoteRate', 'policies', 'costPerQuote', 'costPerPolicy', 'returnRate'] as const;
export type RankingSort = (typeof RANKING_SORTS)[number];
/** The vendor report's figure columns, per agent: the same words, but total is the leads delivered. */
export const RANKING_COLUMN_LABELS: Record<RankingSort, string> = { rank: 'Rank', agentName: 'Agent', companyName: 'Company', ...FIGURE_COLUMN_LABELS, total: 'Leads Delivered' };

/** The Calls report's columns (the call rankings: agents by calls bought), each sortable. */
export const CALL_RANKING_SORTS = ['rank', 'agentName', 'companyName', 'calls', 'spend', 'seconds', 'averageSeconds', 'costPerCall', 'returnRate'] as const;
export type CallRankingSort = (typeof CALL_RANKING_SORTS)[number];
export const CALL_RANKING_COLUMN_LABELS: Record<CallRankingSort, string> = {
  rank: 'Rank',
  agentName: 'Agent',
  companyName: 'Company',
  calls: 'Calls',
  spend: 'Spend',
  seconds: 'Billable Seconds',
  averageSeconds: 'Average Length',
  costPerCall: 'Average Cost Per Call',
  returnRate: 'Return Rate',
};

/**
 * Rank rows by one figure: best first (higher or lower, as the figure says), equal figures
 * sharing a rank and the next rank skipping past them (1, 2, 2, 4). A row without the
 * figure (nothing to divide by), or not `eligible` (a rate over too few leads), has no
 * rank. Returned in rank order, then the unranked; ties and the unranked by agent name.
 */
export function rankBy<R extends { agentName: string }>(
  rows: readonly R[],
  value: (r: R) => number | null,
  better: 'higher' | 'lower',
  eligible: (r: R) => boolean = () => true,
): Array<R & { rank: number | null }> {
  const byName = (a: R, b: R) => a.agentName.localeCompare(b.agentName);
  const ranked = rows.filter((r) => value(r) !== null && eligible(r));
  const unranked = rows.filter((r) => !ranked.includes(r)).sort(byName);
  const dir = better === 'higher' ? -1 : 1;
  ranked.sort((a, b) => dir * (value(a)! - value(b)!) || byName(a, b));
  const out: Array<R & { rank: number | null }> = [];
  ranked.forEach((r, i) => out.push({ ...r, rank: i > 0 && value(ranked[i - 1]) === value(r) ? out[i - 1].rank : i + 1 }));
  return [...out, ...unranked.map((r) => ({ ...r, rank: null }))];
}

/** Seconds as a call length: '4:05', '1:02:03'; a dash when there is none. */
export function callLength(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
