import { formatGmtDay } from '@shared/dates';
import { formatMoneyShown } from '@shared/money';
import { ussdMessages } from '@shared/ussd';
import { recentHouseDraws, type DrawRecord } from '../draw-records';
import type { Step } from './menu';

/** The daily draws listed: a USSD screen holds five lines beside its title and Back. */
const RESULTS_LISTED = 5;
/** Read at most this many of the newest draws of every game to find them (promotion draws share the index). */
const RESULTS_READ = 200;

export type ResultsScreen = { kind: 'results'; lines: string[] };

/**
 * The last daily results (DESIGN section 8), as the public results list them:
 * the Daily Cash Giveaway's last draws, newest first, each with its day, the
 * prize and its winner's last two digits.
 */
export async function dailyResults(): Promise<Step> {
  const draws = await recentHouseDraws('daily', RESULTS_LISTED, RESULTS_READ);
  return draws.length === 0
    ? { end: ussdMessages.noResults }
    : { open: { kind: 'results', lines: draws.map(resultLine) } };
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
 * The results screen in `room` characters: the newest results that fit beside the title and Back (a note above
 * it, or six-figure prizes, leave room for fewer than five), never a line cut.
 */
export function resultsScreenText(screen: ResultsScreen, room: number): string {
  const lines = [...screen.lines];
  const text = () => [ussdMessages.resultsTitle, ...lines, ussdMessages.back].join('\n');
  while (lines.length > 1 && text().length > room) lines.pop();
  return text();
}
