// @vitest-environment happy-dom
/**
 * The return modal on the agent's side, with a client answered by hand: whether a denial
 * may be disputed is the server's answer (`disputeRefusal`, the domain's rule at the
 * server's time), never the browser's own reckoning with its own clock.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { ApiProvider } from '../../src/api/context';
import type { LeadReturnDetail } from '../../src/api/returns/get-lead-return';
import { RETURN_DESIGNED_MSG } from '../../src/domain/returns';
import { LeadReturnModal } from '../../src/web/ui/returns/LeadReturnModal';
import { mantineInDom } from '../helpers/mantine-dom';

afterEach(cleanup);
beforeAll(mantineInDom);

/** Denied yesterday by this browser's clock: its own reckoning would let the agent dispute. */
const yesterday = new Date(Date.now() - 24 * 3_600_000).toISOString();
const denial = (disputeRefusal: string | null): LeadReturnDetail => ({
  return: {
    leadId: 7, insertDate: yesterday, vertical: 'autoins', product: 'leads', firstName: 'Dana', lastName: 'Lee', state: 'TX', price: 2500,
    companyName: 'Avery Agent Agency', agentName: 'Avery Agent', vendorName: 'Demo Vendor', returnStatus: 'return_denied',
    returnReason: 'wrong_number', denyReason: 'contact_verified', denyDisputeReason: null, requestedAt: yesterday, respondedAt: yesterday,
    disputedAt: null,
  },
  refusal: null,
  disputeRefusal,
  reasons: ['wrong_number'],
  events: [],
});

const answer = (status: number, body: unknown) =>
  status < 400 ? { data: body, error: undefined, response: new Response(null, { status }) } : { data: undefined, error: body, response: new Response(null, { status }) };

/** A client whose GET answers `detail` and whose dispute answers `dispute`. */
const client = (detail: LeadReturnDetail, dispute: { status: number; body: unknown }) =>
  ({
    GET: async () => answer(200, detail),
    POST: async () => answer(dispute.status, dispute.body),
  }) as unknown as ApiClient;

function mount(api: ApiClient) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api} userId={1} adminId={null}>
          <LeadReturnModal leadId={7} side="agent" timeZone="America/New_York" onChanged={() => {}} onClose={() => {}} />
        </ApiProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('disputing a denial in the return modal', () => {
  it('shows the server\'s reason before the agent tries, and offers no dispute, whatever the browser\'s clock says', async () => {
    mount(client(denial(RETURN_DESIGNED_MSG.disputeWindowClosed), { status: 500, body: {} }));
    expect((await screen.findByTestId('return-notice')).textContent).toBe(RETURN_DESIGNED_MSG.disputeWindowClosed);
    expect(screen.queryByTestId('return-dispute')).toBeNull();
  });

  it('offers the dispute the server allows, and shows the server\'s refusal when it refuses it after all', async () => {
    mount(client(denial(null), { status: 422, body: { error: RETURN_DESIGNED_MSG.disputeWindowClosed } }));
    fireEvent.click(await screen.findByTestId('return-dispute'));
    await waitFor(() => expect(screen.getByTestId('return-banner').textContent).toBe(RETURN_DESIGNED_MSG.disputeWindowClosed));
    expect(screen.queryByTestId('return-notice')).toBeNull();
  });
});
