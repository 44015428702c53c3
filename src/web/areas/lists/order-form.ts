import type { ListOrderBody } from '../../../api/lists/create-list-order';
import type { ListOrder } from '../../../api/lists/list-list-orders';
import type { FieldError } from '../../../domain/field-error';
import { stateByAbbr } from '../../../domain/geo/us-states';
import {
  ANY, emptyListOrder, LIST, normalizeFilters, RANGE_FILTERS, VALUE_FILTERS,
  type ListFilter, type ListOrderInput, type RangeFilterName, type ValueFilterName,
} from '../../../domain/lists';
import { formatDayRange } from '../../../domain/time-format';

export const RANGE_NAMES = Object.keys(RANGE_FILTERS) as RangeFilterName[];
export const VALUE_NAMES = Object.keys(VALUE_FILTERS) as ValueFilterName[];

/** What the form edits: the order, with every filter present (unrestricted ones as "Any") and the emails as typed. */
export interface ListOrderDraft extends ListOrderInput {
  emailsText: string;
}

/** Every filter of the form, in order, taking the order's values where it has them. */
function allFilters(filters: readonly ListFilter[]): ListFilter[] {
  const byName = new Map(filters.map((f) => [f.name, f]));
  return [
    ...RANGE_NAMES.map((name) => ({ name, min: byName.get(name)?.min ?? null, max: byName.get(name)?.max ?? null })),
    ...VALUE_NAMES.map((name) => ({ name, value: byName.get(name)?.value ?? ANY })),
  ];
}

export const draftOf = (o: ListOrderInput): ListOrderDraft => ({ ...o, filters: allFilters(o.filters), emailsText: o.delivery.crms.emails.join(', ') });

export const emptyDraft = (): ListOrderDraft => draftOf(emptyListOrder());

/** The saved order as the form's input (what the edit and clone forms start from). */
export const inputOf = (o: ListOrder): ListOrderInput => ({
  name: o.name,
  status: o.status,
  quantity: o.quantity,
  filters: o.filters,
  territory: o.territory,
  scrubbing: o.scrubbing,
  delivery: o.delivery,
});

/**
 * The order to check and send: unrestricted filters dropped, the emails split (an invalid
 * one is kept, so the domain rule names it), only the chosen kind of territory.
 */
export function inputOfDraft(d: ListOrderDraft, parseEmails: (t: string) => { emails: string[]; invalid: string[] }): ListOrderInput {
  const { emailsText, ...o } = d;
  const parsed = parseEmails(emailsText);
  const zip = o.territory.geoType === 'zip';
  return {
    ...o,
    name: o.name.trim(),
    filters: normalizeFilters(o.filters),
    territory: {
      ...o.territory,
      regionalZip: zip ? (o.territory.regionalZip?.trim() || null) : null,
      state: zip ? null : o.territory.state,
      counties: zip ? [] : o.territory.counties,
    },
    delivery: { ...o.delivery, crms: { ...o.delivery.crms, emails: [...parsed.emails, ...parsed.invalid] } },
  };
}

/** The body of POST and PUT /lists/orders (the contract names the filters and states it knows). */
export const bodyOf = (o: ListOrderInput): ListOrderBody => o as ListOrderBody;

/**
 * Field errors (the domain rule's or the server's) keyed by the form's fields: a filter's
 * error `filters.N` names the N-th filter sent, so it goes under that filter's inputs.
 */
export function errorsByField(errors: readonly FieldError[], sent: ListOrderInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const m = /^filters\.(\d+)/.exec(e.field);
    const field = m && sent.filters[Number(m[1])] ? `filter.${sent.filters[Number(m[1])].name}` : e.field;
    out[field] ??= e.message;
  }
  return out;
}

/** The fields the form shows an error under; the server's others are listed above the buttons. */
export const FORM_FIELDS = [
  'name', 'status', 'quantity', 'territory', 'territory.geoType', 'territory.regionalZip', 'territory.regionalRadius', 'territory.state', 'territory.counties',
  'scrubbing.callableOnly', 'scrubbing.doNotCall', 'scrubbing.existingCustomer',
  'delivery.startDate', 'delivery.nextRunDate', 'delivery.frequency', 'delivery.quantity', 'delivery.excludeWeekends', 'delivery.crms.emails',
  ...RANGE_NAMES.map((n) => `filter.${n}`), ...VALUE_NAMES.map((n) => `filter.${n}`),
];

/** Where the order draws its leads: "20 mi around 60614", "Illinois: 3 of 102 counties". */
export function territorySummary(o: Pick<ListOrderInput, 'territory'>): string {
  const t = o.territory;
  if (t.geoType === 'zip') return t.regionalZip ? `${t.regionalRadius} mi around ${t.regionalZip}` : '—';
  const name = (t.state && stateByAbbr(t.state)?.name) ?? t.state ?? '—';
  const on = t.counties.filter((c) => c.enabled).length;
  return t.counties.length === 0 || on === t.counties.length ? `${name}: whole state` : `${name}: ${on} of ${t.counties.length} counties`;
}

export const dayText = (day: string): string => formatDayRange({ from: day, to: day });

/** The schedule in a few words: "Every 7 days, next Jun 1, 2026" or "Not scheduled". */
export function scheduleSummary(o: Pick<ListOrderInput, 'delivery'>): { main: string; detail: string | null } {
  const d = o.delivery;
  if (!d.startDate) return { main: 'Not scheduled', detail: null };
  const every = d.frequency === 1 ? 'Every day' : `Every ${d.frequency ?? LIST.defaultFrequency} days`;
  const next = d.nextRunDate ?? d.startDate;
  return { main: `Next ${dayText(next)}`, detail: `${every}${d.quantity ? `, ${d.quantity.toLocaleString('en-US')} records` : ''}${d.excludeWeekends ? ', weekdays only' : ''}` };
}

/** The `?tempOrder=` query of document 001 section 2: a name and a quantity that open the new-order form. */
export function tempOrderOf(search: string): { name: string; quantity: number | null } | null {
  const values = new URLSearchParams(search).getAll('tempOrder');
  if (values.length === 0) return null;
  const quantity = values[1] !== undefined && /^\d+$/.test(values[1].trim()) ? Number(values[1]) : null;
  return { name: values[0] ?? '', quantity };
}
