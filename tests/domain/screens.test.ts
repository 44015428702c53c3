import { describe, expect, it } from 'vitest';
import { isoDayIn } from '../../src/domain/time/zone';
import { landingScreen } from '../../src/domain/default-screen';
import { ROLE_LABELS, ROLES, roleLabel, type Actor, type Role } from '../../src/domain/roles';
import { mayOpen, pageTitle, screenAt, SCREENS, sectionOf, sectionScreens, SETTINGS_SECTIONS } from '../../src/domain/screens';
import { lockedScreen, ssoKeyOf } from '../../src/domain/session';

const who = (role: Role, over: Partial<Actor & { isPro: boolean }> = {}): Actor & { isPro?: boolean } => ({ role, isSuperAdmin: false, tosConsent: true, ...over });
const titles = (screens: { title: string }[]) => screens.map((s) => s.title);

describe('screens by address', () => {
  it('finds a screen by its path, parameters, a trailing slash, query and hash included', () => {
    expect(screenAt('/reports/lead-volume')?.title).toBe('Reports: Lead Volume');
    expect(screenAt('/leads/new')?.title).toBe('Leads');
    expect(screenAt('/orders/list/?page=2#top')?.title).toBe('Orders');
    expect(screenAt('/reports/lead-volume/extra')).toBeNull();
    expect(screenAt('/nowhere')).toBeNull();
  });

  it("takes /promotions/campaigns/create for the create screen, not for a campaign's id", () => {
    expect(screenAt('/promotions/campaigns/create')?.path).toBe('/promotions/campaigns/create');
    expect(screenAt('/promotions/campaigns/12')?.path).toBe('/promotions/campaigns/:id');
    expect(screenAt('/promotions/campaignsEnrollment/12')?.path).toBe('/promotions/campaignsEnrollment/:id');
  });

  it('names every screen in the browser tab', () => {
    expect(pageTitle('Orders')).toBe('Orders · Leadline');
    expect(new Set(SCREENS.map((s) => s.title)).size).toBeGreaterThan(30);
  });

  it('lets an admin switched into a user keep the admin screens', () => {
    const mailbox = screenAt('/admin/mailbox')!;
    expect(mayOpen(mailbox, who('user'))).toBe(false);
    expect(mayOpen(mailbox, who('user'), who('admin'))).toBe(true);
  });

  it('opens the statecharts to admins, and to everyone signed in on a development server', () => {
    const machines = screenAt('/machines')!;
    expect(mayOpen(machines, who('admin'))).toBe(true);
    expect(mayOpen(machines, who('user'))).toBe(false);
    expect(mayOpen(machines, who('vendor'), null, 'production')).toBe(false);
    expect(mayOpen(machines, who('user'), who('admin'))).toBe(true);
    for (const role of ROLES) expect(mayOpen(machines, who(role), null, 'development')).toBe(true);
    // Development opens only the developer screens.
    expect(mayOpen(screenAt('/admin/mailbox')!, who('user'), null, 'development')).toBe(false);
  });

  it('gives a switched admin only the screens the admin has: a super-admin screen stays closed to a plain admin', () => {
    const leadVantage = screenAt('/user/leadVantageAccess')!;
    expect(mayOpen(leadVantage, who('user'), who('admin'))).toBe(false);
    expect(mayOpen(leadVantage, who('user'), who('admin', { isSuperAdmin: true }))).toBe(true);
  });
});

describe('landing after sign-in', () => {
  it('returns to the screen asked for when the role may open it', () => {
    expect(landingScreen(who('user'), '/reports/lead-volume')).toBe('/reports/lead-volume');
    expect(landingScreen(who('admin'), '/reports/lead-volume?x=1')).toBe('/reports/lead-volume?x=1');
  });
  it('else the default screen', () => {
    expect(landingScreen(who('vendor'), '/reports/lead-volume')).toBe('/return-management');
    expect(landingScreen(who('user'), '/admin/mailbox')).toBe('/dashboard');
    expect(landingScreen(who('user'), '/not-a-screen')).toBe('/dashboard');
    expect(landingScreen(who('admin'), null)).toBe('/leads/new');
  });
});

