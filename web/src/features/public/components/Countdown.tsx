import { useEffect, useState } from 'react';
import { formatGmtDate } from '@web/lib/dates';

const two = (n: number) => String(n).padStart(2, '0');

/** 93784000 ms → "1d 02:03:04". */
export function untilText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  return `${days > 0 ? `${days}d ` : ''}${two(Math.floor(s / 3600) % 24)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/**
 * The time left to a draw. Screen readers read the draw's
 * date and time; the ticking part is a timer they are not told of each second
 * (aria-live off).
 */
export function Countdown({ label, at }: { label: string; at: string }) {
  // its own tick (not hooks/use-clock, which the staff portals share: the home bundle stays whole)
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(at) - now;
  return (
    <p className="countdown" data-testid="countdown" data-target={at}>
      {label}:{' '}
      <time dateTime={at}>
        {formatGmtDate(at)} {at.slice(11, 16)} GMT
      </time>{' '}
      <span role="timer" aria-live="off">
        {left > 0 ? `(in ${untilText(left)})` : '(drawing now)'}
      </span>
    </p>
  );
}
