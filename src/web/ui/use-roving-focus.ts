import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** What the keys of a roving list do, for its description (shown beside the list). */
export const ROVING_LIST_KEYS = 'In the list, the arrow keys move, Home and End go to its ends, Space ticks or unticks; Tab leaves it.';

/**
 * Where a key moves in a list laid out in `columns` columns (a CSS grid fills rows first):
 * left and right by one, up and down by a row, Home and End to the ends; null for any
 * other key.
 */
export function rovingMove(from: number, key: string, count: number, columns: number): number | null {
  const clamp = (n: number) => Math.max(0, Math.min(count - 1, n));
  switch (key) {
    case 'ArrowLeft':
      return clamp(from - 1);
    case 'ArrowRight':
      return clamp(from + 1);
    case 'ArrowUp':
      return clamp(from - columns);
    case 'ArrowDown':
      return clamp(from + columns);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** The columns a grid container lays out now (its resolved track list); 1 when it is no grid. */
function columnsOf(el: HTMLElement): number {
  const tracks = getComputedStyle(el).gridTemplateColumns;
  return !tracks || tracks === 'none' || tracks.includes('repeat(') ? 1 : tracks.trim().split(/\s+/).length;
}

/** The checkboxes of a list, in order. */
const inputsOf = (el: HTMLElement | null) => [...(el?.querySelectorAll<HTMLInputElement>('input') ?? [])];

/**
 * One Tab stop for a long list of checkboxes (a state's 254 counties, 1,500 ZIP codes): the
 * focused one has tabIndex 0 and the others -1, the arrow keys move between them, so Tab
 * goes past the list in one press instead of hundreds. Spread `listProps` on the list and
 * give each checkbox `tabIndex={tabIndexOf(i)}`; a click on one makes it the Tab stop.
 */
export function useRovingFocus<E extends HTMLElement>(count: number) {
  const ref = useRef<E>(null);
  const [active, setActive] = useState(0);
  const at = Math.min(active, Math.max(0, count - 1));

  const onKeyDown = useCallback((e: KeyboardEvent<E>) => {
    const list = inputsOf(ref.current);
    const from = list.findIndex((el) => el === e.target);
    if (from < 0 || !ref.current) return;
    const to = rovingMove(from, e.key, list.length, columnsOf(ref.current));
    if (to === null) return;
    e.preventDefault();
    setActive(to);
    list[to].focus();
  }, []);

  const onFocus = useCallback((e: FocusEvent<E>) => {
    const target: EventTarget = e.target;
    const i = inputsOf(ref.current).findIndex((el) => el === target);
    if (i >= 0) setActive(i);
  }, []);

  return { listProps: { ref, onKeyDown, onFocus }, tabIndexOf: (i: number) => (i === at ? 0 : -1) };
}
