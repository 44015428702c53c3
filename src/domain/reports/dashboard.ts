import { addDays, addMonths, monthStart } from '../time/days';
import { isoDayIn } from '../time/zone';
import { costPerPolicyCents, costPerQuoteCents, netSpendCents, returnRate } from './figures';
import { mondayOf } from './weeks';

/**
 * The Dashboard report (document 002 sections 2 and 3, document 000 section 9): a
 * 12-month chart and 12-week cards, each period with the viewer's figures ("you") and the
 * per-agent averages of their region and of the nation (docs/areas/reports.md).
 */

/** The graph covers 12 months; the cards cover 12 weeks (document 000 section 9). */
export const DASHBOARD_MONTHS = 12;
export const DASHBOARD_WEEKS = 12;

export const DASHBOARD_PRODUCTS = ['leads', 'calls'] as const;
export const DASHBOARD_VERTICALS = ['autoins', 'homeins'] as const;
export type DashboardProduct = (typeof DASHBOARD_PRODUCTS)[number];
export type DashboardVertical = (typeof DASHBOARD_VERTICALS)[number];

/** The chart's metrics, in the order and words of document 002 section 2. */
export const DASHBOARD_METRICS = [
  { id: 'sold', label: 'Leads Delivered', kind: 'count' },
  { id: 'quoted', label: 'Leads Quoted', kind: 'count' },
  { id: 'policies', label: 'Policies Written', kind: 'count' },
  { id: 'costPerQuoteCents', label: 'Cost Per Quote', kind: 'cents' },
  { id: 'costPerPolicyCents', label: 'Cost Per Policy', kind: 'cents' },
  { id: 'returnRate', label: 'Return Rate', kind: 'fraction' },
] as const;

/** The series of the chart, with their legend's names. */
export const DASHBOARD_SERIES = [
  { id: 'you', label: 'You' },
  { id: 'regional', label: 'Regional' },
  { id: 'national', label: 'National' },
] as const;


export type DashboardMetric = (typeof DASHBOARD_METRICS)[number]['id'];


export interface Period {
  from: string;
  to: string;
}

/** The last 12 calendar months in the viewer's zone, the current one (to today) included, oldest first. */
export function dashboardMonths(now: Date, timeZone: string | null | undefined): Period[] {
  const today = isoDayIn(now, timeZone);
  const first = monthStart(today);
  return Array.from({ length: DASHBOARD_MONTHS }, (_, i) => {
    const from = addMonths(first, i - DASHBOARD_MONTHS + 1);
    return { from, to: i === DASHBOARD_MONTHS - 1 ? today : addDays(addMonths(from, 1), -1) };
  });
}

/** The last 12 weeks (Monday to Sunday) in the viewer's zone, this week (to today) included, oldest first. */
export function dashboardWeeks(now: Date, timeZone: string | null | undefined): Period[] {
  const today = isoDayIn(now, timeZone);
  const monday = mondayOf(today);
  return Array.from({ length: DASHBOARD_WEEKS }, (_, i) => {
    const from = addDays(monday, 7 * (i - DASHBOARD_WEEKS + 1));
    return { from, to: i === DASHBOARD_WEEKS - 1 ? today : addDays(from, 6) };
  });
}

/** Mature data is available 90 days after sign-up (document 002 section 5). */
export const MATURE_AFTER_DAYS = 90;
/** The first mature day: sign-up (a day in the viewer's zone) plus 90 days. */
export const matureFrom = (signUpDay: string): string => addDays(signUpDay, MATURE_AFTER_DAYS);
/** A period is mature when it begins on or after the first mature day: none of its days is in the first 90. */
export const isMature = (period: Period, firstMatureDay: string): boolean => period.from >= firstMatureDay;

/** What the rollups give for a period: sums over the series' leads. */
export interface PeriodCounts {
  sold: number;
  quoted: number;
  policies: number;
  spendCents: number;
  refundCents: number;
  returns: number;
}

/** A period's figures: its counts (per agent for an average) and the figures of domain/reports/figures.ts. */
export interface DashboardFigures {
  sold: number;
  quoted: number;
  policies: number;
  /** Spend net of the refunds of approved returns (cents). */
  netSpendCents: number;
  returns: number;
  costPerQuoteCents: number | null;
  costPerPolicyCents: number | null;
  returnRate: number | null;
}

export function figuresOf(c: PeriodCounts): DashboardFigures {
  return {
    sold: c.sold,
    quoted: c.quoted,
    policies: c.policies,
    netSpendCents: netSpendCents(c.spendCents, c.refundCents),
    returns: c.returns,
    costPerQuoteCents: costPerQuoteCents(c.spendCents, c.refundCents, c.quoted),
    costPerPolicyCents: costPerPolicyCents(c.spendCents, c.refundCents, c.policies),
    returnRate: returnRate(c.returns, c.sold, 0),
  };
}

/**
 * An average is given over 5 agents or more: over fewer, one agent's figures could be
 * worked out from it (an agent knows their own, and two agents' average gives the other's).
 * The one rule: the server applies it, the web says why a value is missing.
 */
export const MIN_GROUP_AGENTS = 5;
export type GroupWithheld = 'too_few_agents' | 'no_region';
export const GROUP_WITHHELD_TEXT: Record<GroupWithheld, string> = {
  too_few_agents: `Fewer than ${MIN_GROUP_AGENTS} agents bought in this period, so their average is not shown.`,
  no_region: 'You have no region, so there is no regional average.',
};

export interface GroupAverage {
  /** The agents the average is over: those sold at least one lead of the product and vertical in the period. */
  agents: number;
  figures: DashboardFigures | null;
  withheld: GroupWithheld | null;
}

/**
 * The per-agent average of a group: each count divided by the agents, two decimals (cents
 * rounded to the cent); the ratios come from the group's sums, which the average's
 * ratios equal. Withheld under MIN_GROUP_AGENTS.
 */
export function groupAverage(agents: number, sums: PeriodCounts): GroupAverage {
  if (agents < MIN_GROUP_AGENTS) return { agents, figures: null, withheld: 'too_few_agents' };
  const per = (n: number) => Math.round((n / agents) * 100) / 100;
  const all = figuresOf(sums);
  return {
    agents,
    withheld: null,
    figures: {
      ...all,
      sold: per(sums.sold),
      quoted: per(sums.quoted),
      policies: per(sums.policies),
      netSpendCents: Math.round(all.netSpendCents / agents),
      returns: per(sums.returns),
    },
  };
}
