import { format } from 'date-fns';
import { useClock } from '../../hooks/use-clock';

/** The staff screens' ticking clock (spec section 9: ticks each second). */
export function LiveClock() {
  const now = useClock();
  return (
    <time className="live-clock" dateTime={now.toISOString()} aria-live="off">
      {format(now, 'EEEE, MMM d, yyyy · HH:mm:ss')}
    </time>
  );
}
