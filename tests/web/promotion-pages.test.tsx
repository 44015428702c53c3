// @vitest-environment happy-dom
/**
 * The promotion pages with a session and a client answered by hand: the campaigns table and
 * its empty state (with the create link only for who may open the create screen), and the
 * enrollment page's Remove, enabled only while the agent has used nothing.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ApiClient } from '../../src/api/client';
import { ApiProvider } from '../../src/api/context';
import type { PromotionAgent } from '../../src/api/promotions/list-promotion-agents';
import type { Promotion } from '../../src/api/promotions/list-promotions';
import { SessionContext } from '../../src/web/app/session';
import CampaignsPage from '../../src/web/areas/promotions/CampaignsPage';
import EnrollmentPage from '../../src/web/areas/promotions/EnrollmentPage';
import { fillBrowserForMantine } from '../helpers/mantine-dom';

afterEach(cleanup);
beforeAll(fillBrowserForMantine);

const promotion: Promotion = {
  id: 4, name: 'Spring push', description: 'Half of every sale in April', isActive: true, isArchived: false, priority: 10,
  startDate: '2026-04-01', endDate: '2026-04-30', enrollmentDeadlineDate: null, responsibleParty: 'vendor',
  responsibleRegionId: null, responsibleVendorId: 3, responsiblePartyName: 'Demo Vendor', burnRate: { type: 'percent', value: 0.5 },
  budgetCents: 500_000, budgetUsed: 125_000, agentCount: 2, participations: null, balanceUsed: 0,
};
const usage = { leftCents: 375_000, sales: 3, spentLastDaysCents: 0, dailyCents: 0, runsOutOn: null, runsOutBeforeEnd: false, endsInDays: null, byAgent: [] };
const agent = (agentId: number, balanceUsed: number): PromotionAgent => ({
  agentId, name: `Agent ${agentId}`, email: `a${agentId}@example.com`, companyName: 'Avery Agency', enabledDate: '2026-04-02T15:00:00Z', isActive: true, balanceUsed, sales: 1,
});

/** A client whose GETs answer by path. */
const client = (byPath: Record<string, unknown>) =>
  ({ GET: async (path: string) => ({ data: byPath[path], error: undefined, response: new Response(null, { status: 200 }) }) }) as unknown as ApiClient;

/** The session's snapshot as the pages read it (useSelector subscribes and reads a snapshot). */
const sessionOf = (user: { role: string; isSuperAdmin: boolean; features: string[] }) => {
  const snapshot = { context: { auth: { user: { id: 1, timezone: 'America/Chicago', ...user }, original: null } } };
  return { subscribe: () => ({ unsubscribe() {} }), getSnapshot: () => snapshot } as never;
};

function mount(page: ReactNode, at: string, route: string, api: ApiClient, user: Parameters<typeof sessionOf>[0]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={{ api, session: sessionOf(user) }}>
          <ApiProvider client={api} userId={1} adminId={null}>
            <Router hook={memoryLocation({ path: at }).hook}>
              <Route path={route}>{page}</Route>
            </Router>
          </ApiProvider>
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const admin = { role: 'admin', isSuperAdmin: true, features: [] };
const agentUser = { role: 'user', isSuperAdmin: false, features: [] };

describe('the campaigns page', () => {
  it('lists the promotions with their party, burn rate and budget used; each row links to its page', async () => {
    mount(<CampaignsPage />, '/promotions/campaigns', '/promotions/campaigns', client({ '/cost-shares': { results: [promotion] } }), agentUser);
    const row = await screen.findByTestId('promotion-row');
    expect(row.textContent).toContain('Demo Vendor');
    expect(row.textContent).toContain('50%');
    expect(row.textContent).toContain('$1,250.00 of $5,000.00');
    expect(within(row).getByRole('link', { name: 'Spring push' }).getAttribute('href')).toBe('/promotions/campaigns/4');
    expect(screen.queryByTestId('promotion-new')).toBeNull();
  });

  it('says there are none yet, with a link to create one for an admin only', async () => {
    const api = client({ '/cost-shares': { results: [] } });
    mount(<CampaignsPage />, '/promotions/campaigns', '/promotions/campaigns', api, admin);
    expect(within(await screen.findByTestId('promotions-empty')).getByRole('link').getAttribute('href')).toBe('/promotions/campaigns/create');
    cleanup();
    mount(<CampaignsPage />, '/promotions/campaigns', '/promotions/campaigns', api, { ...agentUser, features: ['cost-share.edit'] });
    expect(within(await screen.findByTestId('promotions-empty')).queryByRole('link')).toBeNull();
  });
});

describe('the enrollment page', () => {
  it('offers Remove only for an agent who has used none of the promotion', async () => {
    const api = client({ '/cost-shares/{promotionId}': { ...promotion, usage }, '/cost-shares/{promotionId}/agents': { results: [agent(7, 0), agent(8, 2_500)] } });
    mount(<EnrollmentPage />, '/promotions/campaignsEnrollment/4', '/promotions/campaignsEnrollment/:id', api, admin);
    const rows = await screen.findAllByTestId('enrolled-agent');
    const removable = rows.map((r) => !(within(r).getByTestId('agent-remove') as HTMLButtonElement).disabled);
    expect(removable).toEqual([true, false]);
    expect(screen.getByTestId('enroll-search')).toBeTruthy();
  });
});
