import { formatGmtDay } from '@shared/dates';
import type { HouseGame } from '@shared/house-games';
import type { HouseRules } from '../store/house-settings';

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
}

const DAY_MS = 86_400_000;

export function scheduleOf(game: HouseGame, settings: Pick<HouseRules, 'daily' | 'jackpot'>): DrawSchedule {
  return game === 'daily'
    ? { drawTime: settings.daily.drawTime }
    : { drawTime: settings.jackpot.drawTime, weekday: settings.jackpot.drawWeekday };
}

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

const addDays = (day: string, n: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS));

export function drawMomentOn(day: string, schedule: DrawSchedule): Date {
  return new Date(`${day}T${schedule.drawTime}:00.000Z`);
}

function isDrawDay(day: string, schedule: DrawSchedule): boolean {
  return schedule.weekday === undefined || new Date(`${day}T00:00:00.000Z`).getUTCDay() === schedule.weekday;
}

/** The draw day due now: today, once today's moment has come on a draw day; else none. */
export function dueDrawDay(schedule: DrawSchedule, now: Date): string | undefined {
  const today = dayOf(now);
  return isDrawDay(today, schedule) && now.getTime() >= drawMomentOn(today, schedule).getTime() ? today : undefined;
}

/** The scheduled moment before `day`'s: tickets bought from then on are in `day`'s draw. */
export function previousDrawMoment(schedule: DrawSchedule, day: string): Date {
  return drawMomentOn(addDays(day, schedule.weekday === undefined ? -1 : -7), schedule);
}

/** The draw day a ticket bought at `paidAt` is in. */
export function ticketDrawDay(schedule: DrawSchedule, paidAt: Date): string {
  let day = dayOf(paidAt);
  while (!isDrawDay(day, schedule) || drawMomentOn(day, schedule).getTime() <= paidAt.getTime()) day = addDays(day, 1);
  return day;
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
  return `${formatGmtDay(ticketDrawDay(schedule, paidAt))} ${schedule.drawTime} GMT`;
}

/** A ticket still waiting in its window whose draw day has ended: its draw was missed. */
export function isTicketExpired(schedule: DrawSchedule, paidAt: Date, now: Date): boolean {
  return dayOf(now) > ticketDrawDay(schedule, paidAt);
}
