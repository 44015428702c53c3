import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mailScope, userActionRefusal, type Caller, type Person, type UserAction } from '../../src/domain/access-policy';
import { attemptVerdict, failedCheckLocks, isLocked, lockEnd, LOCK_MINUTES, MAX_FAILED_LOGINS } from '../../src/domain/login-policy';
import { MSG } from '../../src/domain/messages';
import { confirmationError, passwordError } from '../../src/domain/password';
import { rememberSwitch, RECENT_SWITCHES_KEPT } from '../../src/domain/session';
import { switchRefusal } from '../../src/domain/switch-user';
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
    for (let attempt = 1; attempt < MAX_FAILED_LOGINS; attempt++) {
      expect(attemptVerdict(attempt)).toBe('check');
      expect(failedCheckLocks(attemptVerdict(attempt))).toBe(false);
    }
    expect(failedCheckLocks(attemptVerdict(MAX_FAILED_LOGINS))).toBe(true);
    const until = lockEnd(now);
    expect(until.getTime()).toBe(now.getTime() + LOCK_MINUTES * 60_000);
    expect(isLocked(until, now)).toBe(true);
    expect(isLocked(until, new Date(now.getTime() + LOCK_MINUTES * 60_000))).toBe(false);
  });
  it('checks no password past the limit', () => {
    fc.assert(fc.property(fc.integer({ min: MAX_FAILED_LOGINS + 1, max: 1e6 }), (n) => attemptVerdict(n) === 'locked'));
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
    const p = (a: Actor, id: number): Person => ({ ...a, id });
    const as = (a: Person): Caller => ({ owner: a, actingAs: a });
    for (const action of ['editProfile', 'clearFailedLogins', 'sendPasswordReset', 'issueTermsKey'] as UserAction[]) {
      expect(userActionRefusal(action, as(p(admin, 1)), p(actor({ role: 'admin' }), 2)), action).toBe(MSG.switchIntoAdmin);
      expect(userActionRefusal(action, as(p(admin, 1)), p(superAdmin, 2)), action).toBe(MSG.switchIntoAdmin);
      expect(userActionRefusal(action, as(p(admin, 1)), p(admin, 1)), action).toBeNull();
      expect(userActionRefusal(action, as(p(superAdmin, 1)), p(admin, 2)), action).toBeNull();
      expect(userActionRefusal(action, as(p(admin, 1)), p(actor({}), 2)), action).toBeNull();
      expect(userActionRefusal(action, as(p(actor({ role: 'regional' }), 1)), p(actor({}), 2)), action).not.toBeNull();
    }
  });
  it('a sign-in key follows the switching rule, even for a super admin', () => {
    const superAdmin: Person = { ...actor({ role: 'admin', isSuperAdmin: true }), id: 1 };
    const caller = { owner: superAdmin, actingAs: superAdmin };
    expect(userActionRefusal('issueSignInKey', caller, { ...admin, id: 2 })).toBe(MSG.switchIntoAdmin);
    expect(userActionRefusal('issueSignInKey', caller, { ...actor({ status: 'cancelled' }), id: 3 })).toBe(MSG.switchIntoInactive);
    expect(userActionRefusal('issueSignInKey', caller, { ...actor({}), id: 4 })).toBeNull();
  });
  it('a password is changed by the user acted as only; a profile also by an admin', () => {
    const user: Person = { ...actor({}), id: 5 };
    const adminP: Person = { ...admin, id: 1 };
    const switched = { owner: adminP, actingAs: user };
    expect(userActionRefusal('changePassword', switched, user)).toBeNull();
    expect(userActionRefusal('changePassword', { owner: adminP, actingAs: adminP }, user)).not.toBeNull();
    expect(userActionRefusal('editProfile', { owner: adminP, actingAs: adminP }, user)).toBeNull();
    expect(userActionRefusal('editProfile', { owner: user, actingAs: user }, { ...actor({}), id: 6 })).not.toBeNull();
  });
  it("mail to another administrator is a super admin's to read", () => {
    expect(mailScope({ ...actor({ role: 'admin', isSuperAdmin: true }), email: 's@x' })).toEqual({ kind: 'all' });
    expect(mailScope({ ...admin, email: 'a@x' })).toEqual({ kind: 'non-admin-recipients', alsoTo: 'a@x' });
    expect(mailScope({ ...actor({}), email: 'u@x' })).toEqual({ kind: 'none' });
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
