import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardCell } from '../../src/domain/csv';
import { leadCharge } from '../../src/domain/leads/charge';
import { coverageTooltip, COVERAGE_LIMITS, coverageLimits } from '../../src/domain/leads/coverage';
import { AUTO_TABS, detailValue, HOME_TABS } from '../../src/domain/leads/details';
import {
  defaultLeadQuery, LEAD_DATE_CHOICES, leadQueryParams, parseLeadQuery, productOptions,
} from '../../src/domain/leads/filters';
import { choiceOf } from '../../src/domain/time/choices';
import { LEADS_DESIGNED_MSG } from '../../src/domain/leads/messages';
import { adjustCounts, allstateAllowed, emptyCounts, LEAD_TAB_META, LEAD_TABS, tabFilter } from '../../src/domain/leads/tabs';

const TODAY = '2026-03-18'; // a Wednesday

describe('tabs (document 002 section 4)', () => {
  it('each tab has a colour and an icon; all is shown as Leads', () => {
    expect(LEAD_TABS).toEqual(['new', 'contacted', 'quoted', 'policy', 'returns', 'all']);
    expect(LEAD_TAB_META.all.label).toBe('Leads');
    expect(new Set(LEAD_TABS.map((t) => LEAD_TAB_META[t].color)).size).toBe(6);
    expect(new Set(LEAD_TABS.map((t) => LEAD_TAB_META[t].icon)).size).toBe(6);
  });
  it('maps tabs to filters, and the allstate flag holds on quoted and policy only', () => {
    expect(tabFilter('all')).toEqual({ kind: 'all' });
    expect(tabFilter('returns')).toEqual({ kind: 'returns' });
    expect(tabFilter('contacted')).toEqual({ kind: 'status', agentStatus: 'contacted' });
    expect(LEAD_TABS.filter(allstateAllowed)).toEqual(['quoted', 'policy']);
  });
  it('counters: the old status drops, the new rises, the total rises if there was none; a returned lead changes nothing', () => {
    const c = { ...emptyCounts(), new: 3, contacted: 1, all: 4 };
    expect(adjustCounts(c, { agentStatus: 'new', returnStatus: null }, 'contacted')).toMatchObject({ new: 2, contacted: 2, all: 4 });
    expect(adjustCounts(c, { agentStatus: null, returnStatus: null }, 'quoted')).toMatchObject({ quoted: 1, all: 5 });
    expect(adjustCounts(c, { agentStatus: 'new', returnStatus: 'return_pending' }, 'quoted')).toBe(c);
    expect(adjustCounts(c, { agentStatus: 'new', returnStatus: 'return_denied' }, 'quoted')).toMatchObject({ new: 2, quoted: 1 });
    expect(adjustCounts(c, { agentStatus: 'new', returnStatus: null }, 'new')).toBe(c);
  });
});

