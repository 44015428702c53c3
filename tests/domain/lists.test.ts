import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cloneListOrder, emptyListOrder, firstRun, LIST, LIST_DESIGNED_MSG, LIST_MSG, listOrderErrors, nextRunAfter, normalizeFilters, parseEmails,
  quantityMustBeBelow, recordPriceCents, setNextRunDate, type ListOrderInput,
} from '../../src/domain/lists';
import { addDays, weekdayOf } from '../../src/domain/time/days';

/** The lead-list rules of document 001 sections 4, 5 and 9, and the ones designed beside them (docs/areas/lists.md). */
const order = (over: Partial<ListOrderInput> = {}): ListOrderInput => ({
  ...emptyListOrder(), name: 'Aged', territory: { ...emptyListOrder().territory, geoType: 'state', state: 'TX' }, ...over,
});
const messages = (o: ListOrderInput) => listOrderErrors(o).map((e) => e.message);

describe('listOrderErrors', () => {
  it('accepts a named order with a state or a regional ZIP (ZIP+4 too)', () => {
    expect(listOrderErrors(order())).toEqual([]);
    const zip = { geoType: 'zip' as const, regionalZip: '78701-1234', regionalRadius: 20, state: null, counties: [] };
    expect(listOrderErrors(order({ territory: zip }))).toEqual([]);
  });

  it('says the specification\'s texts', () => {
    expect(messages(order({ name: ' ' }))).toContain(LIST_MSG.missingName);
    expect(messages(order({ territory: emptyListOrder().territory }))).toContain(LIST_MSG.zipOrState);
    expect(messages(order({ quantity: 1000 }))).toContain(LIST_MSG.callableMax);
    expect(messages(order({ quantity: 999 }))).toEqual([]);
    const open = { callableOnly: false, doNotCall: true, existingCustomer: false };
    expect(messages(order({ quantity: 10_000, scrubbing: open }))).toEqual([]);
    expect(messages(order({ quantity: 10_001, scrubbing: open }))).toContain(quantityMustBeBelow(10_000));
    const d = emptyListOrder().delivery;
    expect(messages(order({ delivery: { ...d, startDate: '2026-12-01', quantity: 10 } }))).toContain(LIST_MSG.missingFrequency);
    expect(messages(order({ delivery: { ...d, startDate: '2026-12-01', frequency: 7 } }))).toContain(LIST_MSG.quantityInvalid);
    // Without a start date the schedule's fields are not required.
    expect(messages(order({ delivery: { ...d, frequency: null, quantity: null } }))).toEqual([]);
  });

  it('keeps the radius within 1 and 50 miles, and the do-not-call scrub on', () => {
    const zip = (r: number) => order({ territory: { geoType: 'zip', regionalZip: '78701', regionalRadius: r, state: null, counties: [] } });
    expect(messages(zip(1))).toEqual([]);
    expect(messages(zip(50))).toEqual([]);
    expect(messages(zip(0))).toContain(LIST_DESIGNED_MSG.radiusRange);
    expect(messages(zip(51))).toContain(LIST_DESIGNED_MSG.radiusRange);
    expect(messages(order({ scrubbing: { callableOnly: true, doNotCall: false, existingCustomer: false } }))).toContain(LIST_DESIGNED_MSG.dncAlwaysOn);
  });
});

describe('the form\'s helpers', () => {
  it('a next run date fills quantity 100 and frequency 7 when empty; reset clears all three', () => {
    const d = setNextRunDate(emptyListOrder().delivery, '2026-12-07');
    expect(d).toMatchObject({ nextRunDate: '2026-12-07', quantity: LIST.defaultQuantity, frequency: LIST.defaultFrequency });
    expect(setNextRunDate({ ...d, quantity: 40 }, '2026-12-08').quantity).toBe(40);
    expect(setNextRunDate(d, null)).toMatchObject({ nextRunDate: null, quantity: null, frequency: null });
  });

  it('clone prefixes the name; emails are split, checked and deduplicated', () => {
    expect(cloneListOrder(order()).name).toBe('CLONE: Aged');
    expect(parseEmails(' a@b.test, A@b.test ,bad, c@d.test,')).toEqual({ emails: ['a@b.test', 'c@d.test'], invalid: ['bad'] });
  });

  it('drops unrestricted filters and keeps the last of a name', () => {
    expect(normalizeFilters([
      { name: 'vertical', value: 'any' }, { name: 'ageRange', min: null, max: null }, { name: 'incomeRange', min: 20_000, max: null },
      { name: 'creditRating', value: 'Good' }, { name: 'creditRating', value: 'Poor' },
    ])).toEqual([{ name: 'incomeRange', min: 20_000, max: null }, { name: 'creditRating', value: 'Poor' }]);
  });

  it('a record costs less the older its lead', () => {
    expect([30, 90, 91, 180, 181, 395].map(recordPriceCents)).toEqual([50, 50, 30, 30, 15, 15]);
  });
});

describe('the schedule', () => {
  const day = fc.integer({ min: 0, max: 3650 }).map((n) => addDays('2024-01-01', n));
  it('the next run is at least the frequency later, and never on a weekend when weekends are excluded', () => {
    fc.assert(fc.property(day, fc.integer({ min: 1, max: LIST.maxFrequency }), fc.boolean(), (from, freq, noWeekends) => {
      const next = nextRunAfter(from, freq, noWeekends);
      expect(next >= addDays(from, freq)).toBe(true);
      expect(next <= addDays(from, freq + 2)).toBe(true);
      if (noWeekends) expect([0, 6]).not.toContain(weekdayOf(next));
      else expect(next).toBe(addDays(from, freq));
    }));
  });

  it('the first run is the next run date, else the start date, moved off a weekend when asked', () => {
    expect(firstRun('2026-12-05', null, true)).toBe('2026-12-07');
    expect(firstRun('2026-12-05', null, false)).toBe('2026-12-05');
    expect(firstRun('2026-12-01', '2026-12-03', true)).toBe('2026-12-03');
  });
});
