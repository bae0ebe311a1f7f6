import { vi } from 'vitest';

/** jsdom has no matchMedia; the counter and react-hot-toast ask it about reduced motion. */
export function installMatchMedia(reducedMotion = false): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: reducedMotion && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** jsdom does not implement scrolling; the layout scrolls to the top on navigation. */
export function installScrollTo(): void {
  vi.stubGlobal('scrollTo', () => undefined);
}
