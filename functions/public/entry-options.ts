import type { HouseGame } from '../../shared/house-games';
import { formatMoney } from '../../shared/money';
import type { HttpApp } from '../lib/http-app';
import { getHouseSettings } from '../store/house-settings';

/**
 * Spec section 7 "Public": GET on a house game's entry endpoint reads its
 * current prices, from the settings super admins edit.
 */
export async function entryOptions(game: HouseGame) {
  const { settings } = await getHouseSettings();
  return {
    DefaultAmountLRD: formatMoney(settings[game].priceLrdCents),
    DefaultAmountUSD: formatMoney(settings[game].priceUsdCents),
  };
}

export function register(app: HttpApp): void {
  app.on('dailyDrawEntryOptions', () => entryOptions('daily'));
  app.on('jackpotEntryOptions', () => entryOptions('jackpot'));
}
