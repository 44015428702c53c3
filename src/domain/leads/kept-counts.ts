import type { Scope } from '../access/scope';
import type { LeadQuery } from './filters';
import type { LeadTab, TabCounts } from './tabs';

/**
 * When the lead search's counts may read the counts kept as leads change (migration 034)
 * instead of counting lead rows, and which buckets make up a range. The kept counts hold,
 * per company and agent, every lead by UTC day and by UTC hour, with the tabs' figures;
 * they answer a search whose only filters are its scope (everyone, a company, an agent),
 * its days and its tab. Every other filter (states, vertical, product, return status, a
 * term, a custom search) and the scopes by state or vendor count rows, as does a range
 * whose ends are not whole UTC hours (a zone with a half-hour offset). Either way the
 * figure is the same: tests/api/lead-search-counts.test.ts checks it.
 */
export type KeptScope = Extract<Scope, { kind: 'all' | 'user' | 'company' }>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function keptCountsScope(query: LeadQuery, scope: Scope): KeptScope | null {
  if (scope.kind !== 'all' && scope.kind !== 'user' && scope.kind !== 'company') return null;
  const filtered = query.states.length > 0 || query.vertical !== null || query.product !== null || query.returnStatus !== null
    || query.term !== null || query.custom !== null;
  return filtered ? null : scope;
}

/**
 * A range [from, to) as whole UTC days [daysFrom, daysTo) and the hours around them
 * ([from, daysFrom) and [daysTo, to)); null when an end is not a whole UTC hour. A range
 * within one UTC day is all hours (an empty day span at `to`).
 */
export interface Buckets { from: Date; daysFrom: Date; daysTo: Date; to: Date }

export function keptBuckets(range: { from: Date; to: Date }): Buckets | null {
  const from = range.from.getTime();
  const to = range.to.getTime();
  if (from % HOUR !== 0 || to % HOUR !== 0) return null;
  const daysFrom = Math.ceil(from / DAY) * DAY;
  const daysTo = Math.floor(to / DAY) * DAY;
  if (daysFrom >= daysTo) return { from: range.from, daysFrom: range.to, daysTo: range.to, to: range.to };
  return { from: range.from, daysFrom: new Date(daysFrom), daysTo: new Date(daysTo), to: range.to };
}

/** The kept figures of a range: the tab counts, and the carrier's flags of the leads still worked. */
export type KeptFigures = TabCounts & { carrierQuoted: number; carrierPolicy: number };

/** A tab's count among the kept figures (the search's own tab filter, services/leads/where.ts tabSql). */
export function keptTabCount(f: KeptFigures, tab: LeadTab, allstate: boolean): number {
  if (allstate && tab === 'quoted') return f.carrierQuoted;
  if (allstate && tab === 'policy') return f.carrierPolicy;
  return f[tab];
}
