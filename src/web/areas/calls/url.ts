import {
  CALL_ACTIVE_STATUSES, CALL_DONE_STATUSES,
} from '../../../domain/calls/live';
import {
  CALL_DEFAULT_PAGE_SIZE, defaultLiveCallRange, DURATION_FILTERS, durationBounds, liveCallParams, parseLiveCallQuery, SOLD_FILTERS,
  type DurationFilter, type FieldError, type LiveCallQuery, type SoldFilter,
} from '../../../domain/calls/list';

/**
 * The screen's address (document 002 section 2: /calls/live takes companyId, startDate and
 * endDate; the duration and sold filters and the page of completed calls are ours), read
 * with the one parser of src/domain/calls/list so a deep link and the API agree.
 */
export interface LiveCallView {
  start: string;
  end: string;
  companyId: number | null;
  duration: DurationFilter;
  sold: SoldFilter;
  page: number;
}

export function viewOfAddress(search: string, today: string): { ok: true; view: LiveCallView } | { ok: false; errors: FieldError[] } {
  const p = Object.fromEntries(new URLSearchParams(search));
  const errors: FieldError[] = [];
  const parsed = parseLiveCallQuery({ start: p.startDate, end: p.endDate, companyId: p.companyId }, today);
  if (!parsed.ok) errors.push(...parsed.errors.map((e) => ({ ...e, field: e.field === 'start' ? 'startDate' : e.field === 'end' ? 'endDate' : e.field })));
  const duration = (p.duration ?? 'all') as DurationFilter;
  if (!DURATION_FILTERS.includes(duration)) errors.push({ field: 'duration', message: `must be one of ${DURATION_FILTERS.join(', ')}` });
  const sold = (p.sold ?? 'all') as SoldFilter;
  if (!SOLD_FILTERS.includes(sold)) errors.push({ field: 'sold', message: `must be one of ${SOLD_FILTERS.join(', ')}` });
  const page = p.page === undefined ? 1 : /^[1-9]\d{0,5}$/.test(p.page) ? Number(p.page) : NaN;
  if (Number.isNaN(page)) errors.push({ field: 'page', message: 'must be a page number' });
  if (errors.length || !parsed.ok) return { ok: false, errors };
  return { ok: true, view: { start: parsed.query.start, end: parsed.query.end, companyId: parsed.query.companyId, duration, sold, page } };
}

/** The address of a view: only what differs from the defaults besides the days, in a fixed order. */
export function addressOf(v: LiveCallView, today: string): string {
  const out: Record<string, string> = {};
  const d = defaultLiveCallRange(today);
  if (v.companyId !== null) out.companyId = String(v.companyId);
  if (v.start !== d.start || v.end !== d.end) {
    out.startDate = v.start;
    out.endDate = v.end;
  }
  if (v.duration !== 'all') out.duration = v.duration;
  if (v.sold !== 'all') out.sold = v.sold;
  if (v.page !== 1) out.page = String(v.page);
  const qs = new URLSearchParams(out).toString();
  return `/calls/live${qs ? `?${qs}` : ''}`;
}

const base = (v: LiveCallView): LiveCallQuery => ({
  start: v.start, end: v.end, statuses: [], sold: null, durationStart: null, durationEnd: null, companyId: v.companyId,
});

/** The active table: every ringing or connected call of the range (the filters of ended calls do not apply). */
export const activeParams = (v: LiveCallView) => ({ ...liveCallParams({ ...base(v), statuses: [...CALL_ACTIVE_STATUSES] }), limit: 100 });

/** The completed table: ended calls under the duration and sold filters, a page at a time. */
export function completedParams(v: LiveCallView) {
  const { durationStart = null, durationEnd = null } = durationBounds(v.duration);
  const q: LiveCallQuery = { ...base(v), statuses: [...CALL_DONE_STATUSES], sold: v.sold === 'all' ? null : v.sold, durationStart, durationEnd };
  return { ...liveCallParams(q), limit: CALL_DEFAULT_PAGE_SIZE, skip: (v.page - 1) * CALL_DEFAULT_PAGE_SIZE };
}
