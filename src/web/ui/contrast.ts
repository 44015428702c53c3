import { darken, luminance } from '@mantine/core';

/**
 * Colour contrast as WCAG 2.1 measures it (success criterion 1.4.3): text needs 4.5:1
 * against what lies behind it. The theme (./theme.ts) picks every colour's text, filled
 * and outline shades with these, so each screen inherits readable colours.
 */
export const TEXT_CONTRAST = 4.5;

/** The contrast ratio of two opaque colours (any CSS colour Mantine parses), 1 to 21. */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The first of `shades` (lightest first) that reads on every background; when none does,
 * the darkest darkened in small steps until it does (Mantine's green, lime, yellow and
 * orange have no shade that carries white text at 4.5:1).
 */
export function readableShade(shades: readonly string[], backgrounds: readonly string[], target = TEXT_CONTRAST): string {
  const reads = (c: string) => backgrounds.every((bg) => contrast(c, bg) >= target);
  const found = shades.find(reads);
  if (found) return found;
  const darkest = shades[shades.length - 1];
  for (let step = 1; step <= 50; step++) {
    const darker = darken(darkest, step * 0.02);
    if (reads(darker)) return darker;
  }
  return '#000000';
}
