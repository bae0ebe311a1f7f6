import { formatGmtMoment } from '@shared/dates';
import { HOUSE_GAMES, houseGame } from '@shared/games';
import { formatMoneyShown, parseMoney } from '@shared/money';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { ussdMessages, ussdPlayerMessages } from '@shared/ussd';
import { dailyLimitOf, LIMIT_RAISE_DELAY_MS, lowerOwnLimit, raiseOwnLimit, standingOf } from '../players';
import { getHouseRules } from '../games';
import { getPromotion } from '../catalog';
import type { Step, UssdRequest } from './menu';

/**
 * The daily spending limit on USSD (DESIGN section 7): the caller's own
 * number only. A new limit is shown for confirmation first, with a warning
 * when no ticket fits under it; a lower one holds at once, a higher one
 * starts a day later. Set only on the session's last input, as in the menu.
 */
export type LimitScreen = {
  kind: 'limit';
  /** The limit in force (the operator's or the player's own, the lower). */
  limitLrdCents?: number;
  /** The operator's limit: no own limit goes above it. */
  maxLrdCents?: number;
  raise?: { toLrdCents: number; from: string };
};
export type LimitConfirmScreen = {
  kind: 'limit-confirm';
  toLrdCents: number;
  raise: boolean;
  cheapestLrdCents: number;
};

const shown = formatMoneyShown;

export async function limitScreen(request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  const [{ rules }, standing] = await Promise.all([getHouseRules(), standingOf(msisdn, request.now)]);
  const max = rules.dailySpendLimitLrdCents > 0 ? rules.dailySpendLimitLrdCents : undefined;
  return {
    open: {
      kind: 'limit',
      limitLrdCents: dailyLimitOf(rules.dailySpendLimitLrdCents, standing.ownLimitLrdCents),
      maxLrdCents: max,
      raise: standing.ownLimit?.raise,
    },
  };
}

/** A new limit typed: asked again when it cannot be, else shown for confirmation. */
export async function limitStep(screen: LimitScreen, input: string): Promise<Step> {
  const cents = parseMoney(input);
  if (cents === null || cents <= 0) return { wrong: ussdPlayerMessages.limitBad };
  if (screen.maxLrdCents !== undefined && cents > screen.maxLrdCents)
    return { wrong: ussdPlayerMessages.limitNotLower(shown(screen.maxLrdCents)) };
  if (cents === screen.limitLrdCents) return { wrong: ussdPlayerMessages.limitSame(shown(cents)) };
  const raise = screen.limitLrdCents !== undefined && cents > screen.limitLrdCents;
  return { open: { kind: 'limit-confirm', toLrdCents: cents, raise, cheapestLrdCents: await cheapestTicket() } };
}

export function limitConfirmScreen(screen: LimitConfirmScreen): string {
  const below =
    screen.toLrdCents < screen.cheapestLrdCents
      ? ussdPlayerMessages.limitBelowTicket(shown(screen.cheapestLrdCents))
      : undefined;
  return `${ussdPlayerMessages.limitConfirm(shown(screen.toLrdCents), screen.raise, below)}\n${ussdMessages.back}`;
}

/** Confirmed: a lower limit now, a higher one from a day later (read again: another session may have changed it). */
export async function limitConfirmStep(screen: LimitConfirmScreen, request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber)!;
  const standing = await standingOf(msisdn, request.now);
  const own = standing.ownLimit;
  if (own && screen.toLrdCents > own.limitLrdCents) {
    const from = new Date(request.now.getTime() + LIMIT_RAISE_DELAY_MS);
    if (!(await raiseOwnLimit(msisdn, own, screen.toLrdCents, from, request.now)))
      return { end: ussdMessages.sessionOver };
    return {
      end: ussdPlayerMessages.limitRaised(
        shown(screen.toLrdCents),
        formatGmtMoment(from.toISOString()),
        shown(own.limitLrdCents),
      ),
    };
  }
  // a lower own limit set meanwhile (another session) stays
  if (!(await lowerOwnLimit(msisdn, screen.toLrdCents, request.now)))
    return { end: ussdPlayerMessages.limitNotLower(shown(screen.toLrdCents)) };
  return { end: ussdPlayerMessages.limitSet(shown(screen.toLrdCents)) };
}

/** The cheapest LRD ticket of the house games: a limit below it lets the number buy none. */
async function cheapestTicket(): Promise<number> {
  const promotions = await Promise.all(HOUSE_GAMES.map((game) => getPromotion(houseGame[game].promotionId)));
  const prices = promotions.map((p) => p?.priceLrdCents ?? 0).filter((cents) => cents > 0);
  return prices.length === 0 ? 0 : Math.min(...prices);
}

export const limitNowText = (screen: LimitScreen) =>
  ussdPlayerMessages.limitNow(
    screen.limitLrdCents === undefined ? undefined : shown(screen.limitLrdCents),
    screen.raise && { to: shown(screen.raise.toLrdCents), from: formatGmtMoment(screen.raise.from) },
  );
