import { describe, expect, it } from 'vitest';
import { defaultScreen, sessionGate } from '../../src/domain/default-screen';
import { billingVisible, MAIN_TABS, REPORT_TABS, visibleSettingsTabs, visibleTabs } from '../../src/domain/navigation';
import { profileErrors, defaultCompanyName } from '../../src/domain/profile';
import { REGIONS, STATES, TIMEZONES } from '../../src/domain/lookups';
import type { Actor, Role } from '../../src/domain/roles';

const who = (role: Role, over: Partial<Actor> = {}): Actor => ({ role, isSuperAdmin: false, tosConsent: true, ...over });
const labels = (tabs: { label: string }[]) => tabs.map((t) => t.label);
const TODAY = '2026-11-21';

describe('default screen per role', () => {
  it.each([
    [who('admin', { isSuperAdmin: true }), '/orders/list'],
    [who('cld'), '/cld/list'],
    [who('admin'), '/leads/new'],
    [who('vendor'), '/return-management'],
    [who('user'), '/dashboard'],
    [who('corporate'), '/dashboard'],
    [who('regional'), '/dashboard'],
    [who('sales'), '/dashboard'],
    [who('accounting'), '/dashboard'],
    [who('provisional_user', { tosConsent: false }), '/complete-profile'],
    [who('user', { tosConsent: false }), '/terms-of-service'],
  ])('%o lands on %s', (actor, path) => expect(defaultScreen(actor)).toBe(path));

  it('only a plain user without consent is held at the terms', () => {
    expect(sessionGate(who('user', { tosConsent: false }))).toBe('terms');
    expect(sessionGate(who('vendor', { tosConsent: false }))).toBe('none');
  });
});

describe('main navigation', () => {
  it('admins see every tab but the vendor debugger', () => {
    const tabs = labels(visibleTabs(MAIN_TABS, who('admin'), TODAY));
    expect(tabs).toContain('Return Management');
    expect(tabs).not.toContain('API Debugger');
  });
  it('the Lists tab is hidden from 31 Dec 2021 on', () => {
    const admin = who('admin');
    expect(labels(visibleTabs(MAIN_TABS, admin, '2021-12-30'))).toContain('Lists');
    expect(labels(visibleTabs(MAIN_TABS, admin, '2021-12-31'))).not.toContain('Lists');
  });
  it('report tabs follow the roles of document 000; Digital Ads needs its feature (document 002)', () => {
    const ads = { features: ['digital-ads'] };
    expect(labels(visibleTabs(REPORT_TABS, who('user'), TODAY))).toEqual(['Dashboard', 'Lead Volume', 'Vendors', 'Lists']);
    expect(labels(visibleTabs(REPORT_TABS, who('user', ads), TODAY))).toEqual(['Dashboard', 'Lead Volume', 'Vendors', 'Lists', 'Digital Ads']);
    expect(labels(visibleTabs(REPORT_TABS, who('corporate', ads), TODAY))).toEqual(['Dashboard', 'Lead Volume', 'Rankings', 'Lists', 'Digital Ads']);
    expect(labels(visibleTabs(REPORT_TABS, who('regional', ads), TODAY))).toEqual([
      'Dashboard', 'Lead Volume', 'Rankings', 'Calls', 'Returns', 'Packages', 'Agent Status', 'Lists', 'Digital Ads',
    ]);
  });
  it('billing is hidden for vendor, corporate and regional; a super admin always sees it', () => {
    for (const role of ['vendor', 'corporate', 'regional'] as const) expect(billingVisible(who(role))).toBe(false);
    expect(billingVisible(who('user'))).toBe(true);
    expect(billingVisible(who('admin', { isSuperAdmin: true }))).toBe(true);
  });
  it('the Company settings tab is for professional-tier users', () => {
    expect(labels(visibleSettingsTabs({ ...who('user'), isPro: true }, TODAY))).toContain('Company');
    expect(labels(visibleSettingsTabs({ ...who('user'), isPro: false }, TODAY))).not.toContain('Company');
  });
});

describe('lookups and profile', () => {
  it('has 14 regions over distinct states, 7 time zones, and the territories', () => {
    expect(REGIONS).toHaveLength(14);
    const states = REGIONS.flatMap((r) => r.states);
    expect(new Set(states).size).toBe(states.length);
    expect(TIMEZONES).toHaveLength(7);
    for (const code of ['DC', 'AE', 'AP', 'AA', 'PR', 'VI']) expect(STATES.map((s) => s.code)).toContain(code);
  });
  it('requires the profile fields with the specification message', () => {
    const errors = profileErrors({ firstName: 'A' });
    expect(errors.find((e) => e.field === 'lastName')?.message).toBe('Please fill out all required fields');
    expect(errors.find((e) => e.field === 'address2')).toBeUndefined();
    expect(defaultCompanyName('Ann', 'Lee')).toBe('Ann Lee Agency');
  });
  it('checks zip codes as five digits with an optional dash and four', () => {
    const base = { firstName: 'A', lastName: 'B', phoneNumber: '5125550100', address1: 'x', city: 'y', state: 'TX', companyName: 'c' };
    expect(profileErrors({ ...base, zipcode: '78701' })).toEqual([]);
    expect(profileErrors({ ...base, zipcode: '78701-1234' })).toEqual([]);
    expect(profileErrors({ ...base, zipcode: '7870' })).not.toEqual([]);
  });
});
