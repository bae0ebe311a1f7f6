import { describe, expect, it } from 'vitest';
import { DEFAULT_HOUSE_SETTINGS, type HouseSettings } from '@shared/house-games';
import { messages } from '@shared/messages';
import { jackpot } from '../../../functions/modules/games/kinds/jackpot';
import { housePrize } from '../../../functions/modules/games/registry';

const at = (iso: string) => new Date(iso);
const rules = DEFAULT_HOUSE_SETTINGS; // Sundays 21:00 GMT, 200.00 LRD

describe('the Jackpot (DESIGN section 4 "House games")', () => {
  it('is entered at its settings’ prices, per currency', () => {
    expect(jackpot.price(rules.jackpot, 'LRD')).toBe(20_000);
    expect(jackpot.price(rules.jackpot, 'USD')).toBe(100);
  });

  it('is drawn weekly on its weekday at its draw time', () => {
    expect(jackpot.drawing.by).toBe('schedule');
    expect(jackpot.drawing.scheduleOf(rules)).toEqual({ drawTime: '21:00', weekday: 0 });
    const moved = { ...rules, jackpot: { ...rules.jackpot, drawWeekday: 3, drawTime: '19:00' } };
    expect(jackpot.drawing.scheduleOf(moved)).toEqual({ drawTime: '19:00', weekday: 3 });
  });

  it("jackpot: base plus 20% of the window's stakes (rounded down), capped", () => {
    expect(housePrize('jackpot', DEFAULT_HOUSE_SETTINGS, 0)).toBe(2_500_000);
    expect(housePrize('jackpot', DEFAULT_HOUSE_SETTINGS, 100_005)).toBe(2_500_000 + 20_001);
    const capped: HouseSettings = {
      ...DEFAULT_HOUSE_SETTINGS,
      jackpot: { ...DEFAULT_HOUSE_SETTINGS.jackpot, prizeCapLrdCents: 2_600_000 },
    };
    expect(housePrize('jackpot', capped, 10_000_000)).toBe(2_600_000);
    // never the assignment's own prize: the settings name it
    expect(jackpot.prize({ rules, windowStakesLrdCents: 0, assignment: { winnerAmountCents: 7 } })).toBe(2_500_000);
  });

  it("names a ticket's draw: the next Sunday's after it is bought; expired once that Sunday ends undrawn", () => {
    const bought = jackpot.ticketDraw(at('2026-11-22T21:00:01Z'), rules)!;
    expect(bought.when).toBe('Nov 29, 2026 21:00 GMT');
    expect(bought.expiredBy(at('2026-11-29T23:00:00Z'))).toBe(false);
    expect(bought.expiredBy(at('2026-11-30T00:00:00Z'))).toBe(true);
    expect(jackpot.ticketCheck.waiting(bought)).toBe(messages.ticketCheck.waitingJackpot('Nov 29, 2026 21:00 GMT'));
    expect(jackpot.ticketCheck.expired).toBe(messages.ticketCheck.expiredJackpot);
  });

  it('is named by its own title, in SMS too; its page and API are /jackpot', () => {
    expect(jackpot.titledByPromotion).toBe(false);
    expect(jackpot.title(undefined)).toBe('Jackpot');
    expect(jackpot.smsTitle('a promotion title')).toBe('Jackpot');
    expect(jackpot.webRoute).toEqual({
      slug: 'jackpot',
      entryPath: '/api/v1/jackpot/entry',
      ticketVerificationPath: '/api/v1/jackpot/ticket/verification',
    });
  });

  it('is the second USSD item; "Jackpot" on a My tickets line', () => {
    expect(jackpot.ussdItem.order).toBe(2);
    expect(jackpot.ussdItem.label).toBe('Jackpot');
    expect(jackpot.ussdItem.ticketName(undefined)).toBe('Jackpot');
  });
});
