/** Toasts (document 000 section 9): at most 5 at once, 5000 ms each by default. */
export const MAX_TOASTS = 5;
export const TOAST_DELAY_MS = 5000;
export const TOAST_TYPES = ['error', 'warning', 'success', 'default'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
/** Narrow-window threshold. */
export const NARROW_WINDOW_PX = 768;
