// @vitest-environment happy-dom
/**
 * The order list's pieces the CLD list adds (documents 001 section 8 and 002): a paused
 * growth order's activate control is disabled and says why (the server's refusal), a CLD
 * order says which funds it spends, and the CLD list's top shows the growth funds.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionMachine } from '../../machines/session.machine';
import type { BillingCompany } from '../../src/api/billing/get-billing-company';
import type { ApiClient } from '../../src/api/client';
import { ApiProvider } from '../../src/api/context';
import type { OrderListRow } from '../../src/api/orders/list-orders';
import { CLD_TEXT } from '../../src/domain/cld/access';
import { ALLOCATION_LABEL, allocationLabel, paidFrom } from '../../src/domain/cld/allocation';
import { ORDER_STATUS_MSG } from '../../src/domain/orders/status';
import { SessionContext } from '../../src/web/app/session';
import { CldFunds } from '../../src/web/areas/orders/cld/CldFunds';
import { OrderItem } from '../../src/web/areas/orders/list/OrderItem';
import { fillBrowserForMantine } from '../helpers/mantine-dom';

afterEach(cleanup);
beforeAll(fillBrowserForMantine);

const row = (over: Partial<OrderListRow> = {}): OrderListRow => ({
  kind: 'order', id: 41, name: 'Dallas Auto Growth Leads', status: 'inactive', activateDate: null, pauseReason: null, vertical: 'autoins', product: 'leads',
  packageId: 3, packageName: 'Auto Growth Leads', companyId: 1, companyName: 'Avery Agent Agency', userName: 'Avery Agent', groupId: null, groupName: null,
  customPriced: false, growth: true, cld: true, cloneRefusal: null, activationRefusal: null, createdAt: '2026-11-01T12:00:00.000Z', ...over,
});

/** The row with a client that counts its calls (a disabled control must send none). */
function mount(r: OrderListRow, paid?: string) {
  const calls: string[] = [];
  const api = new Proxy({}, { get: (_, method: string) => async (path: string) => { calls.push(`${method} ${path}`); return { data: { orders: [] }, response: new Response(null, { status: 200 }) }; } }) as unknown as ApiClient;
  const session = createActor(sessionMachine, { input: { token: null, recentSwitches: [], switchedTo: null, ssoKey: null } }).start();
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiProvider client={api} userId={1} adminId={null}>
          <SessionContext.Provider value={{ api, session }}>
            <OrderItem row={r} asTable={false} narrow={false} maxDays={7} fill={undefined} onAction={() => {}} onRename={() => {}} paidFrom={paid} />
          </SessionContext.Provider>
        </ApiProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

describe('the activate control of a paused growth order', () => {
  it('is disabled with the promotional-funds text as its tooltip, and activates nothing', async () => {
    const calls = mount(row({ activationRefusal: ORDER_STATUS_MSG.promoDepositRequired }));
    const activate = screen.getByRole('button', { name: 'Activate' });
    expect(activate.getAttribute('data-disabled')).not.toBeNull();
    fireEvent.click(activate);
    fireEvent.mouseEnter(activate);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('A promotional deposit is required to activate this order'));
    expect(calls.filter((c) => c.includes('activate'))).toEqual([]);
  });

  it('says the funds are depleted when the server says so', async () => {
    mount(row({ activationRefusal: ORDER_STATUS_MSG.promoDepleted }));
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Your promotional funds are depleted'));
  });

  it('is an ordinary button without a refusal', () => {
    mount(row({ growth: false, cld: false }));
    expect(screen.getByRole('button', { name: 'Activate' }).getAttribute('data-disabled')).toBeNull();
  });
});

describe('which funds a CLD order spends', () => {
  it('a CLD order shows "Paid from" with the allocation label; an ordinary one does not', () => {
    const label = paidFrom(allocationLabel({ features: ['cld_growth'] }, 0));
    mount(row(), label);
    expect(screen.getByTestId('paid-from').textContent).toBe('Paid from: CLD Growth Program');
    cleanup();
    mount(row({ cld: false, growth: false }), paidFrom(ALLOCATION_LABEL.balance));
    expect(screen.queryByTestId('paid-from')).toBeNull();
  });
});

describe('the CLD list\'s funds', () => {
  const company: BillingCompany = {
    id: 1, name: 'Lone Star Insurance Group', balance: 125_000, growthFunds: 50_000, billingType: null, withdrawalAmount: 0, withdrawalThreshold: 0,
    effectiveDate: null, nextPayment: null, creditCards: [],
  };
  const show = (c: BillingCompany | undefined) => render(<MantineProvider><CldFunds company={c} loading={false} /></MantineProvider>);

  it('shows the company\'s growth funds and balance', () => {
    show(company);
    expect(screen.getByTestId('cld-growth-funds').textContent).toBe('$500.00');
    expect(screen.getByTestId('cld-balance').textContent).toBe('$1,250.00');
    expect(screen.getByText('Lone Star Insurance Group')).toBeTruthy();
  });

  it('says why no figures show for a list across companies', () => {
    show(undefined);
    expect(screen.getByText(CLD_TEXT.allCompanies)).toBeTruthy();
  });
});
