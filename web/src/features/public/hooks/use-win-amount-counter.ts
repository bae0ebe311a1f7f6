import { useEffect, useRef, useState } from 'react';

/** Home counter (spec sections 2 and 9): up to 1,000,000 LRD, +50,000 every 50 ms. */
export const COUNTER_TARGET = 1_000_000;
export const COUNTER_STEP = 50_000;
export const COUNTER_TICK_MS = 50;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** Counts up from 0; visitors who ask for reduced motion see the end value at once. */
export function useWinAmountCounter(): number {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? COUNTER_TARGET : 0));
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  // One steady 50 ms tick from mount...
  useEffect(() => {
    if (prefersReducedMotion()) return;
    timer.current = setInterval(
      () => setValue((current) => Math.min(current + COUNTER_STEP, COUNTER_TARGET)),
      COUNTER_TICK_MS,
    );
    return () => clearInterval(timer.current);
  }, []);

  // ...stopped once the target shows.
  useEffect(() => {
    if (value >= COUNTER_TARGET) clearInterval(timer.current);
  }, [value]);

  return value;
}
