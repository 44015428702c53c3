import { describe, expect, it } from 'vitest';
import { CLD_LIST_PATH, CLD_MSG, mayOpenCld } from '../../src/domain/cld/access';
import { ALLOCATION_LABEL, allocationLabel, paidFrom } from '../../src/domain/cld/allocation';
import { landingScreen } from '../../src/domain/default-screen';
import { ROLES, type Actor, type Role } from '../../src/domain/roles';
import { mayOpen, screenAt } from '../../src/domain/screens';

const who = (role: Role, features: string[] = [], isSuperAdmin = false): Actor => ({ role, isSuperAdmin, tosConsent: true, features });

/** Documents 002 sections 4 and 6: the CLD list's access rule and the allocation label. */
describe('mayOpenCld', () => {
  it('an admin always; a user or regional manager with cld or cld_growth', () => {
    expect(mayOpenCld(who('admin'))).toBe(true);
    expect(mayOpenCld(who('admin', [], true))).toBe(true);
    for (const role of ['user', 'regional'] as const) {
      expect(mayOpenCld(who(role, ['cld']))).toBe(true);
      expect(mayOpenCld(who(role, ['cld_growth']))).toBe(true);
      expect(mayOpenCld(who(role))).toBe(false);
      expect(mayOpenCld(who(role, ['lead-lists']))).toBe(false);
    }
  });

  it('other roles never, whatever their flags', () => {
    for (const role of ['corporate', 'vendor', 'sales', 'accounting', 'provisional_user'] as const) expect(mayOpenCld(who(role, ['cld', 'cld_growth']))).toBe(false);
  });

  it('an admin switched into a user sees it as that user', () => {
    expect(mayOpenCld(who('user'), who('admin'))).toBe(false);
    expect(mayOpenCld(who('user', ['cld_growth']), who('admin'))).toBe(true);
  });

  it('is the rule the router applies to /cld/list, for every role and flag', () => {
    const screen = screenAt(CLD_LIST_PATH)!;
    expect(screen.later).toBeUndefined();
    for (const role of ROLES)
      for (const features of [[], ['cld'], ['cld_growth'], ['premium_orders']])
        for (const original of [null, who('admin')]) expect(mayOpen(screen, who(role, features), original)).toBe(mayOpenCld(who(role, features), original));
  });

  it('a refused user is told so and sent to the order list', () => {
    expect(screenAt(CLD_LIST_PATH)!.refusal).toEqual({ message: 'You do not have access to CLD at this time', to: '/orders/list' });
    expect(CLD_MSG.noAccess).toBe('You do not have access to CLD at this time');
  });

  it('signing in for the CLD list lands there, where the rule tells a user without access; other roles go home', () => {
    expect(landingScreen(who('user', ['cld']), CLD_LIST_PATH)).toBe(CLD_LIST_PATH);
    expect(landingScreen(who('user'), CLD_LIST_PATH)).toBe(CLD_LIST_PATH);
    expect(landingScreen(who('vendor'), CLD_LIST_PATH)).toBe('/return-management');
    expect(landingScreen(who('user'), '/admin/jobs')).toBe('/dashboard');
  });
});

describe('allocationLabel', () => {
  it('CLD Growth Program with cld_growth and no growth funds; otherwise Balance', () => {
    expect(allocationLabel({ features: ['cld_growth'] }, 0)).toBe('CLD Growth Program');
    expect(allocationLabel({ features: ['cld_growth'] }, 50_000)).toBe('Balance');
    expect(allocationLabel({ features: ['cld'] }, 0)).toBe('Balance');
    expect(allocationLabel({ features: [] }, 0)).toBe(ALLOCATION_LABEL.balance);
    expect(allocationLabel({}, 0)).toBe('Balance');
  });

  it('the row says where an order is paid from', () => {
    expect(paidFrom(ALLOCATION_LABEL.growthProgram)).toBe('Paid from: CLD Growth Program');
  });
});
