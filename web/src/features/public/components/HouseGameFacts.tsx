import { Link } from 'react-router-dom';
import type { HouseGameKind } from '@shared/games';
import { dailyTicketRule } from '@shared/ticket-rule';
import { useHouseGames } from '../hooks/use-house-games';
import { shownAmount } from '../game-amounts';
import { drawSentence } from '../schedule-text';
import { Countdown, type LinkTo } from './Countdown';
import { Skeleton } from './Skeleton';

const linkTo: LinkTo = (to, text) => <Link to={to}>{text}</Link>;

/**
 * A house game's page facts as configured: its
 * prize (the jackpot as it stands now), draw time, countdown, which draw a
 * ticket is in, and its past results. List items of the page's facts list;
 * bars in their place until the settings arrive.
 */
export function HouseGameFacts({ game }: { game: HouseGameKind }) {
  const games = useHouseGames();
  const info = games?.[game];
  if (!games || !info)
    return (
      <>
        <li data-testid="game-prize" aria-busy="true">
          <Skeleton wide />
        </li>
        <li aria-busy="true">
          <Skeleton wide />
        </li>
        <li>
          <Link to="/results">Past results</Link>
        </li>
      </>
    );
  return (
    <>
      <li data-testid="game-prize">
        {game === 'daily' ? (
          <>Prize: {shownAmount(info.prize_lrd)} LRD, paid to the winner's mobile money.</>
        ) : (
          <>
            The jackpot now: <strong>{shownAmount(info.prize_lrd)} LRD</strong>. It starts at{' '}
            {shownAmount(games.jackpot.base_prize_lrd)} LRD and grows with every ticket, up to{' '}
            {shownAmount(games.jackpot.prize_cap_lrd)} LRD.
          </>
        )}
      </li>
      <li>{drawSentence(info)}</li>
      <li>
        <Countdown game={info} link={linkTo} />
      </li>
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
