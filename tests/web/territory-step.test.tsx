// @vitest-environment happy-dom
/**
 * The territory step's body, rendered in a DOM with a client answered by the server's own
 * geo service (the real ZIP data, no HTTP). The map is replaced by a probe that shows what
 * it was given; the map itself is driven in Chromium.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import { ApiProvider } from '../../src/api/context';
import { TERRITORY } from '../../src/domain/geo/constants';
import { GEO_MSG, zipLookupFailed } from '../../src/domain/geo/messages';
import { chooseState, emptyTerritory, type Territory, type TerritoryIssue } from '../../src/domain/orders/territory';
import { countiesOf, zipsExist, zipsInRadius, type ZipRecord } from '../../src/server/services/geo';
import { fillBrowserForMantine } from '../helpers/mantine-dom';

const toasts = vi.hoisted(() => [] as { type: string; message: string; delay?: number }[]);
vi.mock('../../src/web/ui/toast', () => ({
  toast: (type: string, message: string, delay?: number) => toasts.push({ type, message, delay }),
}));
vi.mock('../../src/web/ui/territory/TerritoryMap', () => ({
  default: (p: { state: string | null; counties: { enabled: boolean }[]; circle: { miles: number } | null; points: unknown[] }) => (
    <div data-testid="map-probe">
      {JSON.stringify({ state: p.state, counties: p.counties.filter((c) => c.enabled).length, circle: p.circle?.miles ?? null, points: p.points.length })}
    </div>
  ),
}));

const { TerritoryStep } = await import('../../src/web/areas/orders/territory/TerritoryStep');

const toGeo = (r: ZipRecord) => ({ id: r.zip, latitude: r.lat, longitude: r.lng, StateAbbr: r.state });
const ok = (data: unknown) => ({ data, error: undefined, response: new Response(null, { status: 200 }) });
const calls: string[] = [];

/** A client whose GETs the server's geo service answers. */
const api = {
  GET: async (path: string, init: { params: { query: Record<string, string | number> } }) => {
    const q = init.params.query;
    calls.push(`${path}?${new URLSearchParams(q as Record<string, string>)}`);
    if (path === '/geo/counties') return ok({ counties: countiesOf(String(q.state)) });
    if (path === '/geo/zips' && q.radius !== undefined) {
      const found = zipsInRadius(String(q.zips), Number(q.radius));
      if (!found) return { data: undefined, error: { error: GEO_MSG.regionalZipInvalid }, response: new Response(null, { status: 422 }) };
      return ok({ zips: found.map(toGeo) });
    }
    if (path === '/geo/zips') return ok({ zips: zipsExist(String(q.zips).split(',')).found.map(toGeo) });
    throw new Error(`unexpected ${path}`);
  },
} as unknown as ApiClient;

let latest: Territory;
let issues: TerritoryIssue[][] = [];

function Harness({ start, blocked = 0 }: { start: Territory; blocked?: number }) {
  const [value, setValue] = useState(start);
  latest = value;
  return (
    <TerritoryStep
      value={value}
      onChange={(v) => {
        latest = v;
        setValue(v);
      }}
      onValidityChange={(i) => issues.push(i)}
      blockedAttempts={blocked}
    />
  );
}

function mount(start: Territory = emptyTerritory()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (blocked: number) => (
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api} userId={1} adminId={null}>
          <Harness start={start} blocked={blocked} />
        </ApiProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const r = render(ui(0));
  return { ...r, block: (n: number) => r.rerender(ui(n)) };
}

const zipsOf = (n: number): Territory => {
  const ids = Array.from({ length: n }, (_, i) => String(10000 + i));
  return { ...emptyTerritory(), zips: ids.map((id) => ({ id, enabled: true })), zipListLength: n };
};

beforeAll(fillBrowserForMantine);
afterEach(() => {
  cleanup();
  toasts.length = 0;
  calls.length = 0;
  issues = [];
});

