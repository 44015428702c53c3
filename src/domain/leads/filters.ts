import type { FieldError } from '../field-error';
import { PAGE_SIZES, type PageSize } from '../page-sizes';
import { presetDays, type DatePreset, type DateRangeChoice } from '../time/choices';
import { dateRangeErrors, type DateRangeRule } from '../time/range';
import { VERTICALS } from '../lookups';
import { LEADS_DESIGNED_MSG as D } from './messages';
import { allstateAllowed, isLeadTab, RETURN_STATUSES, type LeadTab, type ReturnStatus } from './tabs';

/**
 * The filters of lead search (document 002 sections 2, 5 and 9) and their one parser:
 * the server parses every query with it (a malformed one is a 400), and the screen
 * parses its address with it, so a deep link and the API agree.
 */
export const DEFAULT_LEAD_PAGE_SIZE: PageSize = 10;
/** A search covers at most 2 years: wide enough for the 13-month book, bounded for the indexes. */
export const MAX_RANGE_MONTHS = 24;
export const LEAD_RANGE: DateRangeRule = { fields: { from: 'dateFrom', to: 'dateTo' }, maxSpanMonths: MAX_RANGE_MONTHS };
export const MAX_TERM_LENGTH = 100;

export type Vertical = (typeof VERTICALS)[number];
export const VERTICAL_LABELS: Record<Vertical, string> = { autoins: 'Auto', homeins: 'Home' };

/** Product filter values: leads, calls (call_orders or admin) and optimizer (admin_managed_vendors or admin). */
export const PRODUCT_FILTERS = ['leads', 'calls', 'optimizer'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];
export const PRODUCT_FILTER_LABELS: Record<ProductFilter, string> = { leads: 'Leads', calls: 'Calls', optimizer: 'Optimizer' };

/** Who sees which product option (section 2). */
export function productOptions(viewer: { isAdmin: boolean; features: readonly string[] }): ProductFilter[] {
  return PRODUCT_FILTERS.filter((p) =>
    p === 'leads' ? true : viewer.isAdmin || viewer.features.includes(p === 'calls' ? 'call_orders' : 'admin_managed_vendors'),
  );
}

export const CUSTOM_FIELDS = ['firstName', 'lastName', 'companyName'] as const;
export type CustomField = (typeof CUSTOM_FIELDS)[number];
export const CUSTOM_FIELD_LABELS: Record<CustomField, string> = { firstName: 'First name', lastName: 'Last name', companyName: 'Company name' };

export const LEAD_SORTS = ['insertDate', 'lastName', 'state', 'price'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

/** The date choices of lead search (document 002 section 2) and a custom range; the default is the last 10 days. */
export const LEAD_DATE_CHOICES: readonly DateRangeChoice[] = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'last10Days', 'custom'];
export const LEAD_DEFAULT_CHOICE: DatePreset = 'last10Days';

/** Auto-refresh choices (section 9): off, 1, 5 or 10 minutes, in ms. */
export const AUTO_REFRESH_MS = [0, 60_000, 300_000, 600_000] as const;
export const AUTO_REFRESH_LABELS: Record<number, string> = { 0: 'Off', 60000: 'Every minute', 300000: 'Every 5 minutes', 600000: 'Every 10 minutes' };

export interface LeadQuery {
  tab: LeadTab;
  dateFrom: string;
  dateTo: string;
  states: string[];
  vertical: Vertical | null;
  product: ProductFilter | null;
  returnStatus: ReturnStatus | null;
  term: string | null;
  custom: { field: CustomField; value: string } | null;
  allstate: boolean;
  page: number;
  limit: PageSize;
  sort: LeadSort;
  order: 'asc' | 'desc';
}

const defaultDays = (today: string) => {
  const d = presetDays(LEAD_DEFAULT_CHOICE, today);
  return { dateFrom: d.from, dateTo: d.to };
};

export const defaultLeadQuery = (today: string, tab: LeadTab = 'new'): LeadQuery => ({
  tab,
  ...defaultDays(today),
  states: [],
  vertical: null,
  product: null,
  returnStatus: null,
  term: null,
  custom: null,
  allstate: false,
  page: 1,
  limit: DEFAULT_LEAD_PAGE_SIZE,
  sort: 'insertDate',
  order: 'desc',
});

export type ParsedLeadQuery = { ok: true; query: LeadQuery } | { ok: false; errors: FieldError[] };

const KNOWN = new Set(['tab', 'dateFrom', 'dateTo', 'states', 'state', 'vertical', 'product', 'returnStatus', 'term', 'customField',
  'customValue', 'allstate', 'page', 'limit', 'sort', 'order']);
const STATE = /^[A-Z]{2}$/;
/** Code points a search term refuses: control characters (a NUL breaks PostgreSQL text). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Parse the filters of a query string (every value a string, as an address carries them).
 * Absent values take their defaults; a present value must be valid, and unknown names
 * are refused, so a typo never silently widens a search.
 */
