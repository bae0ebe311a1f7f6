import { formatGmtDay } from '@shared/dates';
import { formatMoneyShown } from '@shared/money';
import { INVALID_MOBILE_NUMBER, normalizeMobileNumber } from '@shared/phone';
import { ussdMessages } from '@shared/ussd';
import { recentHouseDraws, type DrawRecord } from '../draw-records';
import { resultSmsMessages } from '../messages';
import { isOptedInResultSms, optInResultSms, optOutResultSms } from '../players';
import type { Step, UssdRequest } from './menu';

/** The daily draws listed: a USSD screen holds five lines beside its title, its SMS choice and Back. */
const RESULTS_LISTED = 5;
/** Read at most this many of the newest draws of every game to find them (promotion draws share the index). */
const RESULTS_READ = 200;

/** `optedIn`: the caller gets each draw's result by SMS (issue 35), so the screen offers to stop them. */
export type ResultsScreen = { kind: 'results'; lines: string[]; optedIn: boolean };
/** Confirm getting each draw's result by SMS. */
export type ResultsOptInScreen = { kind: 'results-sms' };

/**
 * The last daily results (DESIGN section 8), as the public results list them:
 * the Daily Cash Giveaway's last draws, newest first, each with its day, the
 * prize and its winner's last two digits; then the caller's choice of results by SMS.
 */
export async function dailyResults(request: UssdRequest): Promise<Step> {
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  const [draws, optedIn] = await Promise.all([
    recentHouseDraws('daily', RESULTS_LISTED, RESULTS_READ),
    msisdn ? isOptedInResultSms(msisdn) : false,
  ]);
  const lines = draws.length === 0 ? [ussdMessages.noResults] : draws.map(resultLine);
  return { open: { kind: 'results', lines, optedIn } };
}

/**
 * The results screen's `1`: not opted in, a confirm step; opted in, stop at once (stopping is never
 * harder than STOP by SMS). Acting only on the session's last input, as every screen that acts.
 */
export async function resultsStep(
  screen: ResultsScreen,
  input: string,
  last: boolean,
  request: UssdRequest,
): Promise<Step> {
  if (input !== '1') return { wrong: ussdMessages.notOnMenu };
  if (!screen.optedIn) return { open: { kind: 'results-sms' } };
  if (!last) return { end: ussdMessages.sessionOver };
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  await optOutResultSms(msisdn);
  return { end: resultSmsMessages.stopped };
}

/** "1. Confirm" on the confirm step: the number gets each draw's result by SMS from the next draw. */
export async function resultsOptInStep(input: string, last: boolean, request: UssdRequest): Promise<Step> {
  if (input !== '1') return { wrong: ussdMessages.notOnMenu };
  if (!last) return { end: ussdMessages.sessionOver };
  const msisdn = normalizeMobileNumber(request.phoneNumber);
  if (!msisdn) return { end: INVALID_MOBILE_NUMBER };
  const added = await optInResultSms(msisdn, 'ussd', request.now);
  return { end: added ? resultSmsMessages.optedIn : resultSmsMessages.alreadyIn };
}

/** `Nov 28 5,000.00 LRD **56`, or `Nov 28 no winner` (no tickets that day). */
function resultLine(draw: DrawRecord): string {
  // the draw's GMT day without its year: "Nov 28"
  const when = formatGmtDay(draw.drawDay ?? draw.drawnAt).replace(/, \d{4}$/, '');
  return draw.winnerMsisdn && draw.prizeLrdCents !== undefined
    ? ussdMessages.resultLine(when, formatMoneyShown(draw.prizeLrdCents), draw.winnerMsisdn.slice(-2))
    : ussdMessages.noWinnerLine(when);
}

/**
 * The results screen in `room` characters: the newest results that fit beside the title, the SMS choice and
 * Back (a note above it, or six-figure prizes, leave room for fewer than five), never a line cut.
 */
export function resultsScreenText(screen: ResultsScreen, room: number): string {
  const lines = [...screen.lines];
  const choice = screen.optedIn ? ussdMessages.stopResultsBySms : ussdMessages.resultsBySms;
  const text = () => [ussdMessages.resultsTitle, ...lines, choice, ussdMessages.back].join('\n');
  while (lines.length > 1 && text().length > room) lines.pop();
  return text();
}
