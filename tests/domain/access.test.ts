import { describe, expect, it } from 'vitest';
import { isoDay, systemClock } from '../../src/domain/clock';
import { hasAccess, isAdmin, isSuperAdmin, NEW_USER_ROLES, ROLES, USER_STATUSES, type Actor, type Role } from '../../src/domain/roles';

const actor = (role: Role, isSuper = false): Actor => ({ role, isSuperAdmin: isSuper });

describe('roles', () => {
  it('names the roles of document 000 section 6, the super admin being a flag', () => {
    expect([...ROLES].sort()).toEqual(
      ['accounting', 'admin', 'cld', 'corporate', 'provisional_user', 'regional', 'sales', 'user', 'vendor'],
    );
    expect(USER_STATUSES).toEqual(['active', 'inactive', 'archived', 'cancelled']);
  });

  it('offers corporate, regional, sales and user for a new user', () => {
    expect([...NEW_USER_ROLES].sort()).toEqual(['corporate', 'regional', 'sales', 'user']);
  });

  it('an admin is the admin role; a super admin is an admin with the flag', () => {
    expect(isAdmin(actor('admin'))).toBe(true);
    expect(isAdmin(actor('vendor'))).toBe(false);
    expect(isSuperAdmin(actor('admin', true))).toBe(true);
    expect(isSuperAdmin(actor('admin'))).toBe(false);
    expect(isSuperAdmin(actor('user', true))).toBe(false);
  });
});

describe('hasAccess (x-roles)', () => {
  it('guest lets anyone in, signed in or not', () => {
    expect(hasAccess(null, ['guest'])).toBe(true);
    expect(hasAccess(actor('vendor'), ['guest'])).toBe(true);
  });

  it('without a session nothing else is open', () => {
    expect(hasAccess(null, ['all'])).toBe(false);
    expect(hasAccess(null, ['user', 'admin'])).toBe(false);
  });

  it('all lets in any signed-in role', () => {
    for (const role of ROLES) expect(hasAccess(actor(role), ['all'])).toBe(true);
  });

  it('super-admin needs the flag on an admin', () => {
    expect(hasAccess(actor('admin', true), ['super-admin'])).toBe(true);
    expect(hasAccess(actor('admin'), ['super-admin'])).toBe(false);
    expect(hasAccess(actor('user', true), ['super-admin'])).toBe(false);
  });

  it('otherwise the role must be listed', () => {
    expect(hasAccess(actor('regional'), ['user', 'regional'])).toBe(true);
    expect(hasAccess(actor('corporate'), ['user', 'regional'])).toBe(false);
    expect(hasAccess(actor('admin', true), ['admin'])).toBe(true);
    expect(hasAccess(actor('vendor'), [])).toBe(false);
  });
});

describe('clock', () => {
  it('the system clock reads the current time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('isoDay is the UTC calendar day', () => {
    expect(isoDay(new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(isoDay(new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
  });
});
