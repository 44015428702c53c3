// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeBlockerGrid } from '../../src/web/ui/TimeBlockerGrid';
import { gridKeysHelp, hourLabel, moveFocus, paintRect, sameGrid, slotTimeLabel, strokePaint, type GridValue } from '../../src/web/ui/time-blocker';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const empty = <T,>(cols: number): GridValue<T> => DAYS.map(() => Array<T | null>(cols).fill(null));

afterEach(cleanup);

describe('painting (pure)', () => {
  it('paints the rectangle between two corners, whichever way round, and keeps the rest', () => {
    const g = paintRect(empty<boolean>(8), { row: 3, col: 5 }, { row: 1, col: 2 }, true);
    for (let r = 0; r < 7; r++)
      for (let c = 0; c < 8; c++) expect(g[r][c]).toBe(r >= 1 && r <= 3 && c >= 2 && c <= 5 ? true : null);
  });
  it('keeps the identity of rows outside the rectangle', () => {
    const v = empty<number>(4);
    const g = paintRect(v, { row: 2, col: 0 }, { row: 2, col: 1 }, 5);
    expect(g[0]).toBe(v[0]);
    expect(g[2]).not.toBe(v[2]);
  });
  it('a stroke that starts on the painted value erases; elsewhere it paints', () => {
    const v = paintRect(empty<number>(4), { row: 0, col: 0 }, { row: 0, col: 0 }, 3);
    expect(strokePaint(v, { row: 0, col: 0 }, 3)).toBeNull();
    expect(strokePaint(v, { row: 0, col: 0 }, 4)).toBe(4);
    expect(strokePaint(v, { row: 0, col: 1 }, 3)).toBe(3);
    expect(strokePaint(v, { row: 0, col: 0 }, null)).toBeNull();
  });
  it('painting a rectangle twice with the same value changes nothing the second time (property)', () => {
    const cell = fc.record({ row: fc.integer({ min: 0, max: 6 }), col: fc.integer({ min: 0, max: 47 }) });
    fc.assert(
      fc.property(cell, cell, fc.option(fc.integer({ min: 1, max: 50 })), (a, b, p) => {
        const once = paintRect(empty<number>(48), a, b, p);
        expect(sameGrid(paintRect(once, b, a, p), once)).toBe(true);
        const painted = once.flat().filter((v) => v !== null).length;
        expect(painted).toBe(p === null ? 0 : (Math.abs(a.row - b.row) + 1) * (Math.abs(a.col - b.col) + 1));
      }),
    );
  });
  it('keys move within the grid and stop at its edges', () => {
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowLeft', 7, 96, 4)).toEqual({ row: 0, col: 0 });
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowUp', 7, 96, 4)).toEqual({ row: 0, col: 0 });
    expect(moveFocus({ row: 6, col: 95 }, 'ArrowDown', 7, 96, 4)).toEqual({ row: 6, col: 95 });
    expect(moveFocus({ row: 6, col: 95 }, 'ArrowRight', 7, 96, 4)).toEqual({ row: 6, col: 95 });
    expect(moveFocus({ row: 2, col: 10 }, 'Home', 7, 96, 4)).toEqual({ row: 2, col: 0 });
    expect(moveFocus({ row: 2, col: 10 }, 'End', 7, 96, 4)).toEqual({ row: 2, col: 95 });
    expect(moveFocus({ row: 2, col: 10 }, 'PageDown', 7, 96, 4)).toEqual({ row: 2, col: 14 });
    expect(moveFocus({ row: 2, col: 2 }, 'PageUp', 7, 96, 4)).toEqual({ row: 2, col: 0 });
    expect(moveFocus({ row: 2, col: 2 }, 'a', 7, 96, 4)).toBeNull();
  });
  it('labels hours and slots in 12-hour time', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual(['12 am', '1 am', '11 am', '12 pm', '1 pm', '11 pm']);
    expect(slotTimeLabel(0, 15)).toBe('12:00 am');
    expect(slotTimeLabel(37, 15)).toBe('9:15 am');
    expect(slotTimeLabel(47, 30)).toBe('11:30 pm');
  });
});

