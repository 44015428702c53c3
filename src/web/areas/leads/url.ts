import { leadQueryParams, parseLeadQuery, type LeadQuery } from '../../../domain/leads/filters';
import type { LeadTab } from '../../../domain/leads/tabs';

/** The search of an address: /leads/{tab}?dateFrom&dateTo&... (deep-linkable, section 2). */
export function queryOfAddress(tab: LeadTab, search: string, today: string) {
  const params = Object.fromEntries(new URLSearchParams(search));
  return parseLeadQuery({ ...params, tab }, today);
}

/** The address of a search. */
export function addressOf(q: LeadQuery, today: string): string {
  const qs = new URLSearchParams(leadQueryParams(q, today)).toString();
  return `/leads/${q.tab}${qs ? `?${qs}` : ''}`;
}

/** The API parameters of a page (the tab included). */
export const pageParams = (q: LeadQuery, today: string) => leadQueryParams(q, today, { withTab: true });

/** The API parameters of the counts: the filters alone, without tab, paging and sort. */
export function countParams(q: LeadQuery, today: string): Record<string, string> {
  const { page: _p, limit: _l, sort: _s, order: _o, allstate: _a, ...rest } = leadQueryParams(q, today);
  return rest;
}
