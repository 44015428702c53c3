/**
 * The live-call list (document 002 sections 2, 4 and 7): its filters, their one parser (the
 * server parses every query with it, the screen its address), and who sees which calls.
 * GET /live-calls/all takes start, end, status (a comma list), sold, durationStart and
 * durationEnd; the screen's address takes companyId, startDate and endDate (section 2).
 */
import type { FieldError } from '../field-error';
import { dateRangeErrors, type DateRangeRule } from '../time/range';
import { presetDays, type DatePreset, type DateRangeChoice } from '../time/choices';
import { LEAD_DATE_CHOICES, LEAD_DEFAULT_CHOICE } from '../leads/filters';
import { CALL_ACTIVE_STATUSES, CALL_DONE_STATUSES, type CallStatus } from './live';

export const CALL_STATUSES: readonly CallStatus[] = [...CALL_ACTIVE_STATUSES, ...CALL_DONE_STATUSES];
export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  'in-progress': 'In progress',
  'pending-connection': 'Pending connection',
  completed: 'Completed',
  'no-answer': 'No answer',
};
export const CALL_STATUS_COLORS: Record<CallStatus, string> = {
  'in-progress': 'green',
  'pending-connection': 'yellow',
  completed: 'blue',
  'no-answer': 'gray',
};
export const isCallStatus = (v: unknown): v is CallStatus => typeof v === 'string' && (CALL_STATUSES as readonly string[]).includes(v);

/** The duration filter (section 2: all, under 30 secs, over 30 secs); the boundary belongs to "over". */
export const CALL_DURATION_SPLIT_SECONDS = 30;
export const DURATION_FILTERS = ['all', 'under30', 'over30'] as const;
export type DurationFilter = (typeof DURATION_FILTERS)[number];
export const DURATION_FILTER_LABELS: Record<DurationFilter, string> = { all: 'All durations', under30: 'Under 30 secs', over30: 'Over 30 secs' };
/** The API's bounds of a duration filter: durationStart inclusive, durationEnd exclusive. */
export function durationBounds(f: DurationFilter): { durationStart?: number; durationEnd?: number } {
  if (f === 'under30') return { durationEnd: CALL_DURATION_SPLIT_SECONDS };
  if (f === 'over30') return { durationStart: CALL_DURATION_SPLIT_SECONDS };
  return {};
}

/** The sold filter (section 2: all, sold, not sold). */
export const SOLD_FILTERS = ['all', 'sold', 'notSold'] as const;
export type SoldFilter = (typeof SOLD_FILTERS)[number];
export const SOLD_FILTER_LABELS: Record<SoldFilter, string> = { all: 'Sold and not sold', sold: 'Sold', notSold: 'Not sold' };

/** Date choices are the lead list's; the default range is the same last 10 days. */
export const CALL_DATE_CHOICES: readonly DateRangeChoice[] = LEAD_DATE_CHOICES;
export const CALL_DEFAULT_CHOICE: DatePreset = LEAD_DEFAULT_CHOICE;
/** A list covers at most 2 years, like lead search. */
export const CALL_MAX_RANGE_MONTHS = 24;
export const CALL_RANGE: DateRangeRule = { fields: { from: 'start', to: 'end' }, maxSpanMonths: CALL_MAX_RANGE_MONTHS };
/** The longest duration a filter may name: a day. */
export const CALL_MAX_DURATION_SECONDS = 86_400;
/** Live-call tables reload every 60 s while the window is focused (section 9). */
export const CALL_RELOAD_MS = 60_000;
export const CALL_DEFAULT_PAGE_SIZE = 30;

export const CALLS_MSG = {
  badStatus: 'must be a comma list of in-progress, pending-connection, completed, no-answer',
  badSold: 'must be sold or notSold',
  badDuration: `must be a whole number of seconds from 0 to ${CALL_MAX_DURATION_SECONDS}`,
  badDurationRange: 'must be less than durationEnd',
  badCompany: 'must be a company id',
  badPage: 'must be one of the page sizes 10, 30, 50, 100',
  noActive: 'No call is ringing or connected right now.',
  noCompleted: 'No completed call matches these filters.',
  callsFailed: 'Calls did not load',
} as const;

export interface LiveCallQuery {
  start: string;
  end: string;
  statuses: CallStatus[];
  sold: 'sold' | 'notSold' | null;
  durationStart: number | null;
  durationEnd: number | null;
  companyId: number | null;
}

export type { FieldError };

export const defaultLiveCallRange = (today: string): { start: string; end: string } => {
  const r = presetDays(CALL_DEFAULT_CHOICE, today);
  return { start: r.from, end: r.to };
};

const SECONDS = /^(0|[1-9]\d{0,5})$/;
const ID = /^[1-9]\d{0,9}$/;

/**
 * Parse the list's filters (strings, as a query string carries them). Absent values take
 * their defaults (the last 10 days, every status, sold or not, any duration); a present
 * value must be valid, so a typo never silently widens a list.
 */
export function parseLiveCallQuery(params: Record<string, string | undefined>, today: string):
  { ok: true; query: LiveCallQuery } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => void errors.push({ field, message });
  const range = defaultLiveCallRange(today);
  const q: LiveCallQuery = { ...range, statuses: [...CALL_STATUSES], sold: null, durationStart: null, durationEnd: null, companyId: null };
  const present = (name: string) => params[name] !== undefined && params[name] !== '';

  for (const f of ['start', 'end'] as const) if (present(f)) q[f] = params[f]!;
  errors.push(...dateRangeErrors({ from: q.start, to: q.end }, CALL_RANGE, today));
  if (present('status')) {
    const list = params.status!.split(',');
    if (list.every(isCallStatus)) q.statuses = CALL_STATUSES.filter((s) => list.includes(s));
    else fail('status', CALLS_MSG.badStatus);
  }
  if (present('sold')) {
    if (params.sold === 'sold' || params.sold === 'notSold') q.sold = params.sold;
    else fail('sold', CALLS_MSG.badSold);
  }
  for (const f of ['durationStart', 'durationEnd'] as const) {
    if (!present(f)) continue;
    const v = params[f]!;
    if (SECONDS.test(v) && Number(v) <= CALL_MAX_DURATION_SECONDS) q[f] = Number(v);
    else fail(f, CALLS_MSG.badDuration);
  }
  if (q.durationStart !== null && q.durationEnd !== null && q.durationStart >= q.durationEnd) fail('durationStart', CALLS_MSG.badDurationRange);
  if (present('companyId')) {
    if (ID.test(params.companyId!) && Number(params.companyId) <= 2_147_483_647) q.companyId = Number(params.companyId);
    else fail('companyId', CALLS_MSG.badCompany);
  }
  return errors.length ? { ok: false, errors } : { ok: true, query: q };
}

/** The API parameters of a query (only what is set), in a fixed order. */
export function liveCallParams(q: LiveCallQuery): Record<string, string> {
  const out: Record<string, string> = { start: q.start, end: q.end };
  if (q.statuses.length !== CALL_STATUSES.length) out.status = q.statuses.join(',');
  if (q.sold) out.sold = q.sold;
  if (q.durationStart !== null) out.durationStart = String(q.durationStart);
  if (q.durationEnd !== null) out.durationEnd = String(q.durationEnd);
  if (q.companyId !== null) out.companyId = String(q.companyId);
  return out;
}


/** A duration as the tables show it: 0:07, 2:05, 1:02:03. */
export function formatCallDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
