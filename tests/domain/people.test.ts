import { describe, expect, it } from 'vitest';
import { userActionRefusal, type Person } from '../../src/domain/access-policy';
import { DESIGNED_MSG, MSG } from '../../src/domain/messages';
import { companyActionRefusal, type CompanyAction } from '../../src/domain/people/company-policy';
import {
  CONCURRENCY_MAX, SLOTS_PER_DAY, concurrencyAt, concurrencyErrors, emptyConcurrency, leadCapError, slotLabel, slotOf,
} from '../../src/domain/people/concurrency';
import { PEOPLE_DESIGNED_MSG, alreadyExists, noAgentData } from '../../src/domain/people/messages';
import { agentIdCheckReady, newUserErrors, searchReady } from '../../src/domain/people/new-user';
import { registrationErrors } from '../../src/domain/people/registration';
import { isUserManagementShortcut } from '../../src/domain/people/shortcut';
import { needsReason, reasonError, statusActionsFor, statusRefusal } from '../../src/domain/people/status';
import { sentToLeadVantageSso } from '../../src/domain/people/lead-vantage';
import type { Actor, Role } from '../../src/domain/roles';
import { SCREENS, featureAllows, mayOpen } from '../../src/domain/screens';

const actor = (role: Role, over: Partial<Actor & { isPro: boolean }> = {}) => ({ role, isSuperAdmin: false, status: 'active' as const, ...over });
const person = (id: number, role: Role, over: Partial<Actor> = {}): Person => ({ id, ...actor(role, over) });

describe('user status (document 000 section 4)', () => {
  it('active: archive or cancel; inactive, archived or cancelled: reactivate', () => {
    expect(statusActionsFor('active')).toEqual(['archive', 'cancel']);
    expect(statusActionsFor('inactive')).toEqual(['reactivate']);
    expect(statusActionsFor('archived')).toEqual(['reactivate']);
    expect(statusActionsFor('cancelled')).toEqual(['reactivate']);
    expect(statusRefusal('cancel', 'cancelled')).toBe(PEOPLE_DESIGNED_MSG.alreadyCancelled);
    expect(statusRefusal('cancel', 'archived')).toBe(PEOPLE_DESIGNED_MSG.cancelOnlyActive);
    expect(statusRefusal('archive', 'inactive')).toBe(PEOPLE_DESIGNED_MSG.archiveOnlyActive);
    expect(statusRefusal('reactivate', 'active')).toBe(PEOPLE_DESIGNED_MSG.alreadyActive);
  });
  it('cancel and reactivate take a reason, archive none', () => {
    expect([needsReason('archive'), needsReason('cancel'), needsReason('reactivate')]).toEqual([false, true, true]);
    expect(reasonError(' ')).toBe(PEOPLE_DESIGNED_MSG.reasonRequired);
    expect(reasonError(undefined)).toBe(PEOPLE_DESIGNED_MSG.reasonRequired);
    expect(reasonError('moved away')).toBeNull();
  });
});

describe('who may manage whom', () => {
  const admin = person(1, 'admin');
  const superAdmin = person(2, 'admin', { isSuperAdmin: true });
  const otherAdmin = person(3, 'admin');
  const agent = person(4, 'user');
  const as = (p: Person) => ({ owner: p, actingAs: p });
  const ADMIN_ONLY = ['changeStatus', 'setCancelExhausting', 'editCrm', 'editFeatures', 'editAlmPro', 'invite'] as const;
  it.each(ADMIN_ONLY)('%s: admins on users, super admins on administrators, never other roles', (action) => {
    expect(userActionRefusal(action, as(admin), agent)).toBeNull();
    expect(userActionRefusal(action, as(admin), otherAdmin)).toBe(MSG.switchIntoAdmin);
    expect(userActionRefusal(action, as(admin), superAdmin)).toBe(MSG.switchIntoAdmin);
    expect(userActionRefusal(action, as(superAdmin), otherAdmin)).toBeNull();
    expect(userActionRefusal(action, as(agent), person(5, 'user'))).toBe(DESIGNED_MSG.notAllowed);
  });
  it('nobody changes their own status', () => {
    expect(userActionRefusal('changeStatus', as(admin), admin)).toBe(PEOPLE_DESIGNED_MSG.notOwnStatus);
    expect(userActionRefusal('changeStatus', as(superAdmin), superAdmin)).toBe(PEOPLE_DESIGNED_MSG.notOwnStatus);
  });
  it('contact and the detail: one’s own, or an admin’s (switched or not)', () => {
    for (const action of ['editContact', 'viewUser'] as const) {
      expect(userActionRefusal(action, as(agent), agent)).toBeNull();
      expect(userActionRefusal(action, as(agent), person(5, 'user'))).toBe(DESIGNED_MSG.notAllowed);
      expect(userActionRefusal(action, { owner: admin, actingAs: agent }, agent)).toBeNull();
      expect(userActionRefusal(action, as(admin), superAdmin)).toBe(MSG.switchIntoAdmin);
    }
  });
});

