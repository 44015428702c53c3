import { memo, useCallback, useEffect, useId, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { gridKeysHelp, hourLabel, moveFocus, paintRect, sameGrid, slotTimeLabel, strokePaint, type Cell, type GridValue } from './time-blocker';
import './time-blocker.css';

export interface TimeBlockerGridProps<T> {
  /** One row per day, each with 24 × 60 / slotMinutes cells; null is an empty cell. */
  value: GridValue<T>;
  /** Called once per stroke (pointer up, or a key) with the whole new grid. */
  onChange: (next: GridValue<T>) => void;
  /** What painting puts in a cell; null paints empty (an eraser). Starting a stroke on a cell already holding it erases. */
  paintValue: T | null;
  /** The label of each row (Mon … Sun). */
  rowLabels: readonly string[];
  /** Minutes per cell: 15 for schedules (96 a day), 30 for the concurrency editor (48 a day). */
  slotMinutes: 15 | 30 | 60;
  /** The grid's accessible name. */
  label: string;
  /** Text shown in a filled cell (e.g. a concurrency number); nothing by default. */
  renderCell?: (v: T) => ReactNode;
  /** How a cell's value is read out to a screen reader; 'on' by default. */
  describeCell?: (v: T) => string;
  /** How an empty cell is read out; 'off' by default. */
  emptyLabel?: string;
  /** Ids of the page's own texts about this grid, read with the grid after its keys. */
  describedBy?: string;
  /** A filled cell's colours, per value (the default is the theme's primary colour). */
  cellStyle?: (v: T) => CSSProperties | undefined;
  /** Shown, not editable. */
  readOnly?: boolean;
}

interface Stroke<T> {
  pointerId: number;
  anchor: Cell;
  at: Cell;
  paint: T | null;
}

/** The cell a DOM element belongs to, from its data attributes. */
function cellOf(el: Element | null): Cell | null {
  const cell = el?.closest?.('[data-row][data-col]') as HTMLElement | null | undefined;
  if (!cell) return null;
  return { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
}

/**
 * A weekly time-blocker: rows are days, columns the slots of a day, with hour labels above.
 * Drag (mouse, pen or touch) paints the rectangle from where the stroke started to where
 * the pointer is; the arrow keys move through the cells, Space or Enter paints or clears
 * one, Shift with an arrow paints along, Delete clears. One Tab stop (a roving tabindex),
 * so Tab leaves the grid; what the keys do is written under it and is the grid's
 * description, and every cell's name says its day, time and value. Presentational: the
 * value comes in, each finished stroke goes out through onChange.
 */
export function TimeBlockerGrid<T>(props: TimeBlockerGridProps<T>) {
  const { value, onChange, paintValue, rowLabels, slotMinutes, label, readOnly = false } = props;
  const cols = (24 * 60) / slotMinutes;
  const colsPerHour = 60 / slotMinutes;
  const [draft, setDraft] = useState<GridValue<T> | null>(null);
  const stroke = useRef<Stroke<T> | null>(null);
  const keyPaint = useRef<T | null | undefined>(undefined);
  const [focus, setFocus] = useState<Cell>({ row: 0, col: 0 });
  const focusByKey = useRef(false);
  const body = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const shown = draft ?? value;

  useEffect(() => {
    if (!focusByKey.current) return;
    focusByKey.current = false;
    body.current?.querySelector<HTMLElement>(`[data-row="${focus.row}"][data-col="${focus.col}"]`)?.focus();
  }, [focus]);

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLDivElement>) => {
      if (readOnly || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const at = cellOf(e.target as Element);
      if (!at) return;
      e.preventDefault();
      try {
        e.currentTarget.setPointerCapture(e.pointerId);
      } catch {
        // A pointer that is already gone (or a synthetic event) cannot be captured; the stroke still works.
      }
      const paint = strokePaint(value, at, paintValue);
      stroke.current = { pointerId: e.pointerId, anchor: at, at, paint };
      setFocus(at);
      setDraft(paintRect(value, at, at, paint));
    },
    [readOnly, value, paintValue],
  );

  const onPointerMove = useCallback(
    (e: PointerEvent<HTMLDivElement>) => {
      const s = stroke.current;
      if (!s || s.pointerId !== e.pointerId) return;
      // With the pointer captured, the event's target is the grid: find the cell under the pointer.
      const under = typeof document.elementFromPoint === 'function' ? document.elementFromPoint(e.clientX, e.clientY) : null;
      const at = cellOf(under) ?? cellOf(e.target as Element);
      if (!at || (at.row === s.at.row && at.col === s.at.col)) return;
      s.at = at;
      setDraft(paintRect(value, s.anchor, at, s.paint));
    },
    [value],
  );

  const finish = useCallback(
    (e: PointerEvent<HTMLDivElement>, commit: boolean) => {
      const s = stroke.current;
      if (!s || s.pointerId !== e.pointerId) return;
      stroke.current = null;
      const next = paintRect(value, s.anchor, s.at, s.paint);
      setDraft(null);
      if (commit && !sameGrid(next, value)) onChange(next);
    },
    [value, onChange],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const at = cellOf(e.target as Element);
      if (!at) return;
      const commit = (next: GridValue<T>) => {
        if (!readOnly && !sameGrid(next, value)) onChange(next);
      };
      if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        const paint = strokePaint(value, at, paintValue);
        keyPaint.current = paint;
        commit(paintRect(value, at, at, paint));
        return;
      }
      if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        commit(paintRect(value, at, at, null));
        return;
      }
      const to = moveFocus(at, e.key, rowLabels.length, cols, colsPerHour);
      if (!to) return;
      e.preventDefault();
      // A move without Shift ends the keyed stroke: the next Shift+arrow starts its own.
      if (!e.shiftKey) keyPaint.current = undefined;
      if (e.shiftKey) {
        if (keyPaint.current === undefined) keyPaint.current = strokePaint(value, at, paintValue);
        commit(paintRect(value, at, to, keyPaint.current));
      }
      focusByKey.current = true;
      setFocus(to);
    },
    [readOnly, value, onChange, paintValue, rowLabels.length, cols, colsPerHour],
  );

  const onKeyUp = useCallback((e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Shift') keyPaint.current = undefined;
  }, []);

  // Leaving the grid ends the keyed stroke too (the paint value may change meanwhile, e.g. Erase).
  const onBlur = useCallback((e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget)) keyPaint.current = undefined;
  }, []);

  const columns = { '--tb-cols': cols, '--tb-per-hour': colsPerHour } as CSSProperties;
  return (
    <div className="tb-grid" style={columns} data-readonly={readOnly || undefined}>
      <div className="tb-hours" aria-hidden="true">
        <span className="tb-corner" />
        {Array.from({ length: 24 }, (_, h) => (
          <span key={h} className="tb-hour" data-odd={h % 2 === 1 || undefined} style={{ gridColumn: `${2 + h * colsPerHour} / span ${colsPerHour}` }}>
            {hourLabel(h)}
          </span>
        ))}
      </div>
      <div
        ref={body}
        role="grid"
        aria-label={label}
        aria-describedby={props.describedBy ? `${helpId} ${props.describedBy}` : helpId}
        aria-readonly={readOnly || undefined}
        className="tb-body"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => finish(e, true)}
        onPointerCancel={(e) => finish(e, false)}
        onLostPointerCapture={(e) => finish(e, true)}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={onBlur}
      >
        {rowLabels.map((name, r) => (
          <GridRow
            key={name}
            row={r}
            name={name}
            cells={shown[r] ?? []}
            slotMinutes={slotMinutes}
            colsPerHour={colsPerHour}
            focusCol={focus.row === r ? focus.col : -1}
            renderCell={props.renderCell}
            describeCell={props.describeCell}
            emptyLabel={props.emptyLabel ?? 'off'}
            cellStyle={props.cellStyle}
          />
        ))}
      </div>
      <p id={helpId} className="tb-help">
        {gridKeysHelp(slotMinutes)}
      </p>
    </div>
  );
}

