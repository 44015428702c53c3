// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelConfig, DeliveryContext, DeliveryValue } from '../../src/domain/orders/delivery';
import { DELIVERY_DESIGNED_MSG as M, DELIVERY_MSG } from '../../src/domain/orders/delivery-messages';
import { DeliveryStep, type DeliveryStepProps } from '../../src/web/areas/orders/delivery/DeliveryStep';

const agent: DeliveryContext = { isAdmin: false, isCallCenter: false, features: [], package: { cldType: null, isLeadLake: false } };
type HostProps = Partial<DeliveryStepProps> & { initial: DeliveryValue; seen?: (v: DeliveryValue) => void };

function Host({ initial, seen, ...rest }: HostProps) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <DeliveryStep
        context={agent}
        isCall={false}
        ownEmail="me@agency.test"
        notify={() => {}}
        {...rest}
        value={value}
        onChange={(v) => {
          setValue(v);
          seen?.(v);
        }}
      />
    </MantineProvider>
  );
}

afterEach(cleanup);
const card = (type: string) => document.querySelector(`[data-channel="${type}"]`) as HTMLElement;

describe('DeliveryStep for lead orders', () => {
  it('offers the channels the user may add; an empty step says a channel is needed', () => {
    const onValidity = vi.fn();
    render(<Host initial={{ channels: [], destinationNumber: '' }} onValidityChange={onValidity} />);
    expect(screen.getByTestId('delivery-empty').textContent).toBe(M.channelsRequired);
    expect(onValidity).toHaveBeenLastCalledWith(false);
    for (const label of ['Email', 'LML', 'Leads360', 'Blitz', 'boberdoo', 'Drips Direct']) expect(screen.getByRole('button', { name: label })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Double Positive' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lead Lake' })).toBeNull();
  });

  it('call-center users get Double Positive; lead-lake admins on lead-lake packages get Lead Lake', () => {
    render(<Host initial={{ channels: [], destinationNumber: '' }} context={{ ...agent, isCallCenter: true, features: ['lead_lake_admin'], package: { cldType: null, isLeadLake: true } }} />);
    expect(screen.getByRole('button', { name: 'Double Positive' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lead Lake' })).toBeTruthy();
  });

  it('email: starts with the agent address; adds pasted lists without whitespace or duplicates, at most 10', () => {
    const seen = vi.fn();
    const onValidity = vi.fn();
    render(<Host initial={{ channels: [], destinationNumber: '' }} seen={seen} onValidityChange={onValidity} />);
    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(onValidity).toHaveBeenLastCalledWith(true);
    const input = within(card('email')).getByRole('textbox');
    fireEvent.change(input, { target: { value: ' a@x.test,  b@x.test ME@agency.test' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(seen.mock.lastCall![0].channels[0].emails).toEqual(['me@agency.test', 'a@x.test', 'b@x.test']);
    expect(screen.getByText(M.emailDuplicate)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('ME@agency.test');
    fireEvent.change(input, { target: { value: Array.from({ length: 9 }, (_, i) => `n${i}@x.test`).join(',') } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(seen.mock.lastCall![0].channels[0].emails).toHaveLength(10);
    expect(screen.getByText(M.emailsMax)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove a@x.test' }));
    expect(seen.mock.lastCall![0].channels[0].emails).toHaveLength(9);
  });

  it('a webhook form shows its errors once touched; the test lead goes out when it is valid', async () => {
    const onTestLead = vi.fn<(c: ChannelConfig) => Promise<unknown>>().mockResolvedValue({ message: 'test lead sent' });
    const notify = vi.fn();
    const onValidity = vi.fn();
    render(<Host initial={{ channels: [], destinationNumber: '' }} onTestLead={onTestLead} notify={notify} onValidityChange={onValidity} />);
    fireEvent.click(screen.getByRole('button', { name: 'Blitz' }));
    const blitz = within(card('blitz'));
    const send = blitz.getByRole('button', { name: 'Send test lead' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(onValidity).toHaveBeenLastCalledWith(false);
    const url = blitz.getByLabelText(/Post URL/);
    fireEvent.change(url, { target: { value: 'ftp://crm' } });
    fireEvent.blur(url);
    expect(blitz.getByText(M.urlInvalid)).toBeTruthy();
    fireEvent.change(url, { target: { value: ' https://crm.example.com/in ' } });
    fireEvent.change(blitz.getByLabelText(/Provider ID/), { target: { value: 'PRV-1' } });
    expect(onValidity).toHaveBeenLastCalledWith(true);
    expect(send.disabled).toBe(false);
    await act(async () => fireEvent.click(send));
    expect(onTestLead).toHaveBeenCalledWith({ type: 'blitz', postUrl: 'https://crm.example.com/in', blitz_ProviderId: 'PRV-1' });
    expect(notify).toHaveBeenCalledWith('success', DELIVERY_MSG.testLeadSent);
    onTestLead.mockRejectedValueOnce(new Error('The receiving server did not answer in time'));
    await act(async () => fireEvent.click(send));
    expect(notify).toHaveBeenLastCalledWith('error', 'The receiving server did not answer in time');
    fireEvent.click(blitz.getByRole('button', { name: 'Remove Blitz' }));
    expect(card('blitz')).toBeNull();
  });

  it('shows every error when told to, and the server errors under their fields', () => {
    render(
      <Host
        initial={{ channels: [{ type: 'hearsay', postUrl: '', organizationId: 'ok' }], destinationNumber: '' }}
        showAllErrors
        serverErrors={[{ field: 'distribution[0].organizationId', message: 'Unknown organization' }]}
      />,
    );
    expect(within(card('hearsay')).getByText(M.required)).toBeTruthy();
    expect(within(card('hearsay')).getByText('Unknown organization')).toBeTruthy();
  });
});

describe('DeliveryStep for call orders', () => {
  it('the destination number needs 10 digits; the test call tells the server message', async () => {
    const onTestCall = vi.fn().mockResolvedValue('Currently calling (312) 555-0100 please check your phone');
    const notify = vi.fn();
    const onValidity = vi.fn();
    render(<Host initial={{ channels: [], destinationNumber: '' }} isCall onTestCall={onTestCall} notify={notify} onValidityChange={onValidity} />);
    const input = screen.getByLabelText(/Destination number/);
    const call = screen.getByRole('button', { name: 'Test call' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '312 555 010' } });
    fireEvent.blur(input);
    expect(screen.getByText(M.destinationNumber)).toBeTruthy();
    expect(call.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '(312) 555-0100' } });
    expect(onValidity).toHaveBeenLastCalledWith(true);
    await act(async () => fireEvent.click(call));
    expect(onTestCall).toHaveBeenCalledWith('3125550100');
    expect(notify).toHaveBeenCalledWith('success', 'Currently calling (312) 555-0100 please check your phone');
    onTestCall.mockRejectedValueOnce(new Error('The test call could not be placed'));
    await act(async () => fireEvent.click(call));
    expect(notify).toHaveBeenLastCalledWith('error', 'The test call could not be placed');
  });
});
