import { formatGmtDay } from '@shared/dates';
import type { ScheduleChange } from '@shared/house-games';

/**
 * When the house games are drawn (DESIGN section 4), in GMT
 * (Liberia keeps GMT all year). Pure: the job, the draw and ticket
 * verification all read these rules.
 *
 * - A game's *draw days* are every day (daily) or its weekday (jackpot); its
 *   draw moment is the draw time on a draw day.
 * - A ticket's draw day is the first draw day whose moment comes after its
 *   purchase: a daily ticket bought after tonight's draw is in tomorrow's.
 * - The draw of a day is due from its moment until the day ends; the job
 *   draws it once (its marker) — also when the scheduler comes back late
 *   that day. A draw day that ends undrawn is missed: its tickets have
 *   expired and the next draw leaves them out.
 */
export interface DrawSchedule {
  /** "HH:MM" GMT. */
  drawTime: string;
  /** 0 = Sunday … 6 = Saturday; absent = every day. */
  weekday?: number;
  /** The last change of draw time or weekday, while it still shapes which draw a ticket is in. */
  change?: ScheduleChange;
}

const DAY_MS = 86_400_000;

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS));

/** The day of the told draw kept by a schedule change, if any. */
const keptDrawDay = (schedule: DrawSchedule): string | undefined =>
  schedule.change?.kept ? dayOf(new Date(schedule.change.kept.at)) : undefined;

export function drawMomentOn(day: string, schedule: DrawSchedule): Date {
  if (schedule.change?.kept && day === keptDrawDay(schedule)) return new Date(schedule.change.kept.at);
  return new Date(`${day}T${schedule.drawTime}:00.000Z`);
}

/** A day the schedule itself draws on (from a change's first day on). */
function isRegularDrawDay(day: string, schedule: DrawSchedule): boolean {
  if (schedule.change && day < schedule.change.firstDay) return false;
  return schedule.weekday === undefined || new Date(`${day}T00:00:00.000Z`).getUTCDay() === schedule.weekday;
}

function isDrawDay(day: string, schedule: DrawSchedule): boolean {
  return day === keptDrawDay(schedule) || isRegularDrawDay(day, schedule);
}

/** The draw day due now: today, once today's moment has come on a draw day; else none. */
export function dueDrawDay(schedule: DrawSchedule, now: Date): string | undefined {
  const today = dayOf(now);
  return isDrawDay(today, schedule) && now.getTime() >= drawMomentOn(today, schedule).getTime() ? today : undefined;
}

/** The scheduled moment before `day`'s: tickets bought from then on are in `day`'s draw. */
export function previousDrawMoment(schedule: DrawSchedule, day: string): Date {
  const { change } = schedule;
  if (change?.kept && day === keptDrawDay(schedule)) return new Date(change.kept.validFrom);
  // the first draw of a new schedule holds what the change sent it: the tickets sold for a draw that will
  // not run, or those sold after a kept draw's
  if (change && day === change.firstDay) return new Date(change.validFrom);
  return new Date(`${addDays(day, schedule.weekday === undefined ? -1 : -7)}T${schedule.drawTime}:00.000Z`);
}

/** The draw day a ticket bought at `paidAt` is in: the one it was told when it was sold. */
export function ticketDrawDay(schedule: DrawSchedule, paidAt: Date): string {
  const { change } = schedule;
  if (change && paidAt.getTime() < Date.parse(change.savedAt))
    return change.kept ? (keptDrawDay(schedule) as string) : change.firstDay;
  let day = dayOf(paidAt);
  while (!isRegularDrawDay(day, schedule) || drawMomentOn(day, schedule).getTime() <= paidAt.getTime())
    day = addDays(day, 1);
  return day;
}

/** Tickets paid before this are out of the draw on `day` (a kept draw holds only those sold before the change). */
export function drawCutoff(schedule: DrawSchedule, day: string): Date {
  const moment = drawMomentOn(day, schedule);
  const { change } = schedule;
  if (change?.kept && day === keptDrawDay(schedule))
    return new Date(Math.min(moment.getTime(), Date.parse(change.savedAt)));
  return moment;
}

/** The next draw moment after `now` (the moment a ticket bought now is drawn). */
export function nextDrawMoment(schedule: DrawSchedule, now: Date): Date {
  return drawMomentOn(ticketDrawDay(schedule, now), schedule);
}

/**
 * The draw a ticket bought at `paidAt` is in, as the ticket SMS and the checker
 * both name it ("Nov 22, 2026 21:00 GMT": the public pages' one date format,
 * shared/dates.ts, with the draw time, as the countdown writes it): the one
 * late-ticket rule, in one place (a daily ticket bought after the day's draw
 * is in the next day's).
 */
export function ticketDrawWhen(schedule: DrawSchedule, paidAt: Date): string {
  return drawWhen(schedule, ticketDrawDay(schedule, paidAt));
}

/** The draw on `day` as players read it: a kept draw at its own time. */
export function drawWhen(schedule: DrawSchedule, day: string): string {
  return `${formatGmtDay(day)} ${drawMomentOn(day, schedule).toISOString().slice(11, 16)} GMT`;
}

/** A ticket still waiting in its window whose draw day has ended: its draw was missed. */
export function isTicketExpired(schedule: DrawSchedule, paidAt: Date, now: Date): boolean {
  return dayOf(now) > ticketDrawDay(schedule, paidAt);
}