interface RowProps<T> {
  row: number;
  name: string;
  cells: readonly (T | null)[];
  slotMinutes: number;
  colsPerHour: number;
  focusCol: number;
  renderCell?: (v: T) => ReactNode;
  describeCell?: (v: T) => string;
  emptyLabel: string;
  cellStyle?: (v: T) => CSSProperties | undefined;
}

function GridRowImpl<T>({ row, name, cells, slotMinutes, colsPerHour, focusCol, renderCell, describeCell, emptyLabel, cellStyle }: RowProps<T>) {
  return (
    <div role="row" className="tb-row" aria-label={name}>
      <span role="rowheader" className="tb-day">
        {name}
      </span>
      {cells.map((v, c) => (
        <div
          key={c}
          role="gridcell"
          className="tb-cell"
          data-row={row}
          data-col={c}
          data-on={v !== null || undefined}
          data-hour-start={c % colsPerHour === 0 || undefined}
          aria-selected={v !== null}
          aria-label={`${name} ${slotTimeLabel(c, slotMinutes)}: ${v === null ? emptyLabel : describeCell ? describeCell(v) : 'on'}`}
          tabIndex={c === focusCol ? 0 : -1}
          style={v === null ? undefined : cellStyle?.(v)}
        >
          {v !== null && renderCell ? renderCell(v) : null}
        </div>
      ))}
    </div>
  );
}

const GridRow = memo(GridRowImpl) as typeof GridRowImpl;
