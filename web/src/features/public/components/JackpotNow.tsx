import { formatAmount } from '@web/lib/money';
import { useHouseGames } from '../hooks/use-house-games';
import { Skeleton } from './Skeleton';

/**
 * The hero's figure (issue 35 item 7): this week's jackpot as it stands now
 * (what the draw would pay), and its cap as the cap, not as the prize.
 */
export function JackpotNow() {
  const jackpot = useHouseGames()?.jackpot;
  return (
    <p className="counter" aria-busy={!jackpot} data-testid="jackpot-now">
      <span className="counter__label">Jackpot now</span>
      <span className="counter__value">{jackpot ? `${formatAmount(jackpot.prize_lrd)} LRD` : <Skeleton />}</span>
      {jackpot ? <span>(grows to {formatAmount(jackpot.prize_cap_lrd)} LRD)</span> : null}
    </p>
  );
}
