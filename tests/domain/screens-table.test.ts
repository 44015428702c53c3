import { describe, expect, it } from 'vitest';
import { MAIN_TABS, PROMOTION_TABS, REPORT_TABS, SETTINGS_TABS } from '../../src/domain/navigation';
import { REDIRECTS, SCREENS } from '../../src/domain/screens';
import { ROLES } from '../../src/domain/roles';

const rolesOf = (path: string) => [...(SCREENS.find((s) => s.path === path)?.roles ?? [])].sort();
const MARKERS: readonly string[] = [...ROLES, 'guest', 'all', 'super-admin'];
/** Does a route pattern (with :params) match this path? */
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path);

describe('screens', () => {
  it('each has a unique path, a title and known access markers', () => {
    expect(new Set(SCREENS.map((s) => s.path)).size).toBe(SCREENS.length);
    for (const s of SCREENS) {
      expect(s.path).toMatch(/^\/[a-zA-Z:-]+(\/[a-zA-Z:-]+)*(\/\*)?$/);
      expect(s.title.trim()).not.toBe('');
      expect(s.roles.length).toBeGreaterThan(0);
      for (const r of s.roles) expect(MARKERS).toContain(r);
    }
  });

  // Document 000 section 6, "Roles and permissions".
  it.each([
    ['/reports/dashboard', ['admin', 'corporate', 'regional', 'user']],
    ['/reports/lead-volume', ['admin', 'corporate', 'regional', 'user']],
    ['/reports/digital-ads', ['admin', 'corporate', 'regional', 'user']],
    ['/reports/lists', ['admin', 'corporate', 'regional', 'user']],
    ['/reports/rankings', ['admin', 'corporate', 'regional']],
    ['/reports/vendors', ['admin', 'user']],
    ['/reports/calls', ['admin', 'regional']],
    ['/reports/returns', ['admin', 'regional']],
    ['/reports/packages', ['admin', 'regional']],
    ['/reports/agent-status', ['admin', 'regional']],
    ['/return-management', ['admin', 'vendor']],
    ['/settings/billing/:tab', ['admin', 'user']],
    ['/user/profile', ['all']],
    ['/user/password', ['all']],
    ['/user/contact', ['all']],
    ['/user/crm', ['admin']],
    ['/user/features', ['admin']],
    ['/user/almpro', ['admin']],
    ['/user/distribution-networks', ['admin', 'user']],
    ['/user/leadVantageAccess', ['super-admin']],
    ['/company/lead-cap', ['super-admin']],
    ['/promotions/campaigns/create', ['admin']],
    ['/promotions/campaignsEnrollment/:id', ['super-admin']],
    ['/admin/mailbox', ['admin']],
    ['/admin/jobs', ['admin']],
    ['/dnc-lists', ['admin']],
  ])('%s is for %j', (path, roles) => expect(rolesOf(path)).toEqual(roles));

  // Screens of other documents: the navigation's roles plus admin.
  it.each([
    ['/dashboard', ['accounting', 'admin', 'corporate', 'regional', 'sales', 'user']],
    ['/orders/list', ['admin', 'regional', 'user']],
    ['/leads/:tab', ['admin', 'user']],
    ['/calls/live', ['admin', 'corporate', 'regional', 'user']],
    ['/lists-orders/dashboard', ['admin', 'regional', 'user']],
    ['/promotions/campaigns', ['all']],
    ['/promotions/campaigns/:id', ['all']],
    ['/cld/list', ['admin', 'cld', 'regional', 'user']],
    ['/company/concurrency', ['super-admin', 'user']],
    ['/api/post-lead', ['vendor']],
    ['/api/ping-lead', ['vendor']],
    ['/api/pingpost-lead', ['vendor']],
    ['/api/ping-call', ['vendor']],
    ['/api/pingpost-call', ['vendor']],
  ])('%s is for %j', (path, roles) => expect(rolesOf(path)).toEqual(roles));

  it('the dashboard, the order list and wizard, lead search, live calls, the Dashboard, Lead Volume, Rankings, Vendors, Calls, Returns, Packages, Agent Status, Lists and Digital Ads reports, lead lists, the promotions (campaigns, create, a campaign, its enrollment), return management, the settings screens, the mailbox, the background jobs, the do-not-call lists, the statecharts, the match breakdown and the CLD list are built so far', () => {
    expect(SCREENS.filter((s) => !s.later).map((s) => s.path)).toEqual([
      '/dashboard', '/orders/list', '/orders/orders/wizard/*', '/leads/:tab', '/calls/live', '/reports/dashboard', '/reports/lead-volume', '/reports/rankings', '/reports/vendors', '/reports/calls', '/reports/returns', '/reports/packages', '/reports/agent-status', '/reports/lists', '/reports/digital-ads', '/lists-orders/dashboard',
      '/promotions/campaigns', '/promotions/campaigns/create', '/promotions/campaigns/:id', '/promotions/campaignsEnrollment/:id', '/return-management', '/api/post-lead', '/api/ping-lead', '/api/pingpost-lead', '/api/ping-call', '/api/pingpost-call', '/cld/list', '/settings/billing/:tab', '/user/profile', '/user/password', '/user/contact', '/user/crm', '/user/features', '/user/almpro',
      '/user/distribution-networks', '/user/leadVantageAccess', '/company/concurrency', '/company/lead-cap', '/admin/mailbox', '/admin/jobs', '/dnc-lists', '/why-not', '/machines',
    ]);
  });

  it('every navigation tab opens a screen', () => {
    for (const tab of [...MAIN_TABS, ...REPORT_TABS, ...PROMOTION_TABS, ...SETTINGS_TABS])
      expect(SCREENS.some((s) => matches(s.path, tab.path)), tab.path).toBe(true);
  });
});

describe('redirects', () => {
  it('send old and parent routes to a screen, the root to the login', () => {
    expect(REDIRECTS).toContainEqual(['/', '/login']);
    expect(new Set(REDIRECTS.map(([from]) => from)).size).toBe(REDIRECTS.length);
    for (const [from, to] of REDIRECTS) {
      expect(from).toMatch(/^\/[a-z/-]*$/);
      if (to !== '/login') expect(SCREENS.some((s) => matches(s.path, to)), to).toBe(true);
    }
    expect(REDIRECTS.map(([from]) => from)).toEqual([
      '/', '/settings', '/settings/billing', '/settings/user', '/leads', '/calls', '/reports', '/promotions', '/lists-orders', '/cld', '/orders', '/api',
    ]);
  });
});
