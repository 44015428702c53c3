import { useEffect, useState } from 'react';

/**
 * Give the focus to `el` once the dialog that held it has left the page, unless the user
 * has already moved it elsewhere (it is on the page's body when it was lost).
 */
export function focusIfLost(el: HTMLElement | null): void {
  // After the dialog has left the page and released its focus trap.
  window.setTimeout(() => {
    const now = document.activeElement;
    if (el?.isConnected && (now === null || now === document.body)) el.focus({ preventScroll: true });
  }, 0);
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
