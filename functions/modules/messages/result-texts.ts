import { oneSms } from '../../integrations/sms/gsm7';

/**
 * Result SMS (issue 35): the texts of the opt-in to each daily and jackpot draw's result, of STOP, and of the
 * result itself. GSM-7; the result is one SMS with its check code line (oneSms).
 */
export const resultSmsMessages = {
  /** Inbound keywords (any case, alone on the SMS). */
  optInKeyword: 'RESULTS',
  optedIn: 'You will get each daily and jackpot draw result by SMS. Reply STOP to stop.',
  alreadyIn: 'You already get each draw result by SMS. Reply STOP to stop.',
  stopped: 'You will no longer receive results. Reply RESULTS to start again.',
} as const;

/** The facts one result SMS carries: all formatted, the winner's number masked. */
export interface ResultFacts {
  game: string;
  /** "Nov 29 20:00 GMT". */
  drawnAt: string;
  /** The winning ticket and its masked number; none for a draw without a winner (no tickets, or cleared). */
  winner?: { ticket: string; maskedNumber: string };
  /** The public record's short link, without its scheme. */
  link: string;
  /** A redraw (its winner voided for cause, issue 36): said, so a second result of one draw is not a puzzle. */
  redraw?: boolean;
}

/**
 * The result SMS: the fullest wording whose link and STOP line stay whole, the game's name kept whole if any
 * wording allows (a long record link first drops the winner's masked number, then the game's name gives way).
 */
export function resultSmsText(facts: ResultFacts): string {
  const tail = ` ${facts.link} Reply STOP to stop.`;
  const redrawn = facts.redraw ? 'winner voided, redrawn: ' : '';
  const outcomes = (
    facts.winner
      ? [`winning ticket ${facts.winner.ticket} (${facts.winner.maskedNumber}).`, `ticket ${facts.winner.ticket} won.`]
      : ['no winner.']
  ).map((outcome) => `${redrawn}${outcome}`);
  const texts = outcomes.map((outcome) => oneSms((game) => `${game} ${facts.drawnAt}: ${outcome}${tail}`, facts.game));
  const whole = (text: string) => text.endsWith(tail);
  return texts.find((text) => whole(text) && text.startsWith(`${facts.game} `)) ?? texts.find(whole) ?? texts.at(-1)!;
}
