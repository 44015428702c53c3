import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { listKeys } from '../../src/api/lists/keys';
import type { ListOrder } from '../../src/api/lists/list-list-orders';
import { listsQueryOptions, type LeadList } from '../../src/api/lists/list-lists';
import { emptyListOrder, LIST_DESIGNED_MSG as D, LIST_MSG as M, listOrderErrors, parseEmails } from '../../src/domain/lists';
import { chunks, readDncCsv, tenDigits } from '../../src/web/areas/lists/dnc-csv';
import { draftOf, emptyDraft, errorsByField, inputOfDraft, scheduleSummary, tempOrderOf, territorySummary } from '../../src/web/areas/lists/order-form';

describe('do-not-call files read in the browser', () => {
  it('normalises numbers to 10 digits, dropping a leading 1 of 11', () => {
    expect(tenDigits('(312) 555-0101')).toBe('3125550101');
    expect(tenDigits('1-312-555-0101')).toBe('3125550101');
    expect(tenDigits('+1 312 555 0101')).toBe('3125550101');
    expect(tenDigits('2312555010')).toBe('2312555010');
    expect(tenDigits('23125550101')).toBeNull();
    expect(tenDigits('555-0101')).toBeNull();
    expect(tenDigits('phone')).toBeNull();
  });

  it('takes the first column holding phone numbers, past a header, quotes and other columns; each number once', () => {
    const csv = [
      'id,name,phone,alt',
      '1,"Doe, Jane",312-555-0101,4155550100',
      '2,"Roe, ""Rick""",13125550102,',
      '3,Nobody,,',
      '4,Again,(312) 555-0101,',
      '',
    ].join('\r\n');
    expect(readDncCsv(csv)).toEqual({ numbers: ['3125550101', '3125550102'], skipped: 2, repeated: 1 });
    expect(readDncCsv('\uFEFF3125550101\n3125550102\n').numbers).toEqual(['3125550101', '3125550102']);
    expect(readDncCsv('name\nnone\n')).toEqual({ numbers: [], skipped: 2, repeated: 0 });
  });

  it('sends at most 20,000 numbers a call', () => {
    const numbers = Array.from({ length: 45_001 }, (_, i) => String(2_000_000_000 + i));
    expect(chunks(numbers, 20_000).map((c) => c.length)).toEqual([20_000, 20_000, 5_001]);
    expect(chunks([], 20_000)).toEqual([]);
  });
});