export function parseLeadQuery(params: Record<string, unknown>, today: string): ParsedLeadQuery {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => void errors.push({ field, message });
  const q = defaultLeadQuery(today);
  const str = (name: string): string | undefined => {
    const v = params[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') {
      fail(name, D.unknownParam);
      return undefined;
    }
    return v;
  };
  for (const k of Object.keys(params)) if (!KNOWN.has(k)) fail(k, D.unknownParam);

  const tab = str('tab');
  if (tab !== undefined) {
    if (isLeadTab(tab)) q.tab = tab;
    else fail('tab', D.badTab);
  }
  const from = str('dateFrom');
  const to = str('dateTo');
  if (from !== undefined && from !== '') q.dateFrom = from;
  if (to !== undefined && to !== '') q.dateTo = to;
  errors.push(...dateRangeErrors({ from: q.dateFrom, to: q.dateTo }, LEAD_RANGE, today));
  const states = str('states') ?? str('state');
  if (states !== undefined && states !== '') {
    const list = states.split(',').map((s) => s.trim().toUpperCase());
    if (list.length > 60 || !list.every((s) => STATE.test(s))) fail('states', D.badState);
    else q.states = [...new Set(list)].sort();
  }
  const vertical = str('vertical');
  if (vertical !== undefined && vertical !== '') {
    if ((VERTICALS as readonly string[]).includes(vertical)) q.vertical = vertical as Vertical;
    else fail('vertical', D.badVertical);
  }
  const product = str('product');
  if (product !== undefined && product !== '') {
    if ((PRODUCT_FILTERS as readonly string[]).includes(product)) q.product = product as ProductFilter;
    else fail('product', D.badProduct);
  }
  const rs = str('returnStatus');
  if (rs !== undefined && rs !== '') {
    if ((RETURN_STATUSES as readonly string[]).includes(rs)) q.returnStatus = rs as ReturnStatus;
    else fail('returnStatus', D.badReturnStatus);
  }
  const term = str('term');
  if (term !== undefined && term.trim() !== '') {
    if (term.length > MAX_TERM_LENGTH || CONTROL.test(term)) fail('term', D.badTerm);
    else q.term = term.trim();
  }
  const cf = str('customField');
  const cv = str('customValue');
  if (cf !== undefined || cv !== undefined) {
    if (!(CUSTOM_FIELDS as readonly string[]).includes(cf ?? '')) fail('customField', D.customField);
    else if (!cv || cv.trim() === '') fail('customValue', D.customBlank);
    else if (cv.length > MAX_TERM_LENGTH || CONTROL.test(cv)) fail('customValue', D.badTerm);
    else q.custom = { field: cf as CustomField, value: cv.trim() };
  }
  const allstate = str('allstate');
  if (allstate !== undefined && allstate !== '') {
    if (allstate === 'true' || allstate === 'false') q.allstate = allstate === 'true';
    else fail('allstate', D.badAllstate);
  }
  // The allstate flag resets except on quoted and policy (section 4).
  if (!allowedAllstate(q.tab)) q.allstate = false;
  const page = str('page');
  if (page !== undefined && page !== '') {
    if (/^[1-9]\d{0,5}$/.test(page)) q.page = Number(page);
    else fail('page', D.badPage);
  }
  const limit = str('limit');
  if (limit !== undefined && limit !== '') {
    const size = PAGE_SIZES.find((n) => String(n) === limit);
    if (size) q.limit = size;
    else fail('limit', D.badPage);
  }
  const sort = str('sort');
  if (sort !== undefined && sort !== '') {
    if ((LEAD_SORTS as readonly string[]).includes(sort)) q.sort = sort as LeadSort;
    else fail('sort', D.badSort);
  }
  const order = str('order');
  if (order !== undefined && order !== '') {
    if (order === 'asc' || order === 'desc') q.order = order;
    else fail('order', D.badSort);
  }
  return errors.length ? { ok: false, errors } : { ok: true, query: q };
}

const allowedAllstate = allstateAllowed;

/**
 * The query string of a search (the screen's address and the API's parameters): only
 * what differs from the defaults, in a fixed order, so equal searches have equal links.
 */
export function leadQueryParams(q: LeadQuery, today: string, opts: { withTab?: boolean } = {}): Record<string, string> {
  const d = defaultLeadQuery(today, q.tab);
  const out: Record<string, string> = {};
  if (opts.withTab) out.tab = q.tab;
  out.dateFrom = q.dateFrom;
  out.dateTo = q.dateTo;
  if (q.states.length) out.states = q.states.join(',');
  if (q.vertical) out.vertical = q.vertical;
  if (q.product) out.product = q.product;
  if (q.returnStatus) out.returnStatus = q.returnStatus;
  if (q.term) out.term = q.term;
  if (q.custom) {
    out.customField = q.custom.field;
    out.customValue = q.custom.value;
  }
  if (q.allstate && allstateAllowed(q.tab)) out.allstate = 'true';
  if (q.page !== d.page) out.page = String(q.page);
  if (q.limit !== d.limit) out.limit = String(q.limit);
  if (q.sort !== d.sort) out.sort = q.sort;
  if (q.order !== d.order) out.order = q.order;
  return out;
}
