import { describe, expect, it } from 'vitest';
import { visibleTabs } from '../../src/domain/navigation';
import { REPORT_TABS } from '../../src/domain/reports/tabs';
import type { Actor, Role } from '../../src/domain/roles';
import { mayOpen, SCREENS } from '../../src/domain/screens';

const who = (role: Role, features: string[] = []): Actor => ({ role, isSuperAdmin: false, tosConsent: true, features });
const TODAY = '2026-11-26';

describe('report tabs, one table (document 000 sections 2 and 6)', () => {
  it.each([
    ['user', ['Dashboard', 'Lead Volume', 'Vendors', 'Lists', 'Digital Ads']],
    ['corporate', ['Dashboard', 'Lead Volume', 'Rankings', 'Lists', 'Digital Ads']],
    ['regional', ['Dashboard', 'Lead Volume', 'Rankings', 'Calls', 'Returns', 'Packages', 'Agent Status', 'Lists', 'Digital Ads']],
    ['admin', ['Dashboard', 'Lead Volume', 'Rankings', 'Vendors', 'Calls', 'Returns', 'Packages', 'Agent Status', 'Lists', 'Digital Ads']],
    ['vendor', []],
    ['sales', []],
  ] as const)('a %s sees exactly %j, and may open exactly those screens', (role, expected) => {
    const actor = who(role, ['digital-ads']);
    expect(visibleTabs(REPORT_TABS, actor, TODAY).map((t) => t.label)).toEqual(expected);
    const openable = SCREENS.filter((s) => s.path.startsWith('/reports/') && mayOpen(s, actor)).map((s) => s.title);
    expect(openable).toEqual(expected.map((l) => `Reports: ${l}`));
  });

  it('the screens table takes the report screens from the tabs, in order', () => {
    expect(SCREENS.filter((s) => s.path.startsWith('/reports/')).map((s) => s.path)).toEqual(REPORT_TABS.map((t) => t.path));
  });

  it('the Lists tab is built (issue 21): no longer a coming screen', () => {
    const lists = REPORT_TABS.find((t) => t.id === 'lists');
    expect(lists?.later).toBeUndefined();
    expect(lists?.comingNote).toBeUndefined();
  });
});
