import { Link } from 'react-router-dom';
import type { HouseGame } from '@shared/house-games';
import { dailyTicketRule } from '@shared/ticket-rule';
import { useHouseGames } from '../hooks/use-house-games';
import { gameOf, jackpotRange } from '../game-amounts';
import { drawSentence, wholeLrd } from '../schedule-text';
import { Countdown } from './Countdown';

/**
 * A house game's page facts as configured: its
 * prize (the jackpot as it stands now), draw time, countdown, which draw a
 * ticket is in, and its past results. List items of the page's facts list.
 */
export function HouseGameFacts({ game }: { game: HouseGame }) {
  const games = useHouseGames();
  const info = gameOf(game, games);
  const range = jackpotRange(games);
  return (
    <>
      <li data-testid="game-prize">
        {game === 'daily' ? (
          <>Prize: {wholeLrd(info.prize_lrd)} LRD, paid to the winner's mobile money.</>
        ) : (
          <>
            The jackpot now: <strong>{wholeLrd(info.prize_lrd)} LRD</strong>. It starts at {range.from} LRD and grows
            with every ticket, up to {range.upTo} LRD.
          </>
        )}
      </li>
      <li>{drawSentence(info)}</li>
      {info.next_draw_at ? (
        <li>
          <Countdown label="Next draw" at={info.next_draw_at} />
        </li>
      ) : null}
      <li>
        {game === 'daily'
          ? dailyTicketRule(info.draw_time)
          : 'A jackpot ticket is valid for one week from the day it is issued.'}
      </li>
      <li>
        <Link to="/results">Past results</Link>
      </li>
    </>
  );
}