describe('company settings policy', () => {
  const caller = (role: Role, companyId: number | null, over: { isPro?: boolean; isSuperAdmin?: boolean } = {}, owner?: Actor) => {
    const a = { ...actor(role, over), companyId, isPro: over.isPro };
    return { owner: owner ?? a, actingAs: a };
  };
  const allowed = (c: ReturnType<typeof caller>, id: number) =>
    (['read', 'editDistributions', 'editConcurrency', 'editLeadVantage', 'editLeadCap'] as CompanyAction[]).filter((a) => companyActionRefusal(a, c, id) === null);
  it('users their own company: distributions; pro users also the concurrency', () => {
    expect(allowed(caller('user', 7), 7)).toEqual(['read', 'editDistributions']);
    expect(allowed(caller('user', 7, { isPro: true }), 7)).toEqual(['read', 'editDistributions', 'editConcurrency']);
    expect(allowed(caller('user', 7, { isPro: true }), 8)).toEqual([]);
    expect(allowed(caller('regional', 7), 7)).toEqual(['read', 'editDistributions']);
  });
  it('admins any company’s distributions; super admins everything; a switch keeps the admin’s rights', () => {
    expect(allowed(caller('admin', 1), 7)).toEqual(['read', 'editDistributions']);
    expect(allowed(caller('admin', 1, { isSuperAdmin: true }), 7)).toEqual(['read', 'editDistributions', 'editConcurrency', 'editLeadVantage', 'editLeadCap']);
    expect(allowed(caller('user', 7, {}, actor('admin', { isSuperAdmin: true })), 7)).toHaveLength(5);
  });
});

describe('concurrency schedule and lead cap', () => {
  it('7 days of 48 half hours, each 1 to 50 or empty', () => {
    const s = emptyConcurrency();
    expect(Object.values(s).every((d) => d.length === SLOTS_PER_DAY)).toBe(true);
    expect(concurrencyErrors(s)).toEqual([]);
    s.monday[0] = CONCURRENCY_MAX;
    s.friday[47] = 1;
    expect(concurrencyErrors(s)).toEqual([]);
    for (const bad of [0, 51, 2.5, -1, '3']) {
      const b = { ...emptyConcurrency(), tuesday: [...emptyConcurrency().tuesday] };
      (b.tuesday as unknown[])[10] = bad;
      expect(concurrencyErrors(b), String(bad)).toEqual([{ field: 'tuesday', message: PEOPLE_DESIGNED_MSG.concurrencyRange }]);
    }
    expect(concurrencyErrors({ ...emptyConcurrency(), sunday: [] })).toEqual([{ field: 'sunday', message: PEOPLE_DESIGNED_MSG.concurrencyShape }]);
  });
  it('the limit at a time of day', () => {
    const s = emptyConcurrency();
    s.wednesday[slotOf(9, 30)] = 12;
    expect(slotOf(9, 30)).toBe(19);
    expect(slotLabel(19)).toBe('09:30');
    expect(concurrencyAt(s, 'wednesday', 9, 45)).toBe(12);
    expect(concurrencyAt(s, 'wednesday', 9, 29)).toBeNull();
  });
  it('lead cap 1 to 1000 or none', () => {
    expect([null, 1, 1000].map(leadCapError)).toEqual([null, null, null]);
    expect([0, 1001, 1.5].map(leadCapError).every((e) => e === PEOPLE_DESIGNED_MSG.leadCapRange)).toBe(true);
  });
});

