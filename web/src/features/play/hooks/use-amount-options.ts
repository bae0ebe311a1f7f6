import { useQuery } from '@web/hooks/use-query';
import { formatAmount } from '@web/lib/money';
import { fetchDefaultAmounts } from '../api/entries';
import type { HouseGameSlug } from '@shared/games';
import type { EntryAmount } from '@web/lib/public-api-types';

interface AmountOption {
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
export function useAmountOptions(game: HouseGameSlug): AmountOptions {
  const { data, error } = useQuery(['entry-amounts', game], (signal) => fetchDefaultAmounts(game, signal), {
    failureLog: `Could not load the ${game} entry amounts`,
  });
  if (error) return { options: [], loading: false };
  if (data === undefined) return { options: [], loading: true };
  const options: AmountOption[] = [];
  if (data?.DefaultAmountLRD) options.push(optionOf(data.DefaultAmountLRD, 'LRD'));
  if (data?.DefaultAmountUSD) options.push(optionOf(data.DefaultAmountUSD, 'USD'));
  return { options, loading: false };
}

/** The value is sent back exactly as the API gave it; the label shows 2 decimals. */
function optionOf(amount: string, currency: 'LRD' | 'USD'): AmountOption {
  return { value: `${amount}|${currency}`, label: `${formatAmount(amount)} ${currency}` };
}