describe('the list-order form', () => {
  it('starts with every filter unrestricted and sends none of them', () => {
    const d = emptyDraft();
    expect(d.filters.map((f) => f.name)).toEqual(['ageRange', 'incomeRange', 'vertical', 'currentlyInsured', 'residenceStatus', 'creditRating']);
    expect(inputOfDraft(d, parseEmails).filters).toEqual([]);
  });

  it('sends only the chosen kind of territory and the typed emails (an invalid one kept, so the rule names it)', () => {
    const d = { ...emptyDraft(), name: ' Spring ', emailsText: 'a@x.test, bad, A@x.test' };
    d.territory = { ...d.territory, geoType: 'state', state: 'IL', regionalZip: '60614', counties: [{ fips: '17031', county: 'Cook', enabled: true }] };
    const input = inputOfDraft(d, parseEmails);
    expect(input.name).toBe('Spring');
    expect(input.territory).toMatchObject({ geoType: 'state', regionalZip: null, state: 'IL', counties: [{ fips: '17031' }] });
    expect(input.delivery.crms.emails).toEqual(['a@x.test', 'bad']);
    expect(listOrderErrors(input)).toEqual([{ field: 'delivery.crms.emails', message: D.emailInvalid }]);
    const zip = inputOfDraft({ ...d, territory: { ...d.territory, geoType: 'zip', regionalZip: ' 60614 ' } }, parseEmails);
    expect(zip.territory).toMatchObject({ regionalZip: '60614', state: null, counties: [] });
  });

  it('puts an error of the N-th filter sent under that filter, the others under their fields', () => {
    const d = draftOf({ ...emptyListOrder(), filters: [{ name: 'vertical', value: 'autoins' }, { name: 'ageRange', min: 60, max: 30 }] });
    const input = inputOfDraft({ ...d, name: '' }, parseEmails);
    expect(input.filters.map((f) => f.name)).toEqual(['ageRange', 'vertical']);
    const errors = errorsByField(listOrderErrors(input), input);
    expect(errors).toEqual({ name: M.missingName, 'filter.ageRange': D.filterRange, territory: M.zipOrState });
  });

  it('reads ?tempOrder= as a name and a quantity', () => {
    expect(tempOrderOf('?tempOrder=Spring%20list&tempOrder=250')).toEqual({ name: 'Spring list', quantity: 250 });
    expect(tempOrderOf('tempOrder=Only%20a%20name')).toEqual({ name: 'Only a name', quantity: null });
    expect(tempOrderOf('?other=1')).toBeNull();
  });

  it('summarises the territory and the schedule', () => {
    const o = emptyListOrder();
    expect(territorySummary({ territory: { ...o.territory, regionalZip: '60614' } })).toBe('20 mi around 60614');
    const counties = [{ fips: '17031', county: 'Cook', enabled: true }, { fips: '17043', county: 'DuPage', enabled: false }];
    expect(territorySummary({ territory: { ...o.territory, geoType: 'state', state: 'IL', counties } })).toBe('Illinois: 1 of 2 counties');
    expect(territorySummary({ territory: { ...o.territory, geoType: 'state', state: 'IL', counties: [] } })).toBe('Illinois: whole state');
    expect(scheduleSummary(o)).toEqual({ main: 'Not scheduled', detail: null });
    expect(scheduleSummary({ delivery: { ...o.delivery, startDate: '2026-06-01', nextRunDate: '2026-06-08', frequency: 7, quantity: 100, excludeWeekends: true } }))
      .toEqual({ main: 'Next Jun 8, 2026', detail: 'Every 7 days, 100 records, weekdays only' });
  });
});

describe("an order's lists and the order table", () => {
  const as = { userId: 5, adminId: null };
  const filter = { page: 1, pageSize: 10, companyId: null } as const;
  const list = (processedStatus: LeadList['processedStatus']) => ({ id: 70, orderId: 7, processedStatus }) as LeadList;
  const row = (processing: boolean, count: number) => ({ id: 7, lists: { processing, count } }) as ListOrder;
  const apiAnswering = (lists: LeadList[]) =>
    ({ GET: async () => ({ data: { results: lists }, response: new Response(null, { status: 200 }) }) }) as unknown as ApiClient;

  /** The table read `tableRow`; the lists then answer `lists`: is the table asked again? */
  async function tableRefetched(tableRow: ListOrder, lists: LeadList[]): Promise<boolean> {
    const queryClient = new QueryClient();
    queryClient.setQueryData(listKeys.orderPage(as, filter), { results: [tableRow], meta: { count: 1 } });
    await queryClient.fetchQuery(listsQueryOptions(apiAnswering(lists), as, 7, queryClient));
    return queryClient.getQueryState(listKeys.orderPage(as, filter))!.isInvalidated;
  }

  it('refetches the table when its row still shows a list processing that the first read of the lists finds ready', async () => {
    expect(await tableRefetched(row(true, 1), [list('ready')])).toBe(true);
  });

  it('refetches the table when a list appeared or started processing since it was read', async () => {
    expect(await tableRefetched(row(false, 0), [list('ready')])).toBe(true);
    expect(await tableRefetched(row(false, 1), [list('processing')])).toBe(true);
  });

  it('leaves the table alone when its row agrees with the lists', async () => {
    expect(await tableRefetched(row(true, 1), [list('processing')])).toBe(false);
    expect(await tableRefetched(row(false, 1), [list('ready')])).toBe(false);
  });
});
