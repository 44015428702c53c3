/**
 * The pure part of the time-blocker grid: a week as rows (days) of cells (slots of a day),
 * painted by rectangles and moved through by keys. The grid component only renders this.
 */

/** A cell of the grid: its row (day) and column (slot of the day). */
export interface Cell {
  row: number;
  col: number;
}

/** A week of cells, one value each; null is an empty cell. */
export type GridValue<T> = readonly (readonly (T | null)[])[];

/** Every cell of the rectangle between two corners (inclusive) set to `paint`; the rest kept. */
export function paintRect<T>(value: GridValue<T>, a: Cell, b: Cell, paint: T | null): GridValue<T> {
  const [r0, r1] = [Math.min(a.row, b.row), Math.max(a.row, b.row)];
  const [c0, c1] = [Math.min(a.col, b.col), Math.max(a.col, b.col)];
  // Rows outside the rectangle keep their identity, so a memoised row does not render again.
  return value.map((row, r) => (r < r0 || r > r1 ? row : row.map((v, c) => (c < c0 || c > c1 ? v : paint))));
}

/**
 * What a stroke starting on this cell paints: `paintValue`, except that starting on a cell
 * that already holds it erases (the usual time-blocker gesture: drag over painted cells to
 * clear them).
 */
export function strokePaint<T>(value: GridValue<T>, start: Cell, paintValue: T | null): T | null {
  return paintValue !== null && value[start.row]?.[start.col] === paintValue ? null : paintValue;
}

/** Do two grids hold the same values? */
export function sameGrid<T>(a: GridValue<T>, b: GridValue<T>): boolean {
  return a.length === b.length && a.every((row, r) => row.length === b[r].length && row.every((v, c) => v === b[r][c]));
}

/** Where a key moves the focus (arrows, Home/End of the day, PageUp/PageDown by an hour); null if not a move. */
export function moveFocus(at: Cell, key: string, rows: number, cols: number, colsPerHour: number): Cell | null {
  const clamp = (n: number, max: number) => Math.max(0, Math.min(max - 1, n));
  switch (key) {
    case 'ArrowLeft':
      return { row: at.row, col: clamp(at.col - 1, cols) };
    case 'ArrowRight':
      return { row: at.row, col: clamp(at.col + 1, cols) };
    case 'ArrowUp':
      return { row: clamp(at.row - 1, rows), col: at.col };
    case 'ArrowDown':
      return { row: clamp(at.row + 1, rows), col: at.col };
    case 'Home':
      return { row: at.row, col: 0 };
    case 'End':
      return { row: at.row, col: cols - 1 };
    case 'PageUp':
      return { row: at.row, col: clamp(at.col - colsPerHour, cols) };
    case 'PageDown':
      return { row: at.row, col: clamp(at.col + colsPerHour, cols) };
    default:
      return null;
  }
}

const SLOT_NAMES: Record<number, string> = { 15: 'quarter hour', 30: 'half hour', 60: 'hour' };

/**
 * What the keys do, shown under the grid and read with it (its aria-describedby): a
 * keyboard user cannot guess Shift+arrow or Page Down, and the pages' own texts speak of
 * dragging.
 */
export function gridKeysHelp(slotMinutes: number): string {
  const slot = SLOT_NAMES[slotMinutes] ?? `${slotMinutes} minutes`;
  return (
    `Keys: the arrows move by a ${slot} or a day, Page Up and Page Down by an hour, Home and End to the day's first and last ${slot}. ` +
    `Space or Enter fills a ${slot}, or empties it when it is filled that way already; Shift with an arrow does the same as it moves; Delete empties.`
  );
}

/** "12 am", "1 am" … "11 pm": the label of an hour of the day. */
export function hourLabel(hour: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'am' : 'pm'}`;
}

/** "9:15 am": the start of a slot of `slotMinutes`. */
export function slotTimeLabel(col: number, slotMinutes: number): string {
  const minutes = col * slotMinutes;
  const hour = Math.floor(minutes / 60);
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}
