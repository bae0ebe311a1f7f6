import { formatMoneyShown, type Currency } from '@shared/money';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import {
  USSD_MAX_CHARS,
  USSD_SERVERS,
  ussdMessages,
  ussdPlayerMessages,
  type UssdDigitsIn,
  type UssdServer,
} from '@shared/ussd';
import { EXCLUSION_PERIODS, exclusionEnd } from '../players';
import { toGsm7 } from '../../integrations/sms/gsm7';
import { isRefusal } from '../../platform/refusal';
import { isHouseGame } from '@shared/games';
import { UNKNOWN_CODE, allGames, gameOf, resolveTarget, type EntryTarget } from '../games';
import { startEntry, verifyTicket } from '../entries';
import {
  confirmScreen,
  exclusionStep,
  myTickets,
  myTicketsScreen,
  sendMyTickets,
  type ConfirmScreen,
  type TicketsScreen,
} from './player-screens';
import {
  limitConfirmScreen,
  limitConfirmStep,
  limitNowText,
  limitScreen,
  limitStep,
  type LimitConfirmScreen,
  type LimitScreen,
} from './limit-screens';
import { playerNetwork, sessionInputs } from './session-input';
import { drawCheckItem, drawCheckPrompt, drawCheckStep } from './draw-check';

export interface UssdRequest {
  /** The gateway the request came through. */
  server: UssdServer;
  phoneNumber: string;
  /** The code as the gateway sends it: its base code (`*384*2024#`), maybe with dialled digits. */
  serviceCode: string;
  /** The gateway's configured base code. */
  baseCode: string;
  /** Where the gateway puts digits dialled after the base code: read from there only. */
  digitsIn: UssdDigitsIn;
  /** MCC-MNC of the player's network (61801 Lonestar MTN, 61807 Orange). */
  networkCode: string;
  /** Everything typed this session, joined by `*` (Africa's Talking). */
  text: string;
  now: Date;
}

/** After this many wrong inputs a session ends: a person re-reads the menu long before. */
export const MAX_WRONG_INPUTS = 5;

type PayScreen = { kind: 'pay'; target: EntryTarget; title: string; prices: Array<[Currency, number]> };
/** The caller's own screens (functions/modules/ussd/player-screens.ts): my tickets, play responsibly. */
type PlayerScreen =
  | TicketsScreen
  | { kind: 'care' }
  | LimitScreen
  | LimitConfirmScreen
  | { kind: 'exclude' }
  | ConfirmScreen;
type Screen = { kind: 'main' } | { kind: 'code' } | { kind: 'ticket' } | { kind: 'draw' } | PayScreen | PlayerScreen;

/** What one input does on a screen: open another, end the session, or ask again. */
export type Step = { open: Screen } | { end: string } | { wrong: string };

const con = (text: string) => fitScreen(`CON ${text}`);
const end = (text: string) => fitScreen(`END ${text}`);

/** GSM-7 and at most 182 characters, whatever a title holds (DESIGN section 8). */
function fitScreen(text: string): string {
  const clean = toGsm7(text);
  return clean.length <= USSD_MAX_CHARS ? clean : `${clean.slice(0, USSD_MAX_CHARS - 3)}...`;
}

/**
 * The main menu: each game's item, in the registry's order (a house game opens
 * its prices; a promotion asks for its code), then the caller's own items.
 */
const MAIN_MENU: ReadonlyArray<{ label: string; choose(request: UssdRequest): Promise<Step> | Step }> = [
  ...allGames().map(({ kind, ussdItem }) => ({
    label: ussdItem.label,
    choose: (request: UssdRequest): Promise<Step> | Step =>
      isHouseGame(kind) ? payScreen({ kind: 'house', game: kind }, request) : { open: { kind: 'code' } },
  })),
  { label: ussdMessages.checkTicket, choose: () => ({ open: { kind: 'ticket' } }) },
  { label: ussdMessages.myTickets, choose: myTickets },
  { label: ussdMessages.playResponsibly, choose: () => ({ open: { kind: 'care' } }) },
  drawCheckItem,
];

export const mainMenuText = [ussdMessages.welcome, ...MAIN_MENU.map((item, i) => `${i + 1}. ${item.label}`)].join('\n');

/**
 * The USSD menu (DESIGN section 8): daily draw, jackpot, enter a promo code,
 * check a ticket, my tickets, play responsibly (spending limit,
 * self-exclusion); a code dialled after the base code jumps to its promotion.
 * Stateless: each request replays the session's inputs from the main menu,
 * so a dropped session leaves nothing half-done. `0` goes back one screen; a
 * wrong input asks again with a note rather than ending the session. Acting
 * (paying, checking) happens only on the session's last input, so a replay
 * can never act twice.
 */
export async function ussdReply(request: UssdRequest): Promise<string> {
  const inputs = sessionInputs(request);
  const screens: Screen[] = [{ kind: 'main' }];
  let note: string | undefined;
  let wrong = 0;
  for (const [index, input] of inputs.entries()) {
    note = undefined;
    if (input === '0' && screens.length > 1) {
      screens.pop();
      continue;
    }
    const step = await next(screens.at(-1)!, input, index === inputs.length - 1, request);
    if ('end' in step) return end(step.end);
    if ('wrong' in step) {
      wrong += 1;
      if (wrong >= MAX_WRONG_INPUTS) return end(ussdMessages.tooManyWrong);
      note = step.wrong;
      continue;
    }
    screens.push(step.open);
  }
  return con(render(screens.at(-1)!, note));
}