describe('TerritoryStep', () => {
  // Rendering 1,500 rows in happy-dom takes seconds on a busy machine.
  it('shows 1500 ZIPs at first, then 50 more at a time', { timeout: 60_000 }, async () => {
    mount(zipsOf(1620));
    const list = await screen.findByTestId('zip-list');
    expect(within(list).getAllByRole('checkbox')).toHaveLength(TERRITORY.initialZipDisplay);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1550);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1620);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
  });

  it('a ZIP unticked leaves the list valid while one stays; none left is refused', async () => {
    mount(zipsOf(2));
    const [a, b] = within(await screen.findByTestId('zip-list')).getAllByRole('checkbox');
    fireEvent.click(a);
    expect(latest.zips).toEqual([{ id: '10000', enabled: false }, { id: '10001', enabled: true }]);
    expect(issues.at(-1)).toEqual([]);
    fireEvent.click(b);
    expect(issues.at(-1)).toEqual([{ field: 'zips', message: GEO_MSG.noZipSelected }]);
  });

  it('adds a typed list once each, and names the ZIPs that were not found for 15 s', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Add ZIP codes' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'ZIP codes' }), { target: { value: '10001, 10002,00000, 10001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(latest.zips.map((z) => z.id)).toEqual(['10001', '10002']));
    expect(latest.manualZipsAdded).toBe(true);
    expect(toasts).toEqual([{ type: 'warning', message: zipLookupFailed(['00000']), delay: 15_000 }]);
    // The lookup, then the map's points of what the list now holds.
    await waitFor(() => expect(calls).toEqual(['/geo/zips?zips=10001%2C10002%2C00000', '/geo/zips?zips=10001%2C10002']));
  });

  it('refuses entries that are not 5 digits before any lookup', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Add ZIP codes' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'ZIP codes' }), { target: { value: '1234, 10001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(`${GEO_MSG.zipFormat}: 1234`)).toBeTruthy();
    expect(calls).toEqual([]);
    expect(latest.zips).toEqual([]);
  });

  it('looks a long list up in batches of 500', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Add ZIP codes' }));
    const many = Array.from({ length: 1100 }, (_, i) => String(10001 + i)).join(',');
    fireEvent.change(await screen.findByRole('textbox', { name: 'ZIP codes' }), { target: { value: many } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(latest.zips.length).toBeGreaterThan(0));
    expect(calls.slice(0, 3).map((c) => decodeURIComponent(c).split(',').length)).toEqual([500, 500, 100]);
  });

  it('generates the ZIPs of a radius; a radius outside 10–300 or an unknown ZIP is refused', async () => {
    mount();
    fireEvent.click(screen.getByRole('radio', { name: 'Radius' }));
    const zip = screen.getByRole('textbox', { name: /Regional ZIP code/ });
    const miles = screen.getByRole('textbox', { name: /Radius \(miles\)/ });
    fireEvent.change(zip, { target: { value: '75201-1234' } });
    fireEvent.change(miles, { target: { value: '301' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate ZIP codes' }));
    expect(await screen.findByText(GEO_MSG.radiusOutOfRange)).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(miles, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate ZIP codes' }));
    await waitFor(() => expect(latest.regionalZip).toBe('75201-1234'));
    expect(latest).toMatchObject({ geoType: 'zip', regionalRadius: 25, zipListLength: zipsInRadius('75201', 25)!.length });
    await waitFor(() => expect(JSON.parse(screen.getByTestId('map-probe').textContent!)).toMatchObject({ circle: 25, points: latest.zips.length }));

    fireEvent.change(zip, { target: { value: '00000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate ZIP codes' }));
    expect(await screen.findByText(GEO_MSG.regionalZipInvalid)).toBeTruthy();
    expect(toasts.at(-1)).toEqual({ type: 'warning', message: GEO_MSG.regionalZipInvalid, delay: 15_000 });
    expect(latest.regionalZip).toBe('75201-1234');
  });

  it('choosing a state in county mode loads its counties, all selected; select-all toggles them', async () => {
    mount();
    fireEvent.click(screen.getByRole('radio', { name: 'Counties' }));
    const select = screen.getByRole('combobox', { name: 'State' });
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Delaware' }));
    await waitFor(() => expect(latest.state).toBe('DE'));
    expect(latest.counties.map((c) => c.county)).toEqual(countiesOf('DE').map((c) => c.county));
    expect(latest.counties.every((c) => c.enabled)).toBe(true);
    expect(latest.geoType).toBe('zip');
    expect(JSON.parse(screen.getByTestId('map-probe').textContent!)).toMatchObject({ state: 'DE', counties: 3 });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all counties' }));
    expect(latest.counties.every((c) => !c.enabled)).toBe(true);
    expect(issues.at(-1)).toEqual([{ field: 'zips', message: GEO_MSG.noZipSelected }]);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Kent/ }));
    expect(latest.counties.filter((c) => c.enabled).map((c) => c.county)).toEqual(['Kent']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all counties' }));
    expect(latest.counties.every((c) => c.enabled)).toBe(true);

    // The whole state: no county selection, a state territory.
    fireEvent.click(screen.getByRole('radio', { name: 'State' }));
    expect(latest).toMatchObject({ geoType: 'state', state: 'DE', zips: [] });
    expect(issues.at(-1)).toEqual([]);
  });

  it('a whole state saved without its county list: choosing Counties loads the list, every county selected', async () => {
    mount(chooseState(emptyTerritory(), 'DE', []));
    fireEvent.click(screen.getByRole('radio', { name: 'Counties' }));
    await waitFor(() => expect(latest.counties.map((c) => c.county)).toEqual(countiesOf('DE').map((c) => c.county)));
    expect(latest).toMatchObject({ state: 'DE', enableCounties: true, geoType: 'zip' });
    expect(latest.counties.every((c) => c.enabled)).toBe(true);
    expect(screen.getByRole('group', { name: 'Counties of Delaware' })).toBeTruthy();
  });

  it('passing through State and Radius on the way from Counties to ZIP list (as the arrow keys do) keeps the counties\' ZIPs; another edit ends the run', async () => {
    mount();
    fireEvent.click(screen.getByRole('radio', { name: 'Counties' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Delaware' }));
    await waitFor(() => expect(latest.state).toBe('DE'));
    const zips = latest.zips.map((z) => z.id);
    for (const type of ['State', 'Radius', 'ZIP list']) fireEvent.click(screen.getByRole('radio', { name: type }));
    expect(latest).toMatchObject({ state: null, geoType: 'zip' });
    expect(latest.zips.map((z) => z.id)).toEqual(zips);
    fireEvent.click(within(screen.getByTestId('zip-list')).getAllByRole('checkbox')[0]);
    for (const type of ['Radius', 'ZIP list']) fireEvent.click(screen.getByRole('radio', { name: type }));
    expect(latest.zips[0].enabled).toBe(false);
  });

  it('the ZIP list is one Tab stop: the arrow keys move through it, and it says so', async () => {
    mount(zipsOf(4));
    const list = await screen.findByRole('group', { name: 'ZIP codes' });
    const boxes = within(list).getAllByRole('checkbox');
    expect(boxes.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1]);
    act(() => boxes[0].focus());
    fireEvent.keyDown(boxes[0], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(boxes[1]);
    expect(boxes.map((b) => b.tabIndex)).toEqual([-1, 0, -1, -1]);
    fireEvent.keyDown(boxes[1], { key: 'End' });
    expect(document.activeElement).toBe(boxes[3]);
    fireEvent.keyDown(boxes[3], { key: 'Home' });
    expect(document.activeElement).toBe(boxes[0]);
    expect(document.getElementById(list.getAttribute('aria-describedby')!)?.textContent).toMatch(/arrow keys move/);
  });

  it('a refused Next shows the first issue for 15 seconds, once per attempt', async () => {
    const { block } = mount();
    expect(toasts).toEqual([]);
    act(() => block(1));
    expect(toasts).toEqual([{ type: 'warning', message: GEO_MSG.noZipSelected, delay: TERRITORY.zipToastMs }]);
    act(() => block(1));
    expect(toasts).toHaveLength(1);
    act(() => block(2));
    expect(toasts).toHaveLength(2);
  });

  it('clears the list after asking', async () => {
    mount(zipsOf(3));
    fireEvent.click(screen.getByRole('button', { name: 'Clear ZIP codes' }));
    expect(await screen.findByText('Remove all 3 ZIP codes from the list?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(latest.zips).toEqual([]);
  });
});
