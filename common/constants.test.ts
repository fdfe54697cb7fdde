import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, INPUT_HEIGHT_PX, MENU_BAR_HEIGHT_PX, PALETTE } from './constants.ts';

const tokens = readFileSync(new URL('../islands/ui/tokens.css', import.meta.url), 'utf8');
const token = (name: string) => tokens.match(new RegExp(`--${name}:\\s*([^;]+);`))?.[1]?.trim();

describe('design tokens', () => {
  it('carry the spec’s palette, sizes and the breakpoint Tailwind lacks', () => {
    expect(token('color-success')?.toLowerCase()).toBe(PALETTE.success.toLowerCase());
    expect(token('color-warning')?.toLowerCase()).toBe(PALETTE.warning.toLowerCase());
    expect(token('color-error')?.toLowerCase()).toBe(PALETTE.error.toLowerCase());
    expect(token('spacing-input')).toBe(`${INPUT_HEIGHT_PX}px`);
    expect(token('spacing-menu-bar')).toBe(`${MENU_BAR_HEIGHT_PX}px`);
    expect(token('breakpoint-xs')).toBe(`${BREAKPOINTS.xs / 16}rem`);
  });
});
