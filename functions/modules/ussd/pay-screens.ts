import { formatMoneyShown, type Currency } from '@shared/money';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { USSD_MAX_CHARS, ussdMessages } from '@shared/ussd';
import { toGsm7 } from '../../integrations/sms/gsm7';
import { isRefusal } from '../../platform/refusal';
import { UNKNOWN_CODE, gameOf, resolveEntryTarget, type EntryTarget } from '../games';
import { startEntry } from '../entries';
import type { Step, UssdRequest } from './menu';
import { playerNetwork } from './session-input';

/**
 * The screen that offers a target's prices (DESIGN section 8): its title, what
 * it pays and when it is drawn, then a choice per currency.
 */
export type PayScreen = {
  kind: 'pay';
  target: EntryTarget;
  title: string;
  /** "Prize 5,000.00 LRD. Draw Nov 29, 2026 21:00 GMT": what a ticket bought now plays for. */
  facts: string;
  prices: Array<[Currency, number]>;
};

/** The screen that offers a target's prices, or why it cannot be entered. */
export async function payScreen(target: EntryTarget, request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  try {
    const { promotion, game, assignment, rules } = await resolveEntryTarget(
      target,
      msisdn,
      playerNetwork(request.networkCode, msisdn, request.server),
    );
    const played = gameOf(game);
    const prices = (['LRD', 'USD'] as const)
      .map((currency) => [currency, played.price(promotion, currency)] as [Currency, number])
      .filter(([, cents]) => cents > 0);
    // the prize as the draw would pay it now (a jackpot grows with its week's stakes), and the draw a ticket bought now is in
    const prize = played.prize({ rules, windowStakesLrdCents: assignment.windowValueLrdCents ?? 0, assignment });
    const draw = played.ticketDraw(request.now, rules)?.when;
    const facts = ussdMessages.payFacts(formatMoneyShown(prize), draw);
    return { open: { kind: 'pay', target, title: toGsm7(promotion.title), facts, prices } };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    // a mistyped code can be typed again; any other refusal (wrong network, ended) cannot be fixed here
    return error.message === UNKNOWN_CODE ? { wrong: UNKNOWN_CODE } : { end: error.message };
  }
}

/** A price chosen: the entry is started (on the session's last input only, as the menu ensures). */
export async function payStep(screen: PayScreen, input: string, last: boolean, request: UssdRequest): Promise<Step> {
  const picked = /^\d$/.test(input) ? screen.prices[Number(input) - 1] : undefined;
  if (!picked) return { wrong: ussdMessages.notOnMenu };
  if (!last) return { end: ussdMessages.sessionOver };
  const msisdn = normalizeMobileNumber(request.phoneNumber)!;
  try {
    const started = await startEntry({
      target: screen.target,
      mobileNumber: msisdn,
      currency: picked[0],
      channel: 'ussd',
      via: playerNetwork(request.networkCode, msisdn, request.server),
      now: request.now,
    });
    const message = (title: string) =>
      ussdMessages.approve(formatMoneyShown(started.entry.amountCents), picked[0], title);
    return { end: message(shorten(screen.title, USSD_MAX_CHARS - 4 - message('').length)) };
  } catch (error) {
    if (isRefusal(error)) return { end: error.message };
    throw error;
  }
}

/** The pay screen within `room` characters: the title gives way, so the facts and the choices always show. */
export function payScreenText(screen: PayScreen, room: number): string {
  const choices = [
    ...screen.prices.map(([currency, cents], i) => ussdMessages.payLine(i + 1, formatMoneyShown(cents), currency)),
    ussdMessages.back,
  ].join('\n');
  const fixed = `${screen.facts}\n${choices}`;
  return `${shorten(screen.title, room - 1 - fixed.length)}\n${fixed}`;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 3))}...`;
}
