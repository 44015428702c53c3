// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyPreset, emptyWeek, PRESET_24H, scheduledHours, type ScheduleContext, type WeekSlots } from '../../src/domain/orders/schedule';
import { minHoursMessage } from '../../src/domain/orders/schedule-messages';
import { ScheduleStep } from '../../src/web/areas/orders/schedule/ScheduleStep';

const agent: ScheduleContext = { isAdmin: false, isPro: false, isCall: false, isCld: false };

function Host({ initial, context = agent, onValidity, warnSignal }: { initial: WeekSlots; context?: ScheduleContext; onValidity?: (v: boolean) => void; warnSignal?: number }) {
  const [week, setWeek] = useState(initial);
  return (
    <MantineProvider>
      <ScheduleStep value={week} onChange={setWeek} context={context} onValidityChange={onValidity} warnSignal={warnSignal} timeZone="America/Chicago" />
      <output data-testid="hours">{scheduledHours(week)}</output>
    </MantineProvider>
  );
}

const cell = (day: string, time: string) => screen.getByRole('gridcell', { name: new RegExp(`^${day} ${time}(:|$)`) });
const hours = () => Number(screen.getByTestId('hours').textContent);

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ScheduleStep', () => {
  it('shows the hours, the minimum and the weekend options; Sat & Sun copies the weekday hours', () => {
    const onValidity = vi.fn();
    render(<Host initial={applyPreset(PRESET_24H, 'none')} onValidity={onValidity} />);
    expect(screen.getByTestId('schedule-hours').textContent).toBe('120 hours selected · minimum 40');
    expect(onValidity).toHaveBeenLastCalledWith(true);
    for (const o of ['No weekends', 'Sat & Sun', 'Sat', 'Sun', 'Weekends Only']) expect(screen.getByRole('radio', { name: o })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Sat & Sun' }));
    expect(hours()).toBe(168);
    fireEvent.click(screen.getByRole('radio', { name: 'Weekends Only' }));
    expect(hours()).toBe(48);
    expect(screen.queryByTestId('schedule-warning')).toBeNull();
  });

  it('a stroke that leaves too few hours flashes the warning for 5 seconds and reports the step invalid', () => {
    const onValidity = vi.fn();
    render(<Host initial={applyPreset(PRESET_24H, 'none')} onValidity={onValidity} />);
    // Clear most of Monday to Friday: a stroke from a chosen slot removes.
    fireEvent.pointerDown(cell('Mon', '12:00 am'), { pointerId: 1, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(cell('Fri', '8:45 pm'), { pointerId: 1, pointerType: 'mouse' });
    fireEvent.pointerUp(cell('Fri', '8:45 pm'), { pointerId: 1, pointerType: 'mouse' });
    expect(hours()).toBe(15);
    expect(screen.getByTestId('schedule-warning').textContent).toBe(minHoursMessage(40));
    expect(onValidity).toHaveBeenLastCalledWith(false);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByTestId('schedule-warning')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('schedule-warning')).toBeNull();
  });

  it('a call order needs 10 hours; a new warn signal shows the warning again', () => {
    const { rerender } = render(<Host initial={emptyWeek()} context={{ ...agent, isCall: true }} warnSignal={0} />);
    expect(screen.getByTestId('schedule-hours').textContent).toBe('0 hours selected · minimum 10');
    expect(screen.queryByTestId('schedule-warning')).toBeNull();
    rerender(<Host initial={emptyWeek()} context={{ ...agent, isCall: true }} warnSignal={1} />);
    expect(screen.getByTestId('schedule-warning').textContent).toBe('Must have at least 10 hours selected.');
  });
});
