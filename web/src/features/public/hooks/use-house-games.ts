import { useSyncExternalStore } from 'react';
import { fetchHouseGames, type PublicHouseGames } from '../api/house-games';

/** How often an open page asks again: the live jackpot grows as stakes arrive (the answer is CDN-cached as long). */
const REFRESH_MS = 30_000;

// one read shared by every part of the page (prize cards, announcements, countdowns)
let current: PublicHouseGames | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function load(): void {
  fetchHouseGames()
    .then((games) => {
      current = games;
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => console.error('Could not load the draw schedule', error));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    load();
    timer = setInterval(load, REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/**
 * Forget the answer read (nothing on the page is listening then): the web tests' files share one module
 * graph, and a file's first render must not show another file's settings before its own answer arrives.
 */
export function forgetHouseGames(): void {
  if (listeners.size === 0) current = undefined;
}

/** The house games as configured (undefined until the first answer: the texts then read the defaults). */
export function useHouseGames(): PublicHouseGames | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}
