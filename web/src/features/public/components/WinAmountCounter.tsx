import { formatWhole } from '@web/lib/money';
import { COUNTER_TARGET, useWinAmountCounter } from '../hooks/use-win-amount-counter';

export function WinAmountCounter() {
  const value = useWinAmountCounter();
  return (
    <p className="counter">
      <span className="counter__label">Win up to</span>
      {/* Screen readers hear the final amount once, not twenty updates. */}
      <span className="counter__value" aria-hidden="true" data-testid="win-amount">
        {formatWhole(value)} LRD
      </span>
      <span className="visually-hidden">{formatWhole(COUNTER_TARGET)} LRD</span>
    </p>
  );
}
