import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEMES } from '@web/lib/theme';

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const css = readFileSync(join(import.meta.dirname, '../../web/src/styles/themes.css'), 'utf8');

function themeVariables(theme: string): Record<string, string> {
  const block = new RegExp(`:root\\[data-theme='${theme}'\\]\\s*\\{([^}]*)\\}`).exec(css);
  if (!block) throw new Error(`no block for theme ${theme}`);
  return Object.fromEntries([...block[1]!.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1]!, m[2]!]));
}

/** Text colour on background colour, as the stylesheet pairs them. */
const TEXT_PAIRS: ReadonlyArray<[string, string]> = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['link', 'bg'],
  ['link', 'surface'],
  ['primary', 'surface'],
  ['on-primary', 'primary'],
  ['on-accent', 'accent'],
  ['hero-text', 'hero-bg'],
  ['hero-link', 'hero-bg'],
  ['hero-bg', 'hero-text'],
  ['success-text', 'success-bg'],
  ['danger-text', 'danger-bg'],
  ['info-text', 'info-bg'],
];

describe('themes (spec section 9)', () => {
  it('defines the four themes, with default active', () => {
    expect(THEMES).toEqual(['default', 'sunset', 'ocean', 'forest']);
    const html = readFileSync(join(import.meta.dirname, '../../web/index.html'), 'utf8');
    expect(html).toMatch(/<html[^>]*data-theme="default"/);
  });

  it.each(THEMES)('the %s theme defines the same variables as default', (theme) => {
    expect(Object.keys(themeVariables(theme)).sort()).toEqual(Object.keys(themeVariables('default')).sort());
  });

  it.each(
    THEMES.flatMap((theme) => TEXT_PAIRS.map(([fg, bg]) => [theme, fg, bg] as const)),
  )('%s: --color-%s on --color-%s has a contrast of at least 4.5:1', (theme, fg, bg) => {
    const colours = themeVariables(theme);
    const ratio = contrast(colours[`color-${fg}`]!, colours[`color-${bg}`]!);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it.each(THEMES)('the %s focus ring stands out (3:1) on light and on dark backgrounds', (theme) => {
    const colours = themeVariables(theme);
    // Two rings: the outer dark one shows on light ground, the inner light one on dark ground.
    expect(contrast(colours['color-focus-ring']!, colours['color-surface']!)).toBeGreaterThanOrEqual(3);
    expect(contrast(colours['color-focus']!, colours['color-hero-bg']!)).toBeGreaterThanOrEqual(3);
    expect(contrast(colours['color-focus']!, colours['color-primary']!)).toBeGreaterThanOrEqual(3);
  });
});