/** The grid in a stateful host, as a step would hold it. */
function Host<T>({ initial, paint, slotMinutes, onChange }: { initial: GridValue<T>; paint: T | null; slotMinutes: 15 | 30; onChange: (v: GridValue<T>) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TimeBlockerGrid
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      paintValue={paint}
      rowLabels={DAYS}
      slotMinutes={slotMinutes}
      label="Weekly grid"
      renderCell={(v) => (typeof v === 'number' ? String(v) : null)}
      describeCell={(v) => String(v)}
    />
  );
}

const cell = (day: string, time: string) => screen.getByRole('gridcell', { name: new RegExp(`^${day} ${time}(:|$)`) });

describe('TimeBlockerGrid', () => {
  it('renders 7 rows of 96 quarter-hour cells with 24 hour labels', () => {
    render(<Host initial={empty<boolean>(96)} paint={true} slotMinutes={15} onChange={() => {}} />);
    expect(screen.getAllByRole('row')).toHaveLength(7);
    expect(screen.getAllByRole('gridcell')).toHaveLength(7 * 96);
    expect(screen.getByText('9 am')).toBeTruthy();
    expect(screen.getByText('11 pm')).toBeTruthy();
  });

  it('a drag paints the rectangle once, on pointer up; a drag from a painted cell erases', () => {
    const onChange = vi.fn();
    render(<Host initial={empty<boolean>(96)} paint={true} slotMinutes={15} onChange={onChange} />);
    fireEvent.pointerDown(cell('Mon', '9:00 am'), { pointerId: 1, button: 0, pointerType: 'mouse' });
    fireEvent.pointerMove(cell('Tue', '9:45 am'), { pointerId: 1, pointerType: 'mouse' });
    expect(cell('Tue', '9:30 am').getAttribute('aria-selected')).toBe('true'); // the preview
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(cell('Tue', '9:45 am'), { pointerId: 1, pointerType: 'mouse' });
    expect(onChange).toHaveBeenCalledTimes(1);
    const v = onChange.mock.calls[0][0] as GridValue<boolean>;
    expect(v.flat().filter(Boolean)).toHaveLength(8);
    expect(v[0][36] && v[0][39] && v[1][36] && v[1][39]).toBe(true);
    expect(v[2][36]).toBeNull();

    fireEvent.pointerDown(cell('Mon', '9:15 am'), { pointerId: 2, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(cell('Mon', '9:30 am'), { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(cell('Mon', '9:30 am'), { pointerId: 2, pointerType: 'touch' });
    const w = onChange.mock.calls[1][0] as GridValue<boolean>;
    expect([w[0][36], w[0][37], w[0][38], w[0][39]]).toEqual([true, null, null, true]);
  });

  it('a cancelled stroke changes nothing; a right click does not paint', () => {
    const onChange = vi.fn();
    render(<Host initial={empty<boolean>(96)} paint={true} slotMinutes={15} onChange={onChange} />);
    fireEvent.pointerDown(cell('Wed', '1:00 pm'), { pointerId: 1, button: 0, pointerType: 'touch' });
    fireEvent.pointerCancel(cell('Wed', '1:00 pm'), { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerDown(cell('Wed', '1:00 pm'), { pointerId: 3, button: 2, pointerType: 'mouse' });
    fireEvent.pointerUp(cell('Wed', '1:00 pm'), { pointerId: 3, pointerType: 'mouse' });
    expect(onChange).not.toHaveBeenCalled();
    expect(cell('Wed', '1:00 pm').getAttribute('aria-selected')).toBe('false');
  });

  it('is keyboard accessible: one tab stop, arrows move, Space toggles, Shift+arrow paints along, Delete clears', () => {
    const onChange = vi.fn();
    render(<Host initial={empty<number>(48)} paint={7} slotMinutes={30} onChange={onChange} />);
    const stops = screen.getAllByRole('gridcell').filter((c) => c.tabIndex === 0);
    expect(stops).toHaveLength(1);
    const first = stops[0];
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('Tue', '12:00 am'));
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(cell('Tue', '12:00 am').textContent).toBe('7');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyUp(document.activeElement!, { key: 'Shift' });
    expect(document.activeElement).toBe(cell('Tue', '1:00 am'));
    expect(['12:00 am', '12:30 am', '1:00 am'].map((t) => cell('Tue', t).textContent)).toEqual(['7', '7', '7']);
    fireEvent.keyDown(document.activeElement!, { key: 'Delete' });
    expect(cell('Tue', '1:00 am').textContent).toBe('');
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(cell('Tue', '1:00 am').getAttribute('aria-label')).toBe('Tue 1:00 am: off');
    expect(onChange).toHaveBeenCalledTimes(6);
  });

  it('is described by the keys written under it, then by the page\'s own text; each cell says its day, time and value', () => {
    const v = paintRect(empty<number>(48), { row: 2, col: 18 }, { row: 2, col: 18 }, 1);
    render(
      <>
        <p id="page-text">Fill half hours</p>
        <TimeBlockerGrid value={v} onChange={() => {}} paintValue={5} rowLabels={DAYS} slotMinutes={30} label="g" describeCell={(n) => `${n} call`}
          emptyLabel="no limit" describedBy="page-text" />
      </>,
    );
    const ids = screen.getByRole('grid').getAttribute('aria-describedby')!.split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([gridKeysHelp(30), 'Fill half hours']);
    expect(screen.getByText(gridKeysHelp(30))).toBeTruthy();
    expect(gridKeysHelp(30)).toContain('by a half hour');
    expect(cell('Wed', '9:00 am').getAttribute('aria-label')).toBe('Wed 9:00 am: 1 call');
    expect(cell('Wed', '9:30 am').getAttribute('aria-label')).toBe('Wed 9:30 am: no limit');
  });

  it('a keyed stroke ends with a plain move or when the focus leaves: the next Shift+arrow starts from its own cell', () => {
    render(<Host initial={empty<number>(48)} paint={7} slotMinutes={30} onChange={() => {}} />);
    const first = screen.getAllByRole('gridcell').find((c) => c.tabIndex === 0)!;
    act(() => first.focus());
    fireEvent.keyDown(first, { key: ' ' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    // Starting on a cell that holds the paint: Shift+arrow empties.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', shiftKey: true });
    expect(['12:00 am', '12:30 am'].map((t) => cell('Mon', t).getAttribute('aria-label'))).toEqual(['Mon 12:00 am: off', 'Mon 12:30 am: off']);
    fireEvent.keyUp(document.activeElement!, { key: 'Shift' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    fireEvent.blur(document.activeElement!, { relatedTarget: document.body });
    fireEvent.keyDown(cell('Mon', '12:30 am'), { key: 'ArrowLeft', shiftKey: true });
    expect(['12:00 am', '12:30 am'].map((t) => cell('Mon', t).getAttribute('aria-label'))).toEqual(['Mon 12:00 am: off', 'Mon 12:30 am: off']);
  });

  it('read-only shows the value and paints nothing', () => {
    const onChange = vi.fn();
    const v = paintRect(empty<boolean>(96), { row: 0, col: 0 }, { row: 0, col: 3 }, true);
    render(<TimeBlockerGrid value={v} onChange={onChange} paintValue={true} rowLabels={DAYS} slotMinutes={15} label="g" readOnly />);
    fireEvent.pointerDown(cell('Mon', '12:00 am'), { pointerId: 1, button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(cell('Mon', '12:00 am'), { pointerId: 1, pointerType: 'mouse' });
    fireEvent.keyDown(cell('Mon', '12:00 am'), { key: ' ' });
    expect(onChange).not.toHaveBeenCalled();
    expect(cell('Mon', '12:45 am').getAttribute('aria-selected')).toBe('true');
  });
});