describe('new user and registration', () => {
  it('search from 3 characters, agent id check from 5', () => {
    expect([searchReady('ab'), searchReady(' abc ')]).toEqual([false, true]);
    expect([agentIdCheckReady('ABCD'), agentIdCheckReady('ABCDE')]).toEqual([false, true]);
  });
  it('texts with a name', () => {
    expect(alreadyExists('a@b.test')).toBe('Sorry, a@b.test already exists.');
    expect(noAgentData('X1')).toBe('Sorry, no user data was found for Agent ID X1');
  });
  it('a new user needs names, an offered role, one of the 7 zones, a company', () => {
    const ok = { email: 'a@b.test', firstName: 'A', lastName: 'B', role: 'user' as const, timezone: 'America/Chicago', companyId: 3 };
    expect(newUserErrors(ok)).toEqual([]);
    expect(newUserErrors({ ...ok, role: 'admin' }).map((e) => e.field)).toEqual(['role']);
    expect(newUserErrors({ ...ok, timezone: 'UTC', companyId: undefined }).map((e) => e.field)).toEqual(['timezone', 'companyName']);
  });
  it('registration: every required field, a strong password, the same confirmation', () => {
    const ok = {
      email: 'a@b.test', firstName: 'A', lastName: 'B', phoneNumber: '5125550100', address1: 'x', city: 'y', state: 'TX',
      zipcode: '78701', companyName: 'z', country: 'US', password: 'Abcdefg1!', confirmation: 'Abcdefg1!',
    };
    expect(registrationErrors(ok)).toEqual([]);
    expect(registrationErrors({ ...ok, email: '', country: '' })).toEqual([
      { field: 'email', message: MSG.profileRequired },
      { field: 'country', message: MSG.profileRequired },
    ]);
    expect(registrationErrors({ ...ok, confirmation: 'x' }).map((e) => e.field)).toEqual(['confirmation']);
    expect(registrationErrors({ ...ok, password: '', confirmation: '' }).map((e) => e.field)).toEqual(['password']);
    expect(registrationErrors({ ...ok, password: 'abcdefgh', confirmation: 'abcdefgh' }).map((e) => e.field)).toEqual(['password']);
  });
});

describe('screens that need a feature or the professional tier', () => {
  const lists = SCREENS.find((s) => s.path === '/lists-orders/dashboard')!;
  const concurrency = SCREENS.find((s) => s.path === '/company/concurrency')!;
  it('a non-switched admin needs no flag; a switched admin and users need it', () => {
    expect(featureAllows(lists, actor('admin'))).toBe(true);
    expect(featureAllows(lists, actor('user'))).toBe(false);
    expect(featureAllows(lists, actor('user', { features: ['lead-lists'] }))).toBe(true);
    expect(featureAllows(lists, actor('user'), actor('admin'))).toBe(false);
    expect(mayOpen(lists, actor('user', { features: ['lead-lists'] }))).toBe(true);
  });
  it('concurrency: professional-tier users and super admins', () => {
    expect(mayOpen(concurrency, actor('user', { isPro: true }))).toBe(true);
    expect(mayOpen(concurrency, actor('user'))).toBe(false);
    expect(mayOpen(concurrency, actor('admin', { isSuperAdmin: true }))).toBe(true);
    expect(mayOpen(concurrency, actor('user'), actor('admin', { isSuperAdmin: true }))).toBe(true);
    expect(mayOpen(concurrency, actor('admin'))).toBe(false);
  });
});

describe('the user-management shortcut', () => {
  const key = (over: object) => ({ code: 'KeyU', altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, ...over });
  it('is Alt+Shift+U on the physical key, nothing else', () => {
    expect(isUserManagementShortcut(key({}))).toBe(true);
    expect(isUserManagementShortcut(key({ ctrlKey: true }))).toBe(false);
    expect(isUserManagementShortcut(key({ shiftKey: false }))).toBe(false);
    expect(isUserManagementShortcut(key({ code: 'KeyI' }))).toBe(false);
  });
});

describe('LeadVantage access (document 000 section 6)', () => {
  it('sends a non-admin of a company without access away; admins and users without a company stay', () => {
    expect(sentToLeadVantageSso({ role: 'user' }, false)).toBe(true);
    expect(sentToLeadVantageSso({ role: 'vendor' }, false)).toBe(true);
    expect(sentToLeadVantageSso({ role: 'regional' }, false)).toBe(true);
    expect(sentToLeadVantageSso({ role: 'user' }, true)).toBe(false);
    expect(sentToLeadVantageSso({ role: 'admin' }, false)).toBe(false);
    expect(sentToLeadVantageSso({ role: 'user' }, null)).toBe(false);
  });
});
