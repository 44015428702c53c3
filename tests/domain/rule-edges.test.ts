/** The edges of the auth and profile rules: each case separates the rule from a near miss. */
import { describe, expect, it } from 'vitest';
import { defaultScreen, needsTerms, sessionGate } from '../../src/domain/default-screen';
import {
  ACCESS_KEY_VALID_MINUTES, isLocked, LOCK_MINUTES, LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, MAX_FAILED_LOGINS,
  RESET_KEY_VALID_MINUTES, RESET_REQUESTS_PER_IP_PER_HOUR, UNLOCK_KEY_VALID_MINUTES,
} from '../../src/domain/login-policy';
import { MSG } from '../../src/domain/messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordError } from '../../src/domain/password';
import { defaultCompanyName, profileErrors, type ProfileInput } from '../../src/domain/profile';
import type { Actor } from '../../src/domain/roles';
import {
  IDLE_WARNING_SECONDS, LOGOUT_COUNTDOWN_SECONDS, RECENT_SWITCHES_KEPT, rememberSwitch, SESSION_ABSOLUTE_EXPIRY_HOURS,
  SESSION_IDLE_EXPIRY_MINUTES, SWITCH_USER_HEADER, TOKEN_GRACE_SECONDS, TOKEN_HEADER, TOKEN_ROTATE_AFTER_SECONDS,
} from '../../src/domain/session';
import { switchRefusal } from '../../src/domain/switch-user';
import { userActionRefusal } from '../../src/domain/access-policy';

const actor = (over: Partial<Actor>): Actor => ({ role: 'user', isSuperAdmin: false, status: 'active', tosConsent: true, ...over });

describe('gates', () => {
  it('a provisional user completes the profile before anything, the terms included', () => {
    const provisional = actor({ role: 'provisional_user', tosConsent: false });
    expect(sessionGate(provisional)).toBe('profile');
    expect(defaultScreen(provisional)).toBe('/complete-profile');
  });
  it('only a plain user is held for the terms', () => {
    expect(needsTerms(actor({ tosConsent: false }))).toBe(true);
    expect(needsTerms(actor({ tosConsent: true }))).toBe(false);
    expect(needsTerms(actor({ role: 'regional', tosConsent: false }))).toBe(false);
    expect(sessionGate(actor({}))).toBe('none');
  });
});

describe('numbers docs/ documents', () => {
  it('failed logins, throttles and key lifetimes', () => {
    expect([MAX_FAILED_LOGINS, LOCK_MINUTES]).toEqual([5, 15]);
    expect([LOGIN_ATTEMPTS_PER_IP_PER_MINUTE, RESET_REQUESTS_PER_IP_PER_HOUR]).toEqual([20, 10]);
    expect([RESET_KEY_VALID_MINUTES, UNLOCK_KEY_VALID_MINUTES, ACCESS_KEY_VALID_MINUTES]).toEqual([60, 60, 24 * 60]);
  });
  it('sessions, tokens and idle handling (document 000 section 4)', () => {
    expect([IDLE_WARNING_SECONDS, LOGOUT_COUNTDOWN_SECONDS, RECENT_SWITCHES_KEPT]).toEqual([840, 60, 5]);
    expect([SESSION_IDLE_EXPIRY_MINUTES, SESSION_ABSOLUTE_EXPIRY_HOURS]).toEqual([30, 12]);
    expect([TOKEN_ROTATE_AFTER_SECONDS, TOKEN_GRACE_SECONDS]).toEqual([300, 60]);
    expect([TOKEN_HEADER, SWITCH_USER_HEADER]).toEqual(['x-auth-token', 'x-switch-user']);
  });
});

describe('lock', () => {
  it('no lock time is no lock', () => expect(isLocked(null, new Date('2026-01-01T00:00:00Z'))).toBe(false));
});

describe('password length', () => {
  const make = (n: number) => 'Aa1!'.padEnd(n, 'x');
  it(`is ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, both ends included`, () => {
    expect(passwordError(make(PASSWORD_MIN_LENGTH))).toBeNull();
    expect(passwordError(make(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordError(make(PASSWORD_MIN_LENGTH - 1))).toBe('Password must be 8 to 128 characters long');
    expect(passwordError(make(PASSWORD_MAX_LENGTH + 1))).toBe('Password must be 8 to 128 characters long');
  });
});

describe('switching user', () => {
  it('anyone but an admin is told only an administrator may switch', () => {
    expect(switchRefusal(actor({ role: 'vendor' }), actor({}))).toBe('Only an administrator can switch user');
  });
  it("a super-admin flag without the admin role gives no right over an admin's account", () => {
    const flagOnly = { id: 1, ...actor({ isSuperAdmin: true }) };
    const admin = { id: 2, ...actor({ role: 'admin' }) };
    expect(userActionRefusal('clearFailedLogins', { owner: flagOnly, actingAs: flagOnly }, admin)).not.toBeNull();
    expect(userActionRefusal('editProfile', { owner: flagOnly, actingAs: flagOnly }, admin)).not.toBeNull();
  });
  it('anyone may edit their own profile, and a switched admin the profile of the user switched into', () => {
    const agent = { id: 3, ...actor({}) };
    const admin = { id: 2, ...actor({ role: 'admin' }) };
    expect(userActionRefusal('editProfile', { owner: agent, actingAs: agent }, agent)).toBeNull();
    expect(userActionRefusal('editProfile', { owner: admin, actingAs: agent }, agent)).toBeNull();
  });
  it('remembers an email trimmed and in lower case, moved to the front when used again', () => {
    expect(rememberSwitch([], '  Ann@Example.TEST ')).toEqual(['ann@example.test']);
    expect(rememberSwitch(['b@x', 'a@x'], 'a@x')).toEqual(['a@x', 'b@x']);
  });
});

describe('profile', () => {
  const valid: ProfileInput = {
    firstName: 'Ann', lastName: 'Lee', phoneNumber: '5125550100', address1: '1 Main St', city: 'Austin', state: 'TX',
    zipcode: '78701', companyName: 'Ann Lee Agency',
  };

  it('a complete profile has no errors, with a formatted phone and a padded zip code', () => {
    expect(profileErrors(valid)).toEqual([]);
    expect(profileErrors({ ...valid, phoneNumber: '(512) 555-0100', zipcode: ' 78701 ' })).toEqual([]);
  });
  it('a required field of spaces is missing', () => {
    expect(profileErrors({ ...valid, city: '   ' })).toEqual([{ field: 'city', message: MSG.profileRequired }]);
  });
  it('names the field of a bad zip code, state or phone number', () => {
    expect(profileErrors({ ...valid, zipcode: '7870' })).toEqual([
      { field: 'zipcode', message: 'Zip code must be 5 digits, optionally followed by a dash and 4 digits' },
    ]);
    expect(profileErrors({ ...valid, state: 'XX' })).toEqual([{ field: 'state', message: 'Choose a state from the list' }]);
    expect(profileErrors({ ...valid, phoneNumber: '512555010' })).toEqual([
      { field: 'phoneNumber', message: 'Phone number needs 10 digits' },
    ]);
  });
  it('the company name default trims the names', () => {
    expect(defaultCompanyName(' Ann ', ' Lee ')).toBe('Ann Lee Agency');
    expect(defaultCompanyName('', '')).toBe('Agency');
  });
});
