import { type ReactNode, useEffect, useState } from 'react';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { formatGmtTime } from '@web/lib/dates';
import type { PublicHouseGame } from '../api/house-games';

const two = (n: number) => String(n).padStart(2, '0');

/** 93784000 ms → "1d 02:03:04". */
export function untilText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86_400);
  return `${days > 0 ? `${days}d ` : ''}${two(Math.floor(s / 3600) % 24)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
}

/**
 * How long after its moment a draw not yet made is still told as "drawing now": the draws job runs every
 * minute and the public randomness comes within seconds; a moment with no draw (none entered) stops there.
 */
const DRAWING_FOR_MS = 15 * 60_000;

type GameDraws = Pick<PublicHouseGame, 'draw_time' | 'next_draw_at' | 'last_draw_at' | 'last_draw_id'>;

/**
 * The page's router link. Passed in rather than imported here: this module importing the router's Link made
 * the bundler split React into a chunk of its own, ~600 gzipped bytes more on the home page (DESIGN section 9).
 */
export type LinkTo = (to: string, text: string) => ReactNode;

/**
 * The time left to a game's next draw. From its moment until the draw is made it says "drawing now" (the
 * answer asked again meanwhile already names the next day's moment: never a jump to "in 23:59:33"), then
 * links the result beside the next countdown (issue 35). Screen readers read the draw's date and time; the
 * ticking part is a timer they are not told of each second (aria-live off).
 */
export function Countdown({ game, link }: { game: GameDraws; link: LinkTo }) {
  // its own tick (not hooks/use-clock, which the staff portals share: the home bundle stays whole)
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Date.parse(game.next_draw_at) - now;
  // a last moment off the draw time is a schedule change's, not a draw (the answer then names the change's time)
  const lastWasDraw = game.last_draw_at.endsWith(`T${game.draw_time}:00.000Z`);
  const drawing =
    left <= 0 || (lastWasDraw && !game.last_draw_id && now - Date.parse(game.last_draw_at) < DRAWING_FOR_MS);
  // the moment being drawn: the next one once reached, else the last one
  const at = drawing && left > 0 ? game.last_draw_at : game.next_draw_at;
  return (
    <p className="countdown" data-testid="countdown" data-target={at} data-drawing={drawing}>
      {drawing ? 'Draw' : 'Next draw'}: <time dateTime={at}>{formatGmtTime(at)}</time>{' '}
      <span role="timer" aria-live="off">
        {drawing ? '(drawing now)' : `(in ${untilText(left)})`}
      </span>
      {game.last_draw_id && !drawing ? (
        <> {link(drawRecordPagePath(game.last_draw_id), "See the last draw's result")}</>
      ) : null}
    </p>
  );
}
