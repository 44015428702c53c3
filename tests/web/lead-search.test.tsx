// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEADS_DESIGNED_MSG } from '../../src/domain/leads/messages';
import { CustomSearchPanel } from '../../src/web/areas/leads/CustomSearchPanel';
import { addressOf, countParams, queryOfAddress } from '../../src/web/areas/leads/url';
import { JornayaModal } from '../../src/web/ui/JornayaModal';
import { JornayaToken } from '../../src/web/areas/leads/JornayaToken';

afterEach(cleanup);
const TODAY = '2026-03-18';

describe('the custom-search side panel', () => {
  it('refuses a blank value, then applies the trimmed value as an equals filter', () => {
    const onApply = vi.fn();
    const onClose = vi.fn();
    render(<MantineProvider><CustomSearchPanel opened onClose={onClose} current={null} onApply={onApply} /></MantineProvider>);
    fireEvent.change(screen.getByTestId('custom-value'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('custom-apply'));
    expect(screen.getByText(LEADS_DESIGNED_MSG.customBlank)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('custom-value'), { target: { value: '  Smith  ' } });
    fireEvent.click(screen.getByTestId('custom-apply'));
    expect(onApply).toHaveBeenCalledWith({ field: 'lastName', value: 'Smith' });
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the Jornaya modal', () => {
  it('shows the lead\'s token, or says there is none', () => {
    const { unmount } = render(<MantineProvider><JornayaModal opened onClose={() => {}}><JornayaToken token="0A1B2C3D-0000-1111-2222-333344445555" audit="verified" /></JornayaModal></MantineProvider>);
    expect(screen.getByTestId('jornaya-token').textContent).toBe('0A1B2C3D-0000-1111-2222-333344445555');
    unmount();
    render(<MantineProvider><JornayaModal opened onClose={() => {}}><JornayaToken token={null} /></JornayaModal></MantineProvider>);
    expect(screen.getByTestId('jornaya-none')).toBeTruthy();
  });
});

describe('the address of a search', () => {
  it('is deep-linkable: /leads?dateFrom&dateTo&vertical&state&allstate round-trips, and counts leave the tab and paging out', () => {
    const parsed = queryOfAddress('quoted', '?dateFrom=2026-03-01&dateTo=2026-03-10&vertical=homeins&state=TX&allstate=true&page=2', TODAY);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(addressOf(parsed.query, TODAY)).toBe('/leads/quoted?dateFrom=2026-03-01&dateTo=2026-03-10&states=TX&vertical=homeins&allstate=true&page=2');
    expect(countParams(parsed.query, TODAY)).toEqual({ dateFrom: '2026-03-01', dateTo: '2026-03-10', states: 'TX', vertical: 'homeins' });
  });
});
