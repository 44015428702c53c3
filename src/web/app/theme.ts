import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { LAYERS } from './layers';
import { readableShade } from '../ui/contrast';

/**
 * The app's Mantine theme. Mantine's default shades fail WCAG's 4.5:1 in the places every
 * screen uses: dimmed grey on white (3.3:1), white on the primary indigo (4.3:1) and on
 * teal badges (2.6:1), a light badge's text on its tint (orange 3.6:1, yellow 2.7:1). The
 * variables below replace each colour's text, filled, outline and light-text shade with
 * the first that reads, so every screen, and every new one, inherits readable colours.
 */
const WHITE = '#ffffff';
const { gray } = DEFAULT_THEME.colors;
/** Where text sits: the page, cards and table stripes. */
const SURFACES = [WHITE, gray[0], gray[1]];
/** Mantine's filled shade; darker ones are tried after it. */
const FILLED_SHADE = 6;

/** One colour's variables (light scheme): which shade carries text where. */
export function readableColorVariables(name: string, shades: MantineColorsTuple): Record<string, string> {
  const fromFilled = shades.slice(FILLED_SHADE);
  // White text on the filled background (badges, buttons).
  const filled = readableShade(fromFilled, [WHITE]);
  // The colour as text or an outline on the page (c="red", outline buttons, anchors).
  const text = readableShade(fromFilled, SURFACES);
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: darken(filled, 0.12),
    [`--mantine-color-${name}-text`]: text,
    [`--mantine-color-${name}-outline`]: text,
    // A light variant's text on its tint and on its hover tint (shades 1 and 2).
    [`--mantine-color-${name}-light-color`]: readableShade([shades[9]], [shades[1], shades[2]]),
  };
}

/** Secondary text (c="dimmed"): Mantine's grey 6 darkened until it reads on every surface. */
export const DIMMED = readableShade([gray[6]], SURFACES);

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...Object.assign({}, ...Object.entries(theme.colors).map(([name, shades]) => readableColorVariables(name, shades))),
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-anchor': `var(--mantine-color-${theme.primaryColor}-text)`,
    // A field's error message (and its input's border): red as text, not Mantine's red 6 (3.3:1 on white).
    '--mantine-color-error': 'var(--mantine-color-red-text)',
  },
  dark: {},
});

// A dialog's backdrop lies under the toasts, the dialog over them (./layers.ts).
const backdrop = { overlayProps: { zIndex: LAYERS.modalBackdrop } };
// Icon-only close buttons need a name a screen reader can say.
const closeLabel = { closeButtonProps: { 'aria-label': 'Close' } };
const PAGER_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  components: {
    Modal: { defaultProps: { ...backdrop, ...closeLabel } },
    Drawer: { defaultProps: { ...backdrop, ...closeLabel } },
    Pagination: { defaultProps: { getControlProps: (control: keyof typeof PAGER_LABELS) => ({ 'aria-label': PAGER_LABELS[control] }) } },
    Notification: { defaultProps: closeLabel },
  },
});
