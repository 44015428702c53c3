import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterFailedLogin, isLocked, LOCK_MINUTES, MAX_FAILED_LOGINS } from '../../src/domain/login-policy';
import { MSG } from '../../src/domain/messages';
import { confirmationError, passwordError } from '../../src/domain/password';
import { rememberSwitch, RECENT_SWITCHES_KEPT } from '../../src/domain/session';
import { otherAdminRefusal, switchRefusal } from '../../src/domain/switch-user';
import { termsInitialsError } from '../../src/domain/terms';
import type { Actor } from '../../src/domain/roles';

describe('terms initials', () => {
  it('accepts the same non-empty initials, ignoring case and spaces', () => {
    expect(termsInitialsError('AB', 'AB')).toBeNull();
    expect(termsInitialsError(' ab', 'AB ')).toBeNull();
  });
  it('refuses empty or different initials with the specification text', () => {
    for (const [a, b] of [['', ''], ['AB', ''], ['AB', 'AC'], ['  ', '  ']])
      expect(termsInitialsError(a, b)).toBe(
        'You have to agree to LV terms and conditions by adding the same initials to both boxes',
      );
  });
});

describe('password rules', () => {
  it('needs upper, lower, digit and special, 8 to 128 long', () => {
    expect(passwordError('Leadline#2026')).toBeNull();
    expect(passwordError('leadline#2026')).not.toBeNull();
    expect(passwordError('LEADLINE#2026')).not.toBeNull();
    expect(passwordError('Leadline#')).not.toBeNull();
    expect(passwordError('Leadline2026')).not.toBeNull();
    expect(passwordError('Ab#1')).not.toBeNull();
    expect(passwordError(`Ab#1${'x'.repeat(125)}`)).not.toBeNull();
  });
  it('any password with all four kinds and a fitting length passes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 120 }), (s) => {
        expect(passwordError(`Aa1!${s}`.padEnd(8, 'x'))).toBeNull();
      }),
    );
  });
  it('confirmation must be non-empty and equal', () => {
    expect(confirmationError('', '')).not.toBeNull();
    expect(confirmationError('a', 'b')).not.toBeNull();
    expect(confirmationError('a', 'a')).toBeNull();
  });
});

describe('failed logins', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it(`locks on the ${MAX_FAILED_LOGINS}th failure for ${LOCK_MINUTES} minutes`, () => {
    let count = 0;
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) {
      const r = afterFailedLogin(count, now);
      expect(r.lockedUntil).toBeNull();
      count = r.failedLogins;
    }
    const last = afterFailedLogin(count, now);
    expect(last.lockedUntil?.getTime()).toBe(now.getTime() + LOCK_MINUTES * 60_000);
    expect(isLocked(last.lockedUntil, now)).toBe(true);
    expect(isLocked(last.lockedUntil, new Date(now.getTime() + LOCK_MINUTES * 60_000))).toBe(false);
  });
});

describe('switching user', () => {
  const actor = (over: Partial<Actor>): Actor => ({ role: 'user', isSuperAdmin: false, status: 'active', ...over });
  const admin = actor({ role: 'admin' });
  it('an admin may switch into an active non-admin', () => {
    expect(switchRefusal(admin, actor({}))).toBeNull();
    expect(switchRefusal(admin, actor({ role: 'vendor' }))).toBeNull();
  });
  it('never into an admin or a super admin', () => {
    expect(switchRefusal(admin, actor({ role: 'admin' }))).toBe(MSG.switchIntoAdmin);
    expect(switchRefusal(admin, actor({ role: 'admin', isSuperAdmin: true }))).toBe(
      "Nice try! An administrator can't login as another administrator.",
    );
  });
  it('never into a user who is not active', () => {
    for (const status of ['inactive', 'archived', 'cancelled'] as const)
      expect(switchRefusal(admin, actor({ status }))).toBe(
        'This user has been cancelled. Please activate them before working on their account.',
      );
  });
  it("another administrator's account takes a super admin; one's own is always fine", () => {
    const superAdmin = actor({ role: 'admin', isSuperAdmin: true });
    expect(otherAdminRefusal(admin, actor({ role: 'admin' }), false)).toBe(MSG.switchIntoAdmin);
    expect(otherAdminRefusal(admin, admin, true)).toBeNull();
    expect(otherAdminRefusal(superAdmin, admin, false)).toBeNull();
    expect(otherAdminRefusal(admin, actor({}), false)).toBeNull();
  });
  it('only an admin may switch', () => {
    expect(switchRefusal(actor({ role: 'regional' }), actor({}))).not.toBeNull();
  });
  it(`remembers the last ${RECENT_SWITCHES_KEPT}, most recent first, without duplicates`, () => {
    let recent: string[] = [];
    for (const e of ['a@x', 'b@x', 'c@x', 'd@x', 'e@x', 'f@x', 'B@x']) recent = rememberSwitch(recent, e);
    expect(recent).toEqual(['b@x', 'f@x', 'e@x', 'd@x', 'c@x']);
  });
});
