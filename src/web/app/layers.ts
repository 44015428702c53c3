/**
 * What lies over what, beside Mantine's own levels (app 100, modal 200, popover 300):
 * toasts sit between a dialog's dimmed backdrop and the dialog, so they are read over the
 * page and the backdrop but never cover, or take the clicks of, a dialog's buttons.
 */
export const LAYERS = {
  /** A modal's or drawer's backdrop (Mantine puts it at the modal's 200). */
  modalBackdrop: 180,
  toasts: 190,
} as const;
