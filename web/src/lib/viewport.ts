/** Whether the screen is at most `width` wide (a CSS length, as in the stylesheet's media query); false without matchMedia. */
export function isAtMostWidth(width: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(`(max-width: ${width})`).matches
    : false;
}
