/**
 * The keyboard shortcut that opens user management from any screen (admins). Alt+Shift+U
 * is taken by neither Chrome, Firefox, Edge nor Safari; it is matched on the physical key
 * (event.code), so macOS's Option+Shift+U (which types "¨") opens it too.
 */
export const USER_MANAGEMENT_SHORTCUT = { code: 'KeyU', alt: true, shift: true, label: 'Alt + Shift + U' } as const;

export interface KeyLike {
  code: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export const isUserManagementShortcut = (e: KeyLike): boolean =>
  e.code === USER_MANAGEMENT_SHORTCUT.code && e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey;