async function next(screen: Screen, input: string, last: boolean, request: UssdRequest): Promise<Step> {
  switch (screen.kind) {
    case 'main': {
      const item = /^[1-9]$/.test(input) ? MAIN_MENU[Number(input) - 1] : undefined;
      if (item) return item.choose(request);
      // a promo code dialled or typed straight away
      if (/^\d{3,10}$/.test(input)) return payScreen({ kind: 'code', sharedCode: input }, request);
      return { wrong: ussdMessages.notOnMenu };
    }
    case 'code':
      return /^\d{3,10}$/.test(input)
        ? payScreen({ kind: 'code', sharedCode: input }, request)
        : { wrong: UNKNOWN_CODE };
    case 'ticket':
      if (!last) return { end: ussdMessages.sessionOver };
      return { end: (await verifyTicket(input, request.now)).message };
    case 'draw':
      return drawCheckStep(input, last, request);
    case 'pay': {
      const picked = /^\d$/.test(input) ? screen.prices[Number(input) - 1] : undefined;
      if (!picked) return { wrong: ussdMessages.notOnMenu };
      if (!last) return { end: ussdMessages.sessionOver };
      return pay(screen, picked[0], request);
    }
    case 'mine':
      if (input !== '1') return { wrong: ussdMessages.notOnMenu };
      return last ? { end: await sendMyTickets(screen, request) } : { end: ussdMessages.sessionOver };
    case 'care':
      if (input === '1') return limitScreen(request);
      if (input === '2') return { open: { kind: 'exclude' } };
      return { wrong: ussdMessages.notOnMenu };
    case 'limit':
      return limitStep(screen, input);
    case 'limit-confirm':
      if (input !== '1') return { wrong: ussdMessages.notOnMenu };
      return last ? limitConfirmStep(screen, request) : { end: ussdMessages.sessionOver };
    case 'exclude': {
      const period = /^\d$/.test(input) ? EXCLUSION_PERIODS[Number(input) - 1] : undefined;
      return period
        ? { open: { kind: 'confirm', period, until: exclusionEnd(period, request.now) } }
        : { wrong: ussdMessages.notOnMenu };
    }
    case 'confirm':
      if (input !== '1') return { wrong: ussdMessages.notOnMenu };
      return last ? exclusionStep(screen, request) : { end: ussdMessages.sessionOver };
  }
}

/** The screen that offers a target's prices, or why it cannot be entered. */
async function payScreen(target: EntryTarget, request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  try {
    const { promotion, game } = await resolveTarget(
      target,
      msisdn,
      playerNetwork(request.networkCode, msisdn, request.server),
    );
    const prices = (['LRD', 'USD'] as const)
      .map((currency) => [currency, gameOf(game).price(promotion, currency)] as [Currency, number])
      .filter(([, cents]) => cents > 0);
    return { open: { kind: 'pay', target, title: toGsm7(promotion.title), prices } };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    // a mistyped code can be typed again; any other refusal (wrong network, ended) cannot be fixed here
    return error.message === UNKNOWN_CODE ? { wrong: UNKNOWN_CODE } : { end: error.message };
  }
}

async function pay(screen: PayScreen, currency: Currency, request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber)!;
  try {
    const started = await startEntry({
      target: screen.target,
      mobileNumber: msisdn,
      currency,
      channel: 'ussd',
      via: playerNetwork(request.networkCode, msisdn, request.server),
      now: request.now,
    });
    const message = (title: string) =>
      ussdMessages.approve(formatMoneyShown(started.entry.amountCents), currency, title);
    return { end: message(shorten(screen.title, USSD_MAX_CHARS - 4 - message('').length)) };
  } catch (error) {
    if (isRefusal(error)) return { end: error.message };
    throw error;
  }
}

function render(screen: Screen, note: string | undefined): string {
  const withNote = (text: string) => (note ? `${note}\n${text}` : text);
  switch (screen.kind) {
    case 'main':
      return withNote(mainMenuText);
    case 'code':
      return withNote(ussdMessages.enterCode);
    case 'ticket':
      return withNote(ussdMessages.enterTicket);
    case 'draw':
      return withNote(drawCheckPrompt);
    case 'pay': {
      const choices = [
        ...screen.prices.map(([currency, cents], i) => ussdMessages.payLine(i + 1, formatMoneyShown(cents), currency)),
        ussdMessages.back,
      ].join('\n');
      // the title gives way so the choices always show
      const fixed = (note ? note.length + 1 : 0) + 1 + choices.length;
      return withNote(`${shorten(screen.title, USSD_MAX_CHARS - 4 - fixed)}\n${choices}`);
    }
    case 'mine':
      return withNote(myTicketsScreen(screen, USSD_MAX_CHARS - 4 - (note ? note.length + 1 : 0)));
    case 'care':
      return withNote(`${ussdPlayerMessages.careMenu}\n${ussdMessages.back}`);
    case 'limit':
      return withNote(limitNowText(screen));
    case 'limit-confirm':
      return withNote(limitConfirmScreen(screen));
    case 'exclude':
      return withNote(`${ussdPlayerMessages.excludeMenu}\n${ussdMessages.back}`);
    case 'confirm':
      return withNote(`${confirmScreen(screen)}\n${ussdMessages.back}`);
  }
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 3))}...`;
}

export function isUssdServer(value: string): value is UssdServer {
  return (USSD_SERVERS as readonly string[]).includes(value);
}
