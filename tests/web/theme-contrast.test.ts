import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, DIMMED, theme } from '../../src/web/app/theme';
import { contrast, readableShade, TEXT_CONTRAST } from '../../src/web/ui/contrast';

/** WCAG 2.1 AA contrast of the theme's colours, as axe measures it on the screens. */
const merged = { ...DEFAULT_THEME, ...theme, colors: DEFAULT_THEME.colors };
const light = cssVariablesResolver(merged as typeof DEFAULT_THEME).light;
const SURFACES = ['#ffffff', DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];

describe('contrast', () => {
  it('measures as WCAG does: black on white 21:1, equal colours 1:1, Mantine grey 6 on white 3.32:1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#4c6ef5', '#4c6ef5')).toBe(1);
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('keeps the first shade that reads, and darkens the last when none does', () => {
    expect(readableShade(['#868e96', '#495057'], ['#ffffff'])).toBe('#495057');
    const darkened = readableShade(['#ffd43b'], ['#ffffff']);
    expect(darkened).not.toBe('#ffd43b');
    expect(contrast(darkened, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('the theme', () => {
  it('gives dimmed text 4.5:1 on every surface (Mantine grey 6 was 3.3:1)', () => {
    for (const bg of SURFACES) expect(contrast(DIMMED, bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(light['--mantine-color-dimmed']).toBe(DIMMED);
  });

  for (const name of Object.keys(DEFAULT_THEME.colors)) {
    it(`${name}: white on filled, the colour as text and outline, a light variant's text on its tint, all 4.5:1`, () => {
      const shades = DEFAULT_THEME.colors[name];
      const v = (k: string) => light[`--mantine-color-${name}-${k}`];
      expect(contrast(v('filled'), '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      for (const bg of SURFACES) {
        expect(contrast(v('text'), bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        expect(contrast(v('outline'), bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      }
      for (const tint of [shades[1], shades[2]]) expect(contrast(v('light-color'), tint)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    });
  }
});
