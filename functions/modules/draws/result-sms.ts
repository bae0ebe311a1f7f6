import { formatGmtMoment } from '@shared/dates';
import { drawCodePagePath } from '@shared/fairness/draw-code';
import { drawRecordPagePath } from '@shared/fairness/record-page';
import { houseGame, isHouseGame } from '@shared/games';
import { maskMobileNumber } from '@shared/phone';
import { formatTicketNumber } from '@shared/ticket-number';
import { integrationConfig } from '../../integrations/secrets';
import { logger } from '../../platform/logger';
import { drawIdOf } from '@shared/draw-math';
import { getAssignment } from '../catalog';
import { getDraws, type DrawRecord } from '../draw-records';
import { HOUSE_DRAW_TARGETS, type HouseDrawTarget } from './house-draw';
import { attemptSms, markResultFanOutDone, oweSms, resultFanOutDone, resultSmsText, smsIdOf } from '../messages';
import { resultSmsRecipients } from '../players';

/**
 * Each daily and jackpot draw's result by SMS to the numbers opted in (issue 35), fanned out by the
 * `result-sms` job after the draw, never in it: the draw commits whatever happens here. One SMS record per
 * draw and number (its id), so a run repeated for the same draw — a retry, two runs racing, the job catching
 * up — owes and sends nothing twice, and the SMS sent number at most the numbers opted in. Only result SMS
 * are held back by STOP; a player's own ticket, winner and refund SMS are transactional and always go (see
 * functions/modules/ussd/inbound-sms.ts).
 */

/** The job looks back this far for draws whose results are not yet all owed (also after downtime). */
const RESULT_LOOKBACK_MS = 6 * 60 * 60_000;
/** A house game's last windows read per run (one draw a day or a week; a clear closes a window too). */
const WINDOWS_READ = 3;
/** SMS attempted side by side; the rest of a large fan-out goes out through the retry-sms job. */
const SEND_PARALLEL = 10;
/** A run stops attempting after this long (the jobs Lambda has 60 s): what is left is owed and due. */
const SEND_BUDGET_MS = 30_000;

type ResultFanOut = { owed: number; recipients: number; sent: number };

/** The result SMS's text of a draw. */
async function resultSmsOf(record: DrawRecord): Promise<string> {
  const base = (await integrationConfig()).publicBaseUrl.replace(/^https?:\/\//, '');
  const path = record.drawCode ? drawCodePagePath(record.drawCode) : drawRecordPagePath(record.id);
  return resultSmsText({
    game: isHouseGame(record.game) ? houseGame[record.game].title : record.promotionTitle,
    drawnAt: formatGmtMoment(record.drawnAt).replace(/, \d{4}/, ''),
    ...(record.winnerMsisdn && record.winnerTicket
      ? {
          winner: {
            ticket: formatTicketNumber(record.winnerTicket),
            maskedNumber: maskMobileNumber(record.winnerMsisdn),
          },
        }
      : {}),
    link: `${base}${path}`,
    ...(record.redrawOf ? { redraw: true } : {}),
  });
}

/** Owe one draw's result SMS to every number opted in now, mark the draw done, and send what time allows. */
export async function fanOutResult(record: DrawRecord, now: Date): Promise<ResultFanOut> {
  const text = await resultSmsOf(record);
  const recipients = await resultSmsRecipients(now);
  const ids: string[] = [];
  let owed = 0;
  const unowed = await inParallel(recipients, async (to) => {
    const ref = `${record.id}-${to}`;
    const id = smsIdOf('result', ref);
    if (await oweSms({ id, purpose: 'result', ref, to, text }, now)) owed += 1;
    ids.push(id);
  });
  // a number whose SMS could not be owed keeps the draw due: the next run owes it (the others are not owed twice)
  if (unowed === 0) await markResultFanOutDone(record.id, recipients.length, now);
  const until = Date.now() + SEND_BUDGET_MS;
  let sent = 0;
  await inParallel(ids, async (id) => {
    if (Date.now() > until) return;
    if ((await attemptSms(id, now)) === 'sent') sent += 1;
  });
  return { owed, recipients: recipients.length, sent };
}

/**
 * The job (every minute): the house games' draws of the last hours whose results are not yet all owed. Each
 * game's last windows are read by id (its assignment's window number names them), with the redraws of any
 * voided — never "the newest draws of every game", which a busy day of partner draws would push them out of.
 */
export async function sendResultSms(
  now: Date,
  targets: readonly HouseDrawTarget[] = HOUSE_DRAW_TARGETS,
): Promise<Record<string, unknown>> {
  const since = new Date(now.getTime() - RESULT_LOOKBACK_MS).toISOString();
  const due = (await Promise.all(targets.map(lastDrawsOf))).flat().filter(
    (record) =>
      isHouseGame(record.game) &&
      record.drawnAt >= since &&
      record.drawnAt <= now.toISOString() &&
      // a winner voided before its result went out: its redraw is the result
      !record.voided,
  );
  const done: Record<string, ResultFanOut> = {};
  for (const record of due) {
    if (await resultFanOutDone(record.id)) continue;
    try {
      done[record.id] = await fanOutResult(record, now);
    } catch (error) {
      // the next run owes the rest: the records owed so far are not owed again
      logger.error('result SMS fan-out failed', { drawId: record.id, error });
    }
  }
  return { draws: Object.keys(done).length, fanOuts: done };
}

/** A house game's last windows' draws, and the redraws of those voided (a redraw voided in turn, its own). */
async function lastDrawsOf(target: HouseDrawTarget): Promise<DrawRecord[]> {
  const assignment = await getAssignment(target.assignmentId);
  if (!assignment) return [];
  const closed = Array.from({ length: WINDOWS_READ }, (_, i) => assignment.windowNo - 1 - i).filter((n) => n >= 1);
  const all: DrawRecord[] = [];
  let read = await getDraws(closed.map((windowNo) => drawIdOf(target.assignmentId, windowNo)));
  while (read.length > 0) {
    all.push(...read);
    read = await getDraws(read.flatMap((record) => (record.voided ? [record.voided.redrawId] : [])));
  }
  return all;
}

/** `work` on every item, a few side by side; how many failed. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<number> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        // one number's SMS left owed (or not yet): the retry job, or the next run, has it
        failed += 1;
        logger.error('result SMS not owed or sent', { error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_PARALLEL, items.length) }, worker));
  return failed;
}
