import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `until` (epoch ms), ticking each second and
 * stopping at 0. Read from the clock at each tick, so a throttled
 * background tab is right again at its next tick.
 */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (Date.now() >= until) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 1_000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1_000));
}

/** 754 → "12:34" (minute:second). */
export const minuteSecond = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
