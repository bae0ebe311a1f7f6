import { HOUSE_GAMES, houseGame, type HouseGameKind } from '@shared/games';
import type { HouseSettings, ScheduleChange } from '@shared/house-games';
import { messages } from '@shared/messages';
import { oneSms, toGsm7 } from '../../integrations/sms/gsm7';
import { smsIdOf, oweSms } from '../messages';
import { getAssignment } from '../catalog';
import { houseDrawMarkerExists } from './store/draws';
import { listWindowEntries } from '../entries';
import {
  addDays,
  dayOf,
  drawMomentOn,
  drawWhen,
  previousDrawMoment,
  scheduleOf,
  ticketDrawDay,
  type DrawSchedule,
} from '../games';

/** What a save does to a game's schedule: the change to store, and whether waiting tickets move (and are told). */
export interface SchedulePlan {
  change?: ScheduleChange;
  moved: boolean;
}

/**
 * A new draw time or weekday applies to tickets sold after it is saved (DESIGN
 * section 4). The tickets waiting now were told `before`'s next draw: it is kept
 * (a one-off draw of only them) when it comes on a day before the new schedule's
 * first draw; otherwise it can no longer happen (one draw per game a day, drawn in
 * order), and they move to that first draw. The first draw is never on a day this
 * game has already drawn (`drawnToday`), so no ticket is told a draw that will not run.
 */
export function planScheduleChange(
  before: DrawSchedule,
  next: Pick<DrawSchedule, 'drawTime' | 'weekday'>,
  now: Date,
  drawnToday: boolean,
): SchedulePlan {
  if (before.drawTime === next.drawTime && before.weekday === next.weekday)
    return { ...(before.change ? { change: before.change } : {}), moved: false };
  const today = dayOf(now);
  const toldDay = ticketDrawDay(before, now);
  const toldFrom = previousDrawMoment(before, toldDay).toISOString();
  const plain: DrawSchedule = { drawTime: next.drawTime, weekday: next.weekday };
  let firstDay = today;
  while (
    (next.weekday !== undefined && new Date(`${firstDay}T00:00:00.000Z`).getUTCDay() !== next.weekday) ||
    drawMomentOn(firstDay, plain).getTime() <= now.getTime() ||
    (drawnToday && firstDay === today)
  )
    firstDay = addDays(firstDay, 1);
  const savedAt = now.toISOString();
  if (toldDay < firstDay)
    return {
      change: {
        savedAt,
        firstDay,
        validFrom: savedAt,
        kept: { at: drawMomentOn(toldDay, before).toISOString(), validFrom: toldFrom },
      },
      moved: false,
    };
  return { change: { savedAt, firstDay, validFrom: toldFrom }, moved: true };
}

/** A kept one-off draw still to come: a second change waits for it (its tickets were told it). */
export function pendingKeptDraw(schedule: DrawSchedule, now: Date): string | undefined {
  const kept = schedule.change?.kept;
  return kept && Date.parse(kept.at) > now.getTime() ? drawWhen(schedule, dayOf(new Date(kept.at))) : undefined;
}

/** Every house game's plan for a save of `next` over `before`, at `now`. */
export async function planHouseSchedules(
  before: Pick<HouseSettings, HouseGameKind>,
  next: Pick<HouseSettings, HouseGameKind>,
  now: Date,
): Promise<Record<HouseGameKind, SchedulePlan & { before: DrawSchedule }>> {
  const plan = async (game: HouseGameKind) => {
    const old = scheduleOf(game, before);
    const fresh = scheduleOf(game, { ...next, [game]: { ...next[game], scheduleChange: undefined } });
    const drawnToday = await houseDrawMarkerExists(game, dayOf(now));
    return { ...planScheduleChange(old, fresh, now, drawnToday), before: old };
  };
  const plans = [];
  for (const game of HOUSE_GAMES) plans.push([game, await plan(game)] as const);
  return Object.fromEntries(plans) as Record<HouseGameKind, SchedulePlan & { before: DrawSchedule }>;
}

/**
 * Tell every ticket waiting in the game's window that it moved to the draw on
 * `firstDay` of `schedule` (its SMS owed at once, sent by the SMS job: no
 * provider call in the saving request). Once per ticket and draw day.
 */
export async function tellMovedTickets(
  target: { game: HouseGameKind; assignmentId: string },
  schedule: DrawSchedule,
  now: Date,
): Promise<number> {
  const change = schedule.change;
  const assignment = await getAssignment(target.assignmentId);
  if (!change || !assignment) return 0;
  const when = drawWhen(schedule, change.firstDay);
  const title = toGsm7(houseGame[target.game].title).trim();
  let told = 0;
  const open = { fromSeq: 1, count: assignment.windowCount };
  for (const entry of await listWindowEntries(assignment.id, assignment.windowNo, open)) {
    const text = oneSms((t) => messages.houseSchedule.movedSms(t, entry.ticketNumber, when), title);
    const id = smsIdOf('draw-moved', `${entry.entryId}-${change.firstDay}`);
    if (await oweSms({ id, purpose: 'draw-moved', ref: entry.entryId, to: entry.msisdn, text }, now)) told += 1;
  }
  return told;
}
