import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_DEFAULT_RANGE, amountError, BILLING_DESIGNED_MSG, BILLING_MSG, BILLING_TABS, BILLING_TYPES, billingTabs,
  billingText, brandName, cardChoiceLabel, cardMemo, cardName, CREDIT_MAX_CENTS, DEBIT_TYPES, eligibleRechargeCardIds, expiringText,
  EXPIRY_MONTHS, expiryState, expiryStateOn, expiryText, expiryYears, isExpiryMonth,
  latestEffectiveDate, luhnValid, maxCents, mayChooseBillingType, mayRemoveCard, priorityLabel, rechargeCardEligible, rechargeErrors,
  rechargeSavedText, type RechargeSetup, statementDefaultStart, STATEMENT_RANGE, transferErrors,
} from '../../src/domain/billing';
import { cardBrand, cardDigits, cvvValid, lastFourOf } from '../../src/domain/money';
import { PAGE_SIZES } from '../../src/domain/page-sizes';
import type { Actor, Role } from '../../src/domain/roles';
import { presetDays } from '../../src/domain/time/choices';
import { DATE_RANGE_MSG, dateRangeErrors } from '../../src/domain/time/range';

const who = (role: Role, isSuperAdmin = false): Actor => ({ role, isSuperAdmin });
const at = (iso: string) => new Date(iso);

