import { describe, expect, it } from 'vitest';
import {
  billingVisible, LISTS_TAB_HIDDEN_FROM, MAIN_TABS, PROMOTION_TABS, REPORT_TABS, SETTINGS_TABS, tabVisible,
  visibleSettingsTabs, visibleTabs, type NavTab,
} from '../../src/domain/navigation';
import { ROLES, type Actor, type Role } from '../../src/domain/roles';

const who = (role: Role, over: Partial<Actor> = {}): Actor => ({ role, isSuperAdmin: false, tosConsent: true, ...over });
const BEFORE_LISTS_HIDDEN = '2021-12-30';
const TODAY = '2026-11-21';
const ids = (tabs: readonly NavTab[]) => tabs.map((t) => t.id);
const main = (actor: Actor, today = TODAY) => ids(visibleTabs(MAIN_TABS, actor, today));

describe('tab tables', () => {
  it.each([
    ['main', MAIN_TABS],
    ['report', REPORT_TABS],
    ['promotion', PROMOTION_TABS],
    ['settings', SETTINGS_TABS],
  ])('%s tabs have unique ids, labels and paths, and name only known roles', (_name, tabs) => {
    for (const key of ['id', 'label', 'path'] as const) {
      expect(new Set(tabs.map((t) => t[key])).size).toBe(tabs.length);
      for (const t of tabs) expect(t[key].trim()).not.toBe('');
    }
    for (const t of tabs) for (const role of t.roles) expect(ROLES).toContain(role);
  });

  it('name the report and promotion tabs as document 000 section 2 does', () => {
    expect(REPORT_TABS.map((t) => t.label)).toEqual([
      'Dashboard', 'Lead Volume', 'Rankings', 'Vendors', 'Calls', 'Returns', 'Packages', 'Agent Status', 'Lists', 'Digital Ads',
    ]);
    expect(PROMOTION_TABS.map((t) => t.label)).toEqual(['Campaigns', 'Create Campaigns']);
    expect(SETTINGS_TABS.map((t) => t.label)).toEqual(['Billing', 'Personal', 'Features', 'Company']);
    expect(LISTS_TAB_HIDDEN_FROM).toBe('2021-12-31');
  });
});

describe('main navigation per role', () => {
  it.each([
    ['user', ['dashboard', 'orders', 'leads', 'calls', 'reports', 'promotions']],
    ['regional', ['dashboard', 'orders', 'calls', 'reports', 'promotions']],
    ['corporate', ['dashboard', 'calls', 'reports', 'promotions']],
    ['vendor', ['returns', 'debugger']],
    ['cld', []],
    ['sales', []],
  ] as const)('%s sees %j', (role, tabs) => expect(main(who(role))).toEqual(tabs));

  it('an admin sees every tab but the vendor debugger, whatever the flags', () => {
    expect(main(who('admin'))).toEqual(['dashboard', 'orders', 'leads', 'calls', 'reports', 'promotions', 'cld', 'returns']);
  });

  it('Lists needs the lead-lists feature and a day before it was hidden', () => {
    expect(main(who('user', { features: ['lead-lists'] }), BEFORE_LISTS_HIDDEN)).toContain('lists');
    expect(main(who('user'), BEFORE_LISTS_HIDDEN)).not.toContain('lists');
    expect(main(who('user', { features: ['lead-lists'] }), LISTS_TAB_HIDDEN_FROM)).not.toContain('lists');
    expect(main(who('admin'), BEFORE_LISTS_HIDDEN)).toContain('lists');
  });

  it('CLD needs one of its features', () => {
    expect(main(who('cld', { features: ['cld_growth'] }))).toEqual(['cld']);
    expect(main(who('cld', { features: ['cld'] }))).toEqual(['cld']);
    expect(main(who('cld', { features: ['lead-lists'] }))).toEqual([]);
  });

  it('agents and regional managers with a CLD feature see the CLD tab too (the CLD list\'s roles)', () => {
    expect(main(who('user', { features: ['cld_growth'] }))).toContain('cld');
    expect(main(who('regional', { features: ['cld'] }))).toContain('cld');
    expect(main(who('corporate', { features: ['cld'] }))).not.toContain('cld');
  });

  it('a tab without feature or date limits follows the roles alone', () => {
    const tab: NavTab = { id: 'x', label: 'X', path: '/x', roles: ['vendor'] };
    expect(tabVisible(tab, who('vendor'), TODAY)).toBe(true);
    expect(tabVisible(tab, who('user'), TODAY)).toBe(false);
  });

  it('promotions: create campaigns is for admins only', () => {
    expect(ids(visibleTabs(PROMOTION_TABS, who('user'), TODAY))).toEqual(['campaigns']);
    expect(ids(visibleTabs(PROMOTION_TABS, who('admin'), TODAY))).toEqual(['campaigns', 'create']);
  });
});

describe('settings navigation', () => {
  const settings = (actor: Actor & { isPro?: boolean }) => ids(visibleSettingsTabs(actor, TODAY));

  it.each([
    [who('user'), ['billing', 'personal']],
    [{ ...who('user'), isPro: true }, ['billing', 'personal', 'company']],
    [who('vendor'), ['personal']],
    [who('regional'), ['personal']],
    [who('provisional_user'), []],
    [who('admin'), ['billing', 'personal', 'features']],
    [who('admin', { isSuperAdmin: true }), ['billing', 'personal', 'features', 'company']],
  ])('%o sees %j', (actor, tabs) => expect(settings(actor)).toEqual(tabs));

  it('billing is hidden for a provisional user, shown for sales and accounting', () => {
    expect(billingVisible(who('provisional_user'))).toBe(false);
    expect(billingVisible(who('sales'))).toBe(true);
    expect(billingVisible(who('accounting'))).toBe(true);
    expect(billingVisible(who('admin'))).toBe(true);
  });
});
