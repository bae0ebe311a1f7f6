import { HOUSE_GAMES, houseGame, type HouseGameKind, houseGameIds } from '@shared/games';
import type { HouseSettings } from '@shared/house-games';
import { getAssignment, getPromotion } from '../catalog';
import { houseDrawMarkerExists, latePending } from './store/draws';
import type { DrawRecord } from '../draw-records';
import { closeWindow, WINDOW_BACKOFF } from './close-window';
import { contended, readAgain, retryOnConflict } from '../../platform/retry';
import { moveClearedEntries } from './clear-entries';
import { firstValidSeq, lastValidSeq } from './eligible-tickets';
import { housePrize, drawCutoff, dueDrawDay, previousDrawMoment, scheduleOf } from '../games';
import { lateTailOf } from './late-tail';
import { committedSeedOf } from './window-seed-of';
import { notifyWinner } from './winner-sms';

/** A house game to draw: its rules (`game`), the assignment holding its window, and its marker's name. */
export interface HouseDrawTarget {
  game: HouseGameKind;
  assignmentId: string;
  marker: string;
}

/** The house games as they run (the job draws these). */
export const HOUSE_DRAW_TARGETS: readonly HouseDrawTarget[] = HOUSE_GAMES.map((game) => ({
  game,
  assignmentId: houseGameIds[game].assignmentId,
  marker: game,
}));

export type HouseDrawOutcome =
  | { outcome: 'not-due' }
  | { outcome: 'already-drawn'; drawDay: string }
  /** An old window just got its seed commitment; it is drawn on the next run. */
  | { outcome: 'seed-committed'; drawDay: string }
  | { outcome: 'drawn'; drawDay: string; record: DrawRecord };

const MAX_ATTEMPTS = 40;

/**
 * Draw a house game if its draw is due now: today's draw
 * moment has come and today's marker does not exist. The marker is written
 * in the draw's own transaction, so however many runs race or catch up after
 * downtime, a draw day is drawn once. The winner is drawn among the window's
 * valid tickets: expired ones, whose draw day was missed, are left out, and
 * so are those paid after the draw moment (the late-ticket rule: they open the
 * next window and are in the next draw, as their SMS and the checker say); a
 * game with none records a draw with no winner and moves its window on.
 */
export async function drawHouseGame(
  target: HouseDrawTarget,
  settings: HouseSettings,
  now: Date,
): Promise<HouseDrawOutcome> {
  const schedule = scheduleOf(target.game, settings);
  const drawDay = dueDrawDay(schedule, now);
  if (!drawDay) return { outcome: 'not-due' };
  if (await houseDrawMarkerExists(target.marker, drawDay)) return { outcome: 'already-drawn', drawDay };
  const validFrom = previousDrawMoment(schedule, drawDay);
  // tickets paid from then on are in a later draw: the late-ticket rule, and a kept draw's own tickets only
  const moment = drawCutoff(schedule, drawDay);

  // a retry never draws with a beacon round already out (DESIGN section 4, "Fair draws")
  let afterRound: number | undefined;
  return retryOnConflict(
    async () => {
      const assignment = await getAssignment(target.assignmentId);
      if (!assignment) throw new Error(`house game ${target.game} has no assignment ${target.assignmentId}`);
      if (assignment.clearPending) {
        // the last draw's late tickets (or a clear's entries) are still moving into this window: finish first
        await moveClearedEntries(assignment, now);
        return readAgain;
      }
      const seed = await committedSeedOf(assignment, now);
      if (!seed) return { outcome: 'seed-committed', drawDay };
      const promotionTitle = (await getPromotion(assignment.promotionId))?.title ?? houseGame[target.game].title;
      const lastSeq = await lastValidSeq(assignment, moment);
      const tail = await lateTailOf(assignment, lastSeq);
      const result = await closeWindow({
        assignment,
        seed,
        kind: 'house',
        game: target.game,
        promotionTitle,
        firstSeq: await firstValidSeq(assignment, validFrom),
        lastSeq,
        ...(tail ? { tail } : {}),
        // the jackpot grows with the stakes drawn: the late ones grow the next one
        prizeLrdCents: housePrize(
          target.game,
          settings,
          (assignment.windowValueLrdCents ?? 0) - (tail?.valueLrdCents ?? 0),
        ),
        actor: 'scheduler',
        marker: { game: target.marker, drawDay },
        now,
        afterRound,
      });
      if (result.closed) {
        if (tail)
          await moveClearedEntries({ ...assignment, clearPending: latePending(assignment.windowNo, tail) }, now);
        await notifyWinner(result.record, now);
        return { outcome: 'drawn', drawDay, record: result.record };
      }
      afterRound = result.round ?? afterRound;
      if (result.failure === 'marker-taken') return { outcome: 'already-drawn', drawDay };
      // the window moved (tickets settling, or a racing run drew it: then the marker stops the next try)
      return contended();
    },
    {
      attempts: MAX_ATTEMPTS,
      ...WINDOW_BACKOFF,
      exhausted: () => new Error(`house game ${target.game}: window kept changing; the next run tries again`),
    },
  );
}