describe('cards', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000-0000-0000-0002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242a24242424242')).toBe(false);
  });

  it('any single changed digit breaks a valid number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const n = '4242424242424242'.split('');
        n[pos] = String((Number(n[pos]) + delta) % 10);
        return !luhnValid(n.join(''));
      }),
    );
  });

  it('offers 10 expiry years from this one and months 1–12', () => {
    expect(expiryYears(2026)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035]);
    expect(EXPIRY_MONTHS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('reads the expiry state from the end of the expiry month', () => {
    const now = at('2026-11-21T12:00:00Z');
    expect(expiryState(10, 2026, now)).toBe('expired');
    expect(expiryState(11, 2026, now)).toBe('expiring');
    expect(expiryState(12, 2026, now)).toBe('good');
    expect(expiryState(11, 2025, now)).toBe('expired');
    // the end of the month itself is no longer valid
    expect(expiryState(11, 2026, at('2026-12-01T00:00:00Z'))).toBe('expired');
    expect(expiryState(11, 2026, at('2026-11-30T23:59:59Z'))).toBe('expiring');
    expect(expiringText(11, 2026)).toBe('Card will expire 11/2026');
  });

  it('reads the expiry state on the user\'s day: the whole last day of the month is still valid', () => {
    expect(expiryStateOn(11, 2026, '2026-11-30')).toBe('expiring');
    expect(expiryStateOn(11, 2026, '2026-12-01')).toBe('expired');
    expect(expiryStateOn(11, 2026, '2026-11-01')).toBe('expiring');
    expect(expiryStateOn(11, 2026, '2026-10-31')).toBe('good');
  });

  it('reads the digits, the last four, the brand and the CVV length of a typed number', () => {
    expect(cardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(lastFourOf('5555 5555 5555 4444')).toBe('4444');
    expect(['4242', '378282', '6011', '5555', '2221', '9999'].map(cardBrand)).toEqual(['visa', 'amex', 'discover', 'mastercard', 'mastercard', 'unknown']);
    expect([cvvValid('123', 'visa'), cvvValid('1234', 'visa'), cvvValid('1234', 'amex'), cvvValid('123', 'amex'), cvvValid('12a', 'visa')]).toEqual([
      true, false, true, false, false,
    ]);
  });

  it('accepts expiry months 1 to 12 only', () => {
    expect([0, 1, 12, 13, 1.5].map(isExpiryMonth)).toEqual([false, true, true, false, false]);
  });

  it('names a card one way on screens, in lists, in memos', () => {
    const card = { brand: 'visa', lastFour: '4242', expirationMonth: 1, expirationYear: 2030 };
    expect(brandName('mastercard')).toBe('Mastercard');
    expect(cardName(card)).toBe('Visa •••• 4242');
    expect(cardChoiceLabel(card)).toBe('Visa •••• 4242 (expires 1/2030)');
    expect(cardMemo(card)).toBe('Visa ending 4242');
    expect(expiryText(12, 2031)).toBe('12/2031');
  });

  it('labels billing priorities', () => {
    expect([1, 2, 3, 4, 5, 11, 12, 13, 21, 22, 23].map(priorityLabel)).toEqual([
      'Primary billing card', 'Backup billing card', '3rd backup card', '4th backup card', '5th backup card',
      '11th backup card', '12th backup card', '13th backup card', '21st backup card', '22nd backup card', '23rd backup card',
    ]);
  });

  it('lets a card go unless it is the only auto-billing one and the remover is not a super admin', () => {
    const a = { id: 1, autoBillingEligible: true };
    const b = { id: 2, autoBillingEligible: false };
    const c = { id: 3, autoBillingEligible: true };
    expect(mayRemoveCard(b, [a, b], who('user'))).toBe(true);
    expect(mayRemoveCard(a, [a, b], who('user'))).toBe(false);
    expect(mayRemoveCard(a, [a, b], who('admin'))).toBe(false);
    expect(mayRemoveCard(a, [a, b], who('admin', true))).toBe(true);
    expect(mayRemoveCard(a, [a, b, c], who('user'))).toBe(true);
  });
});

describe('amounts', () => {
  it('caps credit at $50, $100,000 for a super admin, other charges at $100,000', () => {
    expect(CREDIT_MAX_CENTS).toBe(5000);
    expect(maxCents('credit', who('admin'))).toBe(5000);
    expect(maxCents('credit', who('admin', true))).toBe(10_000_000);
    expect(maxCents('debit', who('admin'))).toBe(10_000_000);
    expect(amountError(5000, 'credit', who('admin'))).toBeNull();
    expect(amountError(5001, 'credit', who('admin'))).toBe('The most you may enter here is $50.00');
    expect(maxCents('courtesy-credit', who('admin'))).toBe(5000);
    expect(amountError(6000, 'courtesy-credit', who('admin'))).toBe('The most you may enter here is $50.00');
    expect(maxCents('courtesy-credit', who('admin', true))).toBe(10_000_000);
    expect(maxCents('courtesy-debit', who('admin'))).toBe(10_000_000);
    expect(amountError(0, 'debit', who('admin'))).not.toBeNull();
    expect(amountError(10_000_001, 'debit', who('admin', true))).not.toBeNull();
    expect(DEBIT_TYPES).toEqual([
      { value: 'cancellation_credit', label: 'Cancellation Credit' },
      { value: 'refund', label: 'Refund' },
    ]);
  });

  it('fills the texts of section 8 with amounts', () => {
    expect(billingText(BILLING_MSG.deposited, { X: '25.00', B: '1,025.00' })).toBe('Successfully deposited $25.00. New balance: $1,025.00');
    expect(billingText(BILLING_MSG.debitFailed, { X: '3.00' })).toBe('Unable to debit account $3.00');
    expect(rechargeSavedText({ type: 'ct', chargeCents: 25000, thresholdCents: 5000 })).toBe(
      'Successfully updated recharge to $250.00 and withdrawal threshold to $50.00',
    );
    expect(rechargeSavedText({ type: 'subscription', chargeCents: 9900, thresholdCents: 0 })).toBe(
      'Successfully updated payment subscription to $99.00 monthly',
    );
  });
});

describe('recharge', () => {
  const ok: RechargeSetup = { type: 'ct', chargeCents: 25000, thresholdCents: 5000, effectiveDate: '2026-11-21', cardIds: [1] };
  it('accepts a setup up to one month ahead with a card', () => {
    expect(rechargeErrors(ok, '2026-11-21', [1])).toEqual([]);
    expect(rechargeErrors({ ...ok, effectiveDate: '2026-12-21' }, '2026-11-21', [1, 2])).toEqual([]);
    expect(latestEffectiveDate('2027-01-31')).toBe('2027-02-28');
  });
  it('refuses each broken field by name', () => {
    const fields = (s: Partial<typeof ok>) => rechargeErrors({ ...ok, ...s }, '2026-11-21', [1]).map((e) => e.field);
    expect(fields({ effectiveDate: '2026-12-22' })).toEqual(['effectiveDate']);
    expect(fields({ effectiveDate: '2026-11-20' })).toEqual(['effectiveDate']);
    expect(fields({ cardIds: [] })).toEqual(['ctCards']);
    expect(fields({ chargeCents: 0 })).toEqual(['chargeAmount']);
    expect(fields({ thresholdCents: 25000 })).toEqual(['withdrawalThreshold']);
    expect(fields({ type: 'subscription', thresholdCents: 25000 })).toEqual([]);
    expect(fields({ cardIds: [1, 2] })).toEqual(['ctCards']);
  });
  it('takes only cards eligible for auto billing and not expired on the user\'s day', () => {
    const card = (id: number, autoBillingEligible: boolean, expirationMonth: number) => ({ id, autoBillingEligible, expirationMonth, expirationYear: 2026 });
    const cards = [card(1, true, 11), card(2, false, 12), card(3, true, 10), card(4, true, 12)];
    expect(eligibleRechargeCardIds(cards, '2026-11-30')).toEqual([1, 4]);
    expect(eligibleRechargeCardIds(cards, '2026-12-01')).toEqual([4]);
    expect(rechargeCardEligible(card(5, false, 12), '2026-01-01')).toBe(false);
    expect(rechargeErrors({ ...ok, effectiveDate: '2026-11-30', cardIds: [1, 2] }, '2026-11-30', [1, 4])).toEqual([
      { field: 'ctCards', message: BILLING_DESIGNED_MSG.rechargeCardIneligible },
    ]);
  });
  it('names the plans and lets only a super admin choose', () => {
    expect(BILLING_TYPES).toEqual([
      { value: 'ct', label: 'Continuous Billing' },
      { value: 'subscription', label: 'Monthly billing subscription' },
    ]);
    expect(mayChooseBillingType(who('admin', true))).toBe(true);
    expect(mayChooseBillingType(who('admin'))).toBe(false);
    expect(mayChooseBillingType(who('user'))).toBe(false);
  });
});

describe('transfer', () => {
  it('needs a company above 0 other than the current one and an amount above 0', () => {
    expect(transferErrors({ toCompanyId: 2, fromCompanyId: 1, amountCents: 1 })).toEqual([]);
    expect(transferErrors({ toCompanyId: 0, fromCompanyId: 1, amountCents: 1 }).map((e) => e.field)).toEqual(['toCompanyId']);
    expect(transferErrors({ toCompanyId: 1, fromCompanyId: 1, amountCents: 1 }).map((e) => e.field)).toEqual(['toCompanyId']);
    expect(transferErrors({ toCompanyId: 2, fromCompanyId: 1, amountCents: 0 }).map((e) => e.field)).toEqual(['amount']);
  });
});

describe('dates', () => {
  it('defaults the activity to this month and the statement to 3 months back, not before 2 years', () => {
    expect(presetDays(ACTIVITY_DEFAULT_RANGE, '2026-11-21')).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    expect(statementDefaultStart('2026-05-31')).toBe('2026-02-28');
    expect(dateRangeErrors({ from: '2022-02-28', to: '2022-03-01' }, STATEMENT_RANGE, '2024-02-29')).toEqual([]);
    expect(dateRangeErrors({ from: '2022-02-27', to: '2022-03-01' }, STATEMENT_RANGE, '2024-02-29').map((e) => e.field)).toEqual(['dateFrom']);
    const statement = (from: string, to: string) => dateRangeErrors({ from, to }, STATEMENT_RANGE, '2026-11-21');
    expect(statement('2024-11-21', '2026-11-21')).toEqual([]);
    expect(statement('2024-11-20', '2026-11-21')).toEqual([{ field: 'dateFrom', message: 'The start date may be at most 2 years back' }]);
    expect(statement('2026-11-21', '2026-11-20')).toEqual([{ field: 'dateFrom', message: DATE_RANGE_MSG.startAfterEnd }]);
    expect(statement('2026-11-01', '2026-11-22')).toEqual([{ field: 'dateTo', message: DATE_RANGE_MSG.endAfterToday }]);
    expect(PAGE_SIZES).toEqual([10, 30, 50, 100]);
  });
});

describe('billing tabs', () => {
  const ids = (u: Actor, o: Actor | null = null) => billingTabs(u, o).map((t) => t.id);
  const base = ['activity', 'new-card', 'deposit', 'cards', 'recharge', 'billing-statement'];
  const admin = ['debit', 'courtesy-credit', 'transfer-funds', 'cancel-exhausting'];
  it('gives billing users the six tabs and admins four more, from the original user', () => {
    expect(ids(who('user'))).toEqual(base);
    expect(ids(who('admin'))).toEqual([...base, ...admin]);
    expect(ids(who('user'), who('admin'))).toEqual([...base, ...admin]);
    expect(ids(who('admin', true))).toEqual([...base, ...admin]);
  });
  it('hides billing from vendor, corporate and regional', () => {
    for (const r of ['vendor', 'corporate', 'regional'] as const) expect(ids(who(r))).toEqual([]);
  });
  it('puts the FAQ beside cards and recharge', () => {
    expect(BILLING_TABS.filter((t) => t.faq).map((t) => t.id)).toEqual(['cards', 'recharge']);
  });
});
