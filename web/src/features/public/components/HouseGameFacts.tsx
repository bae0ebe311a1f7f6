import { Link } from 'react-router-dom';
import type { HouseGameKind } from '@shared/games';
import { dailyTicketRule } from '@shared/ticket-rule';
import { useHouseGames } from '../hooks/use-house-games';
import { shownAmount } from '../game-amounts';
import { drawSentence } from '../schedule-text';
import { Countdown } from './Countdown';

/**
 * A house game's page facts as configured: its
 * prize (the jackpot as it stands now), draw time, countdown, which draw a
 * ticket is in, and its past results. List items of the page's facts list;
 * "…" for what has not arrived yet.
 */
export function HouseGameFacts({ game }: { game: HouseGameKind }) {
  const games = useHouseGames();
  const info = games?.[game];
  return (
    <>
      <li data-testid="game-prize">
        {game === 'daily' ? (
          <>Prize: {shownAmount(info?.prize_lrd)} LRD, paid to the winner's mobile money.</>
        ) : (
          <>
            The jackpot now: <strong>{shownAmount(info?.prize_lrd)} LRD</strong>. It starts at{' '}
            {shownAmount(games?.jackpot.base_prize_lrd)} LRD and grows with every ticket, up to{' '}
            {shownAmount(games?.jackpot.prize_cap_lrd)} LRD.
          </>
        )}
      </li>
      {info ? <li>{drawSentence(info)}</li> : null}
      {info?.next_draw_at ? (
        <li>
          <Countdown label="Next draw" at={info.next_draw_at} />
        </li>
      ) : null}
      <li>
        {game === 'daily'
          ? dailyTicketRule(info?.draw_time ?? '…')
          : 'A jackpot ticket is valid for one week from the day it is issued.'}
      </li>
      <li>
        <Link to="/results">Past results</Link>
      </li>
    </>
  );
}