describe('filters', () => {
  it('date choices: today, yesterday, this week, this month, last month, last 10 days (the default), or custom', () => {
    expect(LEAD_DATE_CHOICES).toEqual(['today', 'yesterday', 'thisWeek', 'thisMonth', 'lastMonth', 'last10Days', 'custom']);
    const d = defaultLeadQuery(TODAY);
    expect({ from: d.dateFrom, to: d.dateTo }).toEqual({ from: '2026-03-09', to: TODAY });
    expect(choiceOf({ from: d.dateFrom, to: d.dateTo }, TODAY, LEAD_DATE_CHOICES)).toBe('last10Days');
    // The last 90 days is a choice of return management, not of lead search.
    expect(choiceOf({ from: '2025-12-19', to: TODAY }, TODAY, LEAD_DATE_CHOICES)).toBe('custom');
    expect(d).toMatchObject({ tab: 'new', limit: 10, sort: 'insertDate', order: 'desc', page: 1 });
  });
  it('Calls for admins or call_orders; Optimizer for admins or admin_managed_vendors', () => {
    expect(productOptions({ isAdmin: true, features: [] })).toEqual(['leads', 'calls', 'optimizer']);
    expect(productOptions({ isAdmin: false, features: [] })).toEqual(['leads']);
    expect(productOptions({ isAdmin: false, features: ['call_orders'] })).toEqual(['leads', 'calls']);
    expect(productOptions({ isAdmin: false, features: ['admin_managed_vendors'] })).toEqual(['leads', 'optimizer']);
  });
  it('parses a full address, trims and refuses a blank custom search, and drops allstate off quoted and policy', () => {
    const r = parseLeadQuery({ tab: 'quoted', dateFrom: '2026-03-01', dateTo: '2026-03-10', states: 'tx, fl', vertical: 'autoins', product: 'calls',
      returnStatus: 'return_denied', term: ' smith ', customField: 'companyName', customValue: '  Acme ', allstate: 'true', page: '3', limit: '50',
      sort: 'price', order: 'asc' }, TODAY);
    expect(r).toEqual({ ok: true, query: { tab: 'quoted', dateFrom: '2026-03-01', dateTo: '2026-03-10', states: ['FL', 'TX'], vertical: 'autoins',
      product: 'calls', returnStatus: 'return_denied', term: 'smith', custom: { field: 'companyName', value: 'Acme' }, allstate: true, page: 3,
      limit: 50, sort: 'price', order: 'asc' } });
    expect(parseLeadQuery({ customField: 'firstName', customValue: '  ' }, TODAY)).toEqual({ ok: false, errors: [{ field: 'customValue', message: LEADS_DESIGNED_MSG.customBlank }] });
    const onNew = parseLeadQuery({ tab: 'new', allstate: 'true' }, TODAY);
    expect(onNew.ok && onNew.query.allstate).toBe(false);
  });
  it('refuses each malformed value by name', () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ tab: 'sold' }, 'tab'], [{ dateFrom: '2026-02-30' }, 'dateFrom'], [{ dateFrom: '2026-03-18', dateTo: '2026-03-01' }, 'dateFrom'],
      [{ dateFrom: '2020-01-01' }, 'dateFrom'], [{ states: 'Texas' }, 'states'], [{ vertical: 'life' }, 'vertical'], [{ product: 'x' }, 'product'],
      [{ returnStatus: 'approved' }, 'returnStatus'], [{ term: 'x'.repeat(101) }, 'term'], [{ term: 'a\u0000b' }, 'term'], [{ customField: 'email', customValue: 'x' }, 'customField'],
      [{ allstate: 'yes' }, 'allstate'], [{ page: '0' }, 'page'], [{ limit: '25' }, 'limit'], [{ sort: 'email' }, 'sort'], [{ order: 'up' }, 'order'],
      [{ bogus: '1' }, 'bogus'],
    ];
    for (const [params, field] of bad) {
      const r = parseLeadQuery(params, TODAY);
      expect(r.ok, JSON.stringify(params)).toBe(false);
      if (!r.ok) expect(r.errors.map((e) => e.field)).toContain(field);
    }
  });
  it('property: any query string parses or names a field; never throws', () => {
    fc.assert(fc.property(fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string({ maxLength: 20 }), fc.constant(undefined as unknown as string))), (params) => {
      const r = parseLeadQuery(params, TODAY);
      if (!r.ok) expect(r.errors.every((e) => typeof e.field === 'string' && e.message.length > 0)).toBe(true);
    }));
  });
  it('property: a parsed query written back as an address parses to itself', () => {
    const day = fc.integer({ min: 0, max: 600 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const query = fc.record({
      tab: fc.constantFrom(...LEAD_TABS), a: day, b: day, states: fc.subarray(['TX', 'FL', 'CA', 'NY']), vertical: fc.constantFrom(null, 'autoins', 'homeins'),
      product: fc.constantFrom(null, 'leads', 'calls', 'optimizer'), term: fc.constantFrom(null, 'smith', '555'), allstate: fc.boolean(),
      page: fc.integer({ min: 1, max: 50 }), limit: fc.constantFrom(10, 30, 50, 100),
    });
    fc.assert(fc.property(query, (g) => {
      const [dateFrom, dateTo] = g.a <= g.b ? [g.a, g.b] : [g.b, g.a];
      const q = { ...defaultLeadQuery(TODAY, g.tab), dateFrom, dateTo, states: [...g.states].sort(), vertical: g.vertical as never, product: g.product as never,
        term: g.term, allstate: g.allstate && allstateAllowed(g.tab), page: g.page, limit: g.limit as never };
      const back = parseLeadQuery(leadQueryParams(q, TODAY, { withTab: true }), TODAY);
      expect(back).toEqual({ ok: true, query: q });
    }));
  });
});

