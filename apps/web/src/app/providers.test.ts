import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { readableLightColor } from './providers.tsx';
import { theme } from './theme.ts';

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('light badges and alerts', () => {
  it('write their text at WCAG AA (4.5:1) on their background, in every colour of the theme', () => {
    const colors: Record<string, readonly string[]> = { ...DEFAULT_THEME.colors, ...(theme.colors as object) };
    const low = Object.entries(colors)
      .map(([name, shades]) => ({ name, ratio: contrast(readableLightColor(shades), shades[1]!) }))
      .filter((c) => c.ratio < 4.5);
    expect(low).toEqual([]);
    // Mantine's own choice (shade 9) falls short for green, which the "This device" badge uses.
    expect(contrast(DEFAULT_THEME.colors.green[9], DEFAULT_THEME.colors.green[1])).toBeLessThan(4.5);
  });

  it('keeps a colour that already reads well as it is', () => {
    expect(readableLightColor(DEFAULT_THEME.colors.gray)).toBe(DEFAULT_THEME.colors.gray[9]);
  });
});