describe('settings sections', () => {
  const personal = SETTINGS_SECTIONS.find((s) => s.id === 'personal')!;
  const company = SETTINGS_SECTIONS.find((s) => s.id === 'company')!;
  it('Personal holds Profile, Password and Contact Preferences for every user', () => {
    expect(titles(sectionScreens(personal, who('vendor')))).toEqual(['Profile', 'Password', 'Contact Preferences']);
    expect(titles(sectionScreens(personal, who('admin')))).toEqual(['Profile', 'Password', 'Contact Preferences', 'CRM', 'ALM Pro', 'Distribution Networks']);
    expect(titles(sectionScreens(personal, who('admin', { isSuperAdmin: true })))).toContain('LeadVantage Access');
  });
  it('Company holds Concurrency and Lead Cap as their roles allow', () => {
    expect(titles(sectionScreens(company, who('admin', { isSuperAdmin: true })))).toEqual(['Concurrency', 'Lead Cap']);
    // Concurrency is a professional-tier screen.
    expect(titles(sectionScreens(company, who('user', { isPro: true })))).toEqual(['Concurrency']);
    expect(titles(sectionScreens(company, who('user')))).toEqual([]);
    expect(titles(sectionScreens(company, who('vendor')))).toEqual([]);
  });
  it('knows the section of a screen', () => {
    expect(sectionOf('/user/password')?.title).toBe('Personal');
    expect(sectionOf('/company/lead-cap')?.title).toBe('Company');
    expect(sectionOf('/orders/list')).toBeNull();
  });
});

describe('names and days', () => {
  it('every role has a human name; the super admin its own', () => {
    expect(ROLES.every((r) => ROLE_LABELS[r] && !ROLE_LABELS[r].includes('_'))).toBe(true);
    expect(roleLabel({ role: 'provisional_user', isSuperAdmin: false })).toBe('New agent');
    expect(roleLabel({ role: 'admin', isSuperAdmin: true })).toBe('Super administrator');
    expect(roleLabel({ role: 'admin', isSuperAdmin: false })).toBe('Administrator');
    // The super admin is a flag on the admin (document 000 section 1): on any other role it names nothing.
    expect(roleLabel({ role: 'user', isSuperAdmin: true })).toBe('Agent');
  });

  it("counts today in the user's time zone", () => {
    const lateUtc = new Date('2021-12-31T03:00:00Z');
    expect(isoDayIn(lateUtc, 'UTC')).toBe('2021-12-31');
    expect(isoDayIn(lateUtc, 'America/Chicago')).toBe('2021-12-30');
    expect(isoDayIn(lateUtc, 'Not/AZone')).toBe('2021-12-31');
  });

  it('reads the key of a sign-in link', () => {
    expect(ssoKeyOf('/sso/abc%20d')).toBe('abc d');
    expect(ssoKeyOf('/sso/abc/')).toBe('abc');
    expect(ssoKeyOf('/sso/%E0%A4%A')).toBeNull();
    expect(ssoKeyOf('/sso/')).toBeNull();
    expect(ssoKeyOf('/login')).toBeNull();
    // Only the link's own address, /sso/{key}: no deeper path, nothing in front of it.
    expect(ssoKeyOf('/sso/abc/def')).toBeNull();
    expect(ssoKeyOf('/app/sso/abc')).toBeNull();
  });

  it('opens the locked screen with the locked email, or bare without one', () => {
    const withEmail = new URL(lockedScreen('ann+1@example.com'), 'http://x');
    expect(withEmail.pathname).toBe('/locked');
    expect(withEmail.searchParams.get('email')).toBe('ann+1@example.com');
    expect(lockedScreen(null)).toBe('/locked');
    expect(lockedScreen('')).toBe('/locked');
  });
});
