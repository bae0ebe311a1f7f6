import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_SETTINGS } from '@shared/house-games';
import {
  drawCutoff,
  dueDrawDay,
  previousDrawMoment,
  ticketDrawDay,
  ticketDrawWhen,
} from '../../functions/modules/games/house-schedule';
import { scheduleOf } from '../../functions/modules/games/registry';
import { pendingKeptDraw, planScheduleChange } from '../../functions/modules/draws/schedule-change';

const at = (iso: string) => new Date(iso);
const jackpot = scheduleOf('jackpot', DEFAULT_HOUSE_SETTINGS); // Sundays 21:00 GMT

/** A change of the jackpot's weekday (DESIGN section 4: a ticket keeps the draw it was told, or moves and is told). */
describe('a change of the jackpot weekday', () => {
  it('to a weekday before the told Sunday: the sold tickets move to it (their draw would come after it)', () => {
    const monday = at('2026-11-23T10:00:00Z');
    const plan = planScheduleChange(jackpot, { drawTime: '21:00', weekday: 3 }, monday, false);
    expect(plan.moved).toBe(true);
    const changed = { drawTime: '21:00', weekday: 3, change: plan.change };
    expect(plan.change).toMatchObject({ firstDay: '2026-11-25', validFrom: '2026-11-22T21:00:00.000Z' });
    // a ticket sold on Saturday (told Sunday 29th) and one sold after the save: both in Wednesday's draw
    expect(ticketDrawDay(changed, at('2026-11-22T23:00:00Z'))).toBe('2026-11-25');
    expect(ticketDrawDay(changed, at('2026-11-23T11:00:00Z'))).toBe('2026-11-25');
    expect(previousDrawMoment(changed, '2026-11-25').toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(dueDrawDay(changed, at('2026-11-29T21:30:00Z'))).toBeUndefined();
  });

  it('to a weekday after the told Sunday: the told draw is kept for the tickets sold before the save', () => {
    const friday = at('2026-11-27T10:00:00Z');
    const plan = planScheduleChange(jackpot, { drawTime: '20:00', weekday: 2 }, friday, false);
    expect(plan.moved).toBe(false);
    const changed = { drawTime: '20:00', weekday: 2, change: plan.change };
    expect(ticketDrawWhen(changed, at('2026-11-26T09:00:00Z'))).toBe('Nov 29, 2026 21:00 GMT');
    expect(ticketDrawWhen(changed, at('2026-11-27T11:00:00Z'))).toBe('Dec 1, 2026 20:00 GMT');
    // Sunday's kept draw is due at its own time and holds only the tickets sold before the save
    expect(dueDrawDay(changed, at('2026-11-29T20:30:00Z'))).toBeUndefined();
    expect(dueDrawDay(changed, at('2026-11-29T21:00:00Z'))).toBe('2026-11-29');
    expect(drawCutoff(changed, '2026-11-29')).toEqual(friday);
    expect(dueDrawDay(changed, at('2026-12-01T20:00:00Z'))).toBe('2026-12-01');
    expect(previousDrawMoment(changed, '2026-12-01')).toEqual(friday);
    // a second change waits for the kept draw: its tickets were told it
    expect(pendingKeptDraw(changed, at('2026-11-28T10:00:00Z'))).toBe('Nov 29, 2026 21:00 GMT');
    expect(pendingKeptDraw(changed, at('2026-11-29T21:00:01Z'))).toBeUndefined();
  });

  it('saving other settings keeps the schedule and any change in flight', () => {
    const plan = planScheduleChange(jackpot, { drawTime: '21:00', weekday: 0 }, at('2026-11-23T10:00:00Z'), false);
    expect(plan).toEqual({ moved: false });
  });
});
