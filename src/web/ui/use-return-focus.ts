import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Give the focus to `el` if the page has lost it (it is on the body), not if the user moved it elsewhere. */
function refocusIfLost(el: HTMLElement | null): void {
  const now = document.activeElement;
  if (el?.isConnected && (now === null || now === document.body)) el.focus({ preventScroll: true });
}

/** Give the focus to `el` once the dialog that held it has left the page, unless the user has already moved it elsewhere. */
export function focusIfLost(el: HTMLElement | null): void {
  // After the dialog has left the page and released its focus trap.
  window.setTimeout(() => refocusIfLost(el), 0);
}

/**
 * For a dialog that is mounted open and unmounted to close. Mantine's modal gives the
 * focus back when its `opened` turns false, which such a dialog never sees; this hands
 * it back to the control that held it when the dialog appeared (WCAG 2.4.3), unless the
 * user has already moved it elsewhere.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => () => focusIfLost(opener), [opener]);
}

/**
 * While `busy`, Mantine's loading buttons (and fields that are disabled meanwhile) cannot
 * hold the focus: the browser drops it to the page, so a keyboard user who pressed Enter on
 * "Generate ZIP codes" lands at the top, or outside the dialog they were in. This gives
 * the element focused when `busy` began the focus back when it ends, unless something else
 * has taken it. Layout effects: the first runs before the browser moves the focus off the
 * disabled element, the second before a dialog that closes at the same time hands the
 * focus to its opener (which it still does, seeing the focus where it left it).
 */
export function useFocusThroughBusy(busy: boolean): void {
  const held = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (busy) {
      held.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    refocusIfLost(held.current);
    held.current = null;
  }, [busy]);
}
