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
import { isHouseGame } from '@shared/games';
import { UNKNOWN_CODE, allGames } from '../games';
import { verifyTicket } from '../entries';
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
import { payScreen, payScreenText, payStep, type PayScreen } from './pay-screens';
import {
  dailyResults,
  resultsOptInStep,
  resultsScreenText,
  resultsStep,
  type ResultsOptInScreen,
  type ResultsScreen,
} from './results-screen';
import { smsCheckStep, type SmsCheckScreen } from './sms-check-screen';
import { sessionInputs } from './session-input';
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

/** The caller's own screens (functions/modules/ussd/player-screens.ts): my tickets, play responsibly. */
type PlayerScreen =
  | TicketsScreen
  | { kind: 'care' }
  | LimitScreen
  | LimitConfirmScreen
  | { kind: 'exclude' }
  | ConfirmScreen;
/** What anyone may look up: the last results, whether an SMS is ours, a draw by its on-air code. */
type InfoScreen = ResultsScreen | ResultsOptInScreen | SmsCheckScreen | { kind: 'draw' };
type Screen = { kind: 'main' } | { kind: 'code' } | { kind: 'ticket' } | PayScreen | PlayerScreen | InfoScreen;

/**
 * What one input does on a screen: open another, end the session, or ask
 * again (on this screen, or on `open`: a promo code mistyped on the main
 * menu is asked for again on the code screen, where the note fits).
 */
export type Step = { open: Screen } | { end: string } | { wrong: string; open?: Screen };

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
  { label: ussdMessages.results, choose: dailyResults },
  { label: ussdMessages.checkSms, choose: () => ({ open: { kind: 'sms-check' } }) },
  drawCheckItem,
];

const mainMenuItems = MAIN_MENU.map((item, i) => `${i + 1}. ${item.label}`);
export const mainMenuText = [ussdMessages.welcome, ...mainMenuItems].join('\n');

/**
 * The USSD menu (DESIGN section 8): daily draw, jackpot, enter a promo code,
 * check a ticket, my tickets, play responsibly (spending limit,
 * self-exclusion), the last daily results, check an SMS; a code dialled
 * after the base code jumps to its promotion. Every screen fits
 * USSD_MAX_CHARS with its note.
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
      if (step.open) screens.push(step.open);
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
      // a promo code dialled or typed straight away; one we do not know is asked for again on the code screen
      if (/^\d{3,10}$/.test(input)) {
        const step = await payScreen({ kind: 'code', sharedCode: input }, request);
        return 'wrong' in step ? { ...step, open: { kind: 'code' } } : step;
      }
      return { wrong: ussdMessages.notOnMenu };
    }
    case 'code':
      return /^\d{3,10}$/.test(input)
        ? payScreen({ kind: 'code', sharedCode: input }, request)
        : { wrong: UNKNOWN_CODE };
    case 'ticket': {
      // a number we cannot find (mistyped, or its check digit wrong) is asked for again; a ticket found ends the session
      const checked = await verifyTicket(input, request.now);
      if (checked.outcome === 'unknown') return { wrong: checked.message };
      return { end: last ? checked.message : ussdMessages.sessionOver };
    }
    case 'draw':
      return drawCheckStep(input, last, request);
    case 'pay':
      return payStep(screen, input, last, request);
    case 'results':
      return resultsStep(screen, input, last, request);
    case 'results-sms':
      return resultsOptInStep(input, last, request);
    case 'sms-check':
      return smsCheckStep(input, last, request);
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

function render(screen: Screen, note: string | undefined): string {
  const withNote = (text: string) => (note ? `${note}\n${text}` : text);
  // what a screen may fill beside "CON " and its note
  const room = USSD_MAX_CHARS - 4 - (note ? note.length + 1 : 0);
  switch (screen.kind) {
    case 'main':
      // the note takes the welcome's line, so every item still shows
      return note ? [note, ...mainMenuItems].join('\n') : mainMenuText;
    case 'code':
      return withNote(`${ussdMessages.enterCode}\n${ussdMessages.back}`);
    case 'ticket':
      return withNote(`${ussdMessages.enterTicket}\n${ussdMessages.back}`);
    case 'pay':
      return withNote(payScreenText(screen, room));
    case 'results':
      return withNote(resultsScreenText(screen, room));
    case 'results-sms':
      return withNote(`${ussdMessages.resultsConfirm}\n${ussdMessages.back}`);
    case 'sms-check':
      return withNote(`${ussdMessages.enterSmsCode}\n${ussdMessages.back}`);
    case 'draw':
      return withNote(`${drawCheckPrompt}\n${ussdMessages.back}`);
    case 'mine':
      return withNote(myTicketsScreen(screen, room));
    case 'care':
      return withNote(`${ussdPlayerMessages.careMenu}\n${ussdMessages.back}`);
    case 'limit':
      return withNote(`${limitNowText(screen)}\n${ussdMessages.back}`);
    case 'limit-confirm':
      return withNote(limitConfirmScreen(screen));
    case 'exclude':
      return withNote(`${ussdPlayerMessages.excludeMenu}\n${ussdMessages.back}`);
    case 'confirm':
      return withNote(`${confirmScreen(screen)}\n${ussdMessages.back}`);
  }
}

export function isUssdServer(value: string): value is UssdServer {
  return (USSD_SERVERS as readonly string[]).includes(value);
}
