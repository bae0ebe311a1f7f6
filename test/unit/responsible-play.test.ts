import { describe, expect, it } from 'vitest';
import { dailyLimitOf, exclusionEnd } from '../../functions/modules/players/responsible-play';
import { mainMenuText } from '../../functions/modules/ussd/menu';
import { myTicketsScreen } from '../../functions/modules/ussd/player-screens';
import { USSD_MAX_CHARS, ussdMessages, ussdPlayerMessages } from '@shared/ussd';

describe('responsible-play rules (DESIGN section 7)', () => {
  it("applies the lower of the operator's limit (0 = off) and the player's own", () => {
    expect(dailyLimitOf(0, undefined)).toBeUndefined();
    expect(dailyLimitOf(50_000, undefined)).toBe(50_000);
    expect(dailyLimitOf(0, 20_000)).toBe(20_000);
    expect(dailyLimitOf(50_000, 20_000)).toBe(20_000);
    expect(dailyLimitOf(10_000, 20_000)).toBe(10_000);
  });

  it('ends a break after calendar months in GMT, a permanent one never', () => {
    const now = new Date('2026-11-26T06:30:00.000Z');
    expect(exclusionEnd('1-month', now)).toBe('2026-12-26T06:30:00.000Z');
    expect(exclusionEnd('6-months', now)).toBe('2027-05-26T06:30:00.000Z');
    expect(exclusionEnd('permanent', now)).toBeUndefined();
  });
});

describe('the USSD ticket list', () => {
  const line = (n: number, game: string, status: string) =>
    `${String(n).padStart(4, '0')}-1234-5678-90 ${game}: ${status}`;

  it('shows the newest lines that fit, always with its choices, within the screen', () => {
    const lines = [1, 2, 3, 4, 5].map((n) => line(n, 'Friday Night', 'not a winner'));
    const room = USSD_MAX_CHARS - 4;
    const text = myTicketsScreen({ kind: 'mine', lines }, room);
    expect(text.length).toBeLessThanOrEqual(room);
    expect(text.startsWith(`${ussdPlayerMessages.myTicketsTitle}\n${lines[0]}\n${lines[1]}\n`)).toBe(true);
    expect(text.endsWith(`${ussdPlayerMessages.sendBySms}\n${ussdMessages.back}`)).toBe(true);
    expect(text).not.toContain(lines[4]);
  });

  it('shows every line when they fit', () => {
    const lines = [1, 2, 3].map((n) => line(n, 'Daily', 'WON'));
    expect(myTicketsScreen({ kind: 'mine', lines }, USSD_MAX_CHARS - 4).split('\n')).toHaveLength(1 + 3 + 2);
  });

  it('keeps the main menu within one screen', () => {
    expect(`CON ${mainMenuText}`.length).toBeLessThanOrEqual(USSD_MAX_CHARS);
    expect(mainMenuText).toContain('5. My tickets\n6. Play responsibly');
  });
});
