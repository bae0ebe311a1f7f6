/**
 * The four colour themes (spec section 9), defined as CSS variables on
 * `:root[data-theme=...]` in styles/themes.css. The default theme is active.
 */
export const THEMES = ['default', 'sunset', 'ocean', 'forest'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'default';

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}
