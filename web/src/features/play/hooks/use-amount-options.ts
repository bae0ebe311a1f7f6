import { useEffect, useState } from 'react';
import { formatAmount } from '@web/lib/money';
import { fetchDefaultAmounts } from '../api/entries';
import type { EntryAmount, Game } from '@web/lib/public-api-types';

export interface AmountOption {
  value: EntryAmount;
  label: string;
}

export interface AmountOptions {
  options: AmountOption[];
  loading: boolean;
}

/**
 * The game's entry amounts as the API offers them. A failed load is only
 * logged and leaves the list empty (spec section 8, "Entry").
 */
export function useAmountOptions(game: Game): AmountOptions {
  const [state, setState] = useState<AmountOptions>({ options: [], loading: true });

  useEffect(() => {
    const controller = new AbortController();
    setState({ options: [], loading: true });
    fetchDefaultAmounts(game, controller.signal)
      .then((amounts) => {
        if (controller.signal.aborted) return;
        const options: AmountOption[] = [];
        if (amounts?.DefaultAmountLRD) options.push(optionOf(amounts.DefaultAmountLRD, 'LRD'));
        if (amounts?.DefaultAmountUSD) options.push(optionOf(amounts.DefaultAmountUSD, 'USD'));
        setState({ options, loading: false });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Could not load the ${game} entry amounts`, error);
        setState({ options: [], loading: false });
      });
    return () => controller.abort();
  }, [game]);

  return state;
}

/** The value is sent back exactly as the API gave it; the label shows 2 decimals. */
function optionOf(amount: string, currency: 'LRD' | 'USD'): AmountOption {
  return { value: `${amount}|${currency}`, label: `${formatAmount(amount)} ${currency}` };
}
