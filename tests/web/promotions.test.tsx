// @vitest-environment happy-dom
/**
 * The campaign form with a client answered by hand: the spec's texts under the fields as the
 * user goes and on save, and the server's 400 field errors under the fields they name (a
 * refusal without a text as '{Field name} invalid').
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { ApiProvider } from '../../src/api/context';
import type { Promotion } from '../../src/api/promotions/list-promotions';
import { fieldInvalid, PROMO_FIELD_LABELS, PROMO_MSG } from '../../src/domain/promotions';
import { draftOf, inputOf, placeErrors } from '../../src/web/areas/promotions/campaign-form';
import { CampaignForm } from '../../src/web/areas/promotions/CampaignForm';
import { PromotionUsage } from '../../src/web/areas/promotions/PromotionUsage';
import type { PromotionDetail } from '../../src/api/promotions/get-promotion';
import { fillBrowserForMantine } from '../helpers/mantine-dom';

afterEach(cleanup);
beforeAll(fillBrowserForMantine);

const saved: Promotion = {
  id: 4, name: 'Spring push', description: 'Half of every sale in April', isActive: true, isArchived: false, priority: 10,
  startDate: '2026-04-01', endDate: '2026-04-30', enrollmentDeadlineDate: null, responsibleParty: 'marketplace',
  responsibleRegionId: null, responsibleVendorId: null, responsiblePartyName: 'Marketplace', burnRate: { type: 'percent', value: 0.5 },
  budgetCents: 500_000, budgetUsed: 1_250, agentCount: 3, participations: null, balanceUsed: 0,
};

const answer = (status: number, body: unknown) =>
  status < 400 ? { data: body, error: undefined, response: new Response(null, { status }) } : { data: undefined, error: body, response: new Response(null, { status }) };

/** A client with the regions and vendors, whose saves answer `save`; `sent` records the bodies. */
function client(save: { status: number; body: unknown }, sent: unknown[] = []) {
  const saving = async (_path: string, init: { body: unknown }) => {
    sent.push(init.body);
    return answer(save.status, save.body);
  };
  return { GET: async () => answer(200, { regions: [{ id: 1, name: 'Midwest' }], vendors: [] }), POST: saving, PATCH: saving } as unknown as ApiClient;
}

function mount(api: ApiClient, promotion: Promotion | null, may = { edit: true, enable: true }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api} userId={1} adminId={null}>
          <CampaignForm promotion={promotion} may={may} onSaved={() => {}} />
        </ApiProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The error text under a field, found by its input's test id. */
const errorOf = (testId: string) => {
  const input = screen.getByTestId(testId);
  const id = input.getAttribute('aria-describedby')?.split(' ').find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the campaign form', () => {
  it('shows the spec texts under the empty required fields on save, and sends nothing', async () => {
    const sent: unknown[] = [];
    mount(client({ status: 201, body: {} }, sent), null);
    fireEvent.click(screen.getByTestId('promotion-save'));
    const form = screen.getByTestId('promotion-form');
    for (const text of [PROMO_MSG.nameRequired, PROMO_MSG.descriptionRequired, PROMO_MSG.partyRequired, PROMO_MSG.burnRateRequired, PROMO_MSG.endDateRequired])
      expect(await within(form).findByText(text)).toBeTruthy();
    expect(errorOf('promotion-name')).toBe(PROMO_MSG.nameRequired);
    expect(sent).toEqual([]);
  });

  it('says a percent burn rate above 1 must be a decimal as soon as it is typed', async () => {
    mount(client({ status: 201, body: {} }), null);
    fireEvent.change(screen.getByTestId('promotion-burn-rate'), { target: { value: '25' } });
    await waitFor(() => expect(errorOf('promotion-burn-rate')).toBe(PROMO_MSG.burnRateDecimal));
    fireEvent.change(screen.getByTestId('promotion-burn-rate'), { target: { value: '0.25' } });
    await waitFor(() => expect(errorOf('promotion-burn-rate')).toBeUndefined());
  });

  it("puts the server's 400 field errors under their fields, one without a text as '{Field name} invalid'", async () => {
    const sent: unknown[] = [];
    const refusal = { error: 'Unable to save the promotion', errors: [{ field: 'name', message: PROMO_MSG.nameRequired }, { field: 'budgetCents', message: '' }] };
    mount(client({ status: 400, body: refusal }, sent), saved);
    fireEvent.click(screen.getByTestId('promotion-save'));
    await waitFor(() => expect(errorOf('promotion-name')).toBe(PROMO_MSG.nameRequired));
    expect(errorOf('promotion-budget')).toBe(fieldInvalid(PROMO_FIELD_LABELS.budgetCents));
    expect(sent).toEqual([expect.objectContaining({ name: 'Spring push', budgetCents: 500_000, burnRate: { type: 'percent', value: 0.5 }, isActive: true })]);
  });
});

describe('the campaign form without edit permission', () => {
  it('shows the promotion read-only, with no save for someone who may not turn it on or off either', () => {
    mount(client({ status: 200, body: {} }), saved, { edit: false, enable: false });
    expect(screen.getByTestId('promotion-name').hasAttribute('readonly')).toBe(true);
    expect((screen.getByTestId('promotion-active') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('promotion-save')).toBeNull();
  });
});

describe('the form draft', () => {
  it('reads a fixed burn rate and the budget in dollars and sends them in cents', () => {
    const draft = draftOf({ ...saved, burnRate: { type: 'fixed', value: 250 } });
    expect([draft.burnRate, draft.budget]).toEqual([2.5, 5000]);
    expect(inputOf({ ...draft, burnRate: 2.51, budget: 12.5 })).toMatchObject({ burnRate: { type: 'fixed', value: 251 }, budgetCents: 1250 });
  });

  it("places 'burnRate.value' under the burn rate and keeps fields the form lacks for a banner", () => {
    expect(placeErrors([{ field: 'burnRate.value', message: '' }, { field: 'agentIds', message: 'No' }])).toEqual({
      fields: { burnRate: fieldInvalid(PROMO_FIELD_LABELS.burnRate) }, others: ['No'],
    });
  });
});

describe("the promotion's usage", () => {
  const usage = { leftCents: 3_000, sales: 12, spentLastDaysCents: 7_000, dailyCents: 1_000, runsOutOn: '2026-04-04', runsOutBeforeEnd: true, endsInDays: 0, byAgent: [{ agentId: 9, name: 'Avery Agent', usedCents: 1_250, sales: 2 }] };

  it('says when the budget runs out at the last days\' pace, warns before the end date, and lists who used it', () => {
    render(<MantineProvider><PromotionUsage p={{ ...saved, usage } as PromotionDetail} /></MantineProvider>);
    expect(screen.getByTestId('promotion-forecast').textContent).toContain('At the pace of the last 7 days ($10.00 a day) the budget runs out on Apr 4, 2026');
    expect(screen.getByTestId('promotion-runs-out')).toBeTruthy();
    expect(screen.getByTestId('promotion-ends').textContent).toContain('Ends today');
    expect(screen.getByTestId('promotion-left').textContent).toBe('$30.00');
    expect(within(screen.getByTestId('promotion-by-agent')).getByText('Avery Agent')).toBeTruthy();
  });
});