describe('details and coverage (sections 3 and 9)', () => {
  it('auto tabs Policy, Driver 1, Driver 2, Vehicle 1, Vehicle 2; home Property Overview, Property Details', () => {
    expect(AUTO_TABS.map((t) => t.label)).toEqual(['Policy', 'Driver 1', 'Driver 2', 'Vehicle 1', 'Vehicle 2']);
    expect(HOME_TABS.map((t) => t.label)).toEqual(['Property Overview', 'Property Details']);
    expect(detailValue({ driver1: { dui: false, tickets: 0 } }, 'driver1.dui')).toBe('No');
    expect(detailValue({ driver1: { tickets: 0 } }, 'driver1.tickets')).toBe('0');
    expect(detailValue({}, 'vehicle2.make')).toBe('—');
  });
  it('coverage limits: state minimum 15k/30k/5k; basic 50k/100k/25k; standard 100k/300k/50k; superior 250k/500k/100k', () => {
    expect(Object.keys(COVERAGE_LIMITS).map((k) => `${k} ${coverageLimits(k as keyof typeof COVERAGE_LIMITS)}`)).toEqual([
      'State Minimum 15k/30k/5k', 'Basic 50k/100k/25k', 'Standard 100k/300k/50k', 'Superior 250k/500k/100k']);
    expect(coverageTooltip('Basic')).toContain('50k/100k/25k');
    expect(coverageTooltip('Gold')).toBeNull();
  });
});

describe('CSV cells', () => {
  it('a cell starting with +, -, = or @ gets a tab before it; others are unchanged', () => {
    for (const c of ['+1', '-2', '=SUM(A1)', '@cmd']) expect(guardCell(c)).toBe(`\t${c}`);
    for (const c of ['Smith', '1+1', ' =x', '']) expect(guardCell(c)).toBe(c);
    expect(guardCell(null)).toBe('');
    expect(guardCell(-5)).toBe('\t-5');
  });
});

describe('what a lead row cost (leadCharge)', () => {
  it('a lead, a charged call, a call still live, a call that ended unbilled', () => {
    expect(leadCharge({ product: 'leads', price: 2500, callStatus: null, callSold: null })).toEqual({ kind: 'charged', cents: 2500 });
    expect(leadCharge({ product: 'calls', price: 3500, callStatus: 'completed', callSold: true })).toEqual({ kind: 'charged', cents: 3500 });
    expect(leadCharge({ product: 'calls', price: 3500, callStatus: 'in-progress', callSold: false })).toEqual({ kind: 'pending', cents: 3500 });
    expect(leadCharge({ product: 'calls', price: 3500, callStatus: 'pending-connection', callSold: false }).kind).toBe('pending');
    expect(leadCharge({ product: 'calls', price: 3500, callStatus: 'completed', callSold: false })).toEqual({ kind: 'not_charged', cents: 3500 });
    expect(leadCharge({ product: 'calls', price: 3500, callStatus: 'no-answer', callSold: false }).kind).toBe('not_charged');
  });
});
