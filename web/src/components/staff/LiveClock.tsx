import { useClock } from '@web/hooks/use-clock';
import { clockText } from '@web/lib/staff-dates';

/** The staff screens' ticking clock (spec section 9: ticks each second). */
export function LiveClock() {
  const now = useClock();
  return (
    <time className="live-clock" dateTime={now.toISOString()} aria-live="off">
      {clockText(now)}
    </time>
  );
}
